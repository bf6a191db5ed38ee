import { z } from 'zod';
import {
  BLOG_IMAGE_MAX_BYTES,
  blogAdminQuery,
  blogBody,
  blogCategoryInfoSchema,
  blogCategoryParam,
  blogIdParam,
  blogPublicQuery,
  blogSummarySchema,
  blogUpdateBody,
  blogViewSchema,
} from '../../../contract/blogs';
import { idParam, pageOf } from '../../../contract/common';
import { imageViewSchema } from '../../../contract/images';
import { hasPermission } from '../../../contract/permissions';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { badRequest } from '../../platform/errors';
import { prepareImage } from '../../platform/images';
import { parseJsonPart, readMultipart } from '../../platform/uploads';
import type { BlogsService } from './service';

const tags = ['Tin tức'];

/**
 * Static segments (admin, categories, category) win over /blogs/:id in the router whatever the order,
 * and ids are numeric, so /blogs/admin is never read as a post.
 */
export function blogsRoutes(service: BlogsService) {
  return async (app: App) => {
    const staff = { access: 'MANAGE_BLOG' as const };
    const multipartOptions = {
      json: 'blog',
      files: 'imageFile',
      maxFiles: 1,
      maxFileBytes: BLOG_IMAGE_MAX_BYTES,
      prepare: prepareImage,
    };

    app.get(
      '/blogs',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: pageOf(blogSummarySchema) },
          tags,
          summary: 'Bài viết đang hiển thị (mới nhất trước)',
          querystring: blogPublicQuery,
        },
      },
      (req) => service.listPublic(req.query),
    );

    app.get(
      '/blogs/categories',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.array(blogCategoryInfoSchema) }, tags, summary: 'Chuyên mục tin tức' },
      },
      () => service.categories(),
    );

    app.get(
      '/blogs/category/:category',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: pageOf(blogSummarySchema) },
          tags,
          summary: 'Bài viết theo chuyên mục',
          params: blogCategoryParam,
          querystring: blogPublicQuery,
        },
      },
      (req) => service.listPublicByCategory(req.params.category, req.query),
    );

    app.get(
      '/blogs/:id',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: blogViewSchema },
          tags,
          summary: 'Đọc bài viết',
          description:
            'Khách: chỉ bài đang hiển thị, mỗi lần đọc tính một lượt xem. Nhân viên có quyền MANAGE_BLOG: mọi bài, không tính lượt xem.',
          params: idParam,
        },
      },
      (req) =>
        hasPermission(req.user, 'MANAGE_BLOG')
          ? service.get(req.params.id)
          : service.readPublic(req.params.id),
    );

    app.get(
      '/blogs/admin',
      {
        config: staff,
        schema: {
          response: { 200: pageOf(blogSummarySchema) },
          tags,
          summary: 'Danh sách bài viết (quản trị)',
          querystring: blogAdminQuery,
        },
      },
      (req) => service.listAdmin(req.query),
    );

    app.get(
      '/blogs/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: blogViewSchema },
          tags,
          summary: 'Chi tiết bài viết (kể cả bài đang ẩn)',
          params: idParam,
        },
      },
      (req) => service.get(req.params.id),
    );

    app.post(
      '/blogs/admin/add',
      {
        config: staff,
        schema: {
          response: { 201: blogViewSchema },
          tags,
          summary: 'Thêm bài viết',
          description:
            'multipart/form-data: phần `blog` (JSON) và phần `imageFile` (ảnh bìa JPEG, PNG, WebP, HEIC; tối đa 10 MB).',
        },
      },
      async (req, reply) => {
        const parts = await readMultipart(req, multipartOptions);
        const input = parseJsonPart(blogBody, parts.json, 'blog');
        return reply
          .status(201)
          .send(await service.create(input, parts.files[0]?.prepared ?? null, actorOf(req)));
      },
    );

    app.post(
      '/blogs/admin/images',
      {
        config: staff,
        schema: {
          response: { 201: imageViewSchema },
          tags,
          summary: 'Tải ảnh chèn vào nội dung bài viết',
          description:
            'multipart/form-data: phần `image`. Trả về địa chỉ ảnh (src, srcset, urls) để chèn vào nội dung.',
        },
      },
      async (req, reply) => {
        const parts = await readMultipart(req, { ...multipartOptions, json: undefined, files: 'image' });
        const image = parts.files[0]?.prepared;
        if (!image) throw badRequest('Vui lòng chọn ảnh', { image: 'Vui lòng chọn ảnh' });
        return reply.status(201).send(await service.uploadInlineImage(image, actorOf(req)));
      },
    );

    app.put(
      '/blogs/admin/:blogId',
      {
        config: staff,
        schema: {
          response: { 200: blogViewSchema },
          tags,
          summary: 'Sửa bài viết',
          description:
            'multipart/form-data: phần `blog` (JSON) và `imageFile` nếu thay ảnh bìa; hoặc JSON khi không đổi ảnh.',
          params: blogIdParam,
        },
      },
      async (req) => {
        const parts = await readMultipart(req, { ...multipartOptions, allowJsonBody: true });
        const input = parseJsonPart(blogUpdateBody, parts.json, 'blog');
        return service.update(req.params.blogId, input, parts.files[0]?.prepared ?? null, actorOf(req));
      },
    );

    app.put(
      '/blogs/admin/activate/:id',
      {
        config: staff,
        schema: { response: { 200: blogViewSchema }, tags, summary: 'Hiện bài viết', params: idParam },
      },
      (req) => service.setActive(req.params.id, true, actorOf(req)),
    );

    app.put(
      '/blogs/admin/inactivate/:id',
      {
        config: staff,
        schema: { response: { 200: blogViewSchema }, tags, summary: 'Ẩn bài viết', params: idParam },
      },
      (req) => service.setActive(req.params.id, false, actorOf(req)),
    );
  };
}
