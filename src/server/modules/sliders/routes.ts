import { z } from 'zod';
import { idParam, pageOf } from '../../../contract/common';
import {
  overviewIdParam,
  SLIDER_IMAGE_MAX_BYTES,
  sliderAdminQuery,
  sliderBody,
  sliderUpdateBody,
  sliderViewSchema,
} from '../../../contract/sliders';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { prepareImage } from '../../platform/images';
import { parseJsonPart, readMultipart } from '../../platform/uploads';
import type { SlidersService } from './service';

const tags = ['Banner'];

export function slidersRoutes(service: SlidersService) {
  return async (app: App) => {
    const staff = { access: 'MANAGE_OVERVIEW' as const };

    app.get(
      '/overview/sliders',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: z.array(sliderViewSchema) },
          tags,
          summary: 'Banner đang hiển thị trên trang chủ (theo thứ tự)',
        },
      },
      () => service.listPublic(),
    );

    app.get(
      '/overview/admin/sliders',
      {
        config: staff,
        schema: {
          response: { 200: pageOf(sliderViewSchema) },
          tags,
          summary: 'Danh sách banner (quản trị)',
          querystring: sliderAdminQuery,
        },
      },
      (req) => service.listAdmin(req.query),
    );

    app.get(
      '/overview/slider/:id',
      {
        config: staff,
        schema: { response: { 200: sliderViewSchema }, tags, summary: 'Chi tiết banner', params: idParam },
      },
      (req) => service.get(req.params.id),
    );

    app.post(
      '/overview/sliders',
      {
        config: staff,
        schema: {
          response: { 201: sliderViewSchema },
          tags,
          summary: 'Thêm banner',
          description:
            'multipart/form-data: phần `slider` (JSON) và phần `image` (ảnh JPEG, PNG, WebP, HEIC; tối đa 10 MB).',
        },
      },
      async (req, reply) => {
        const parts = await readMultipart(req, {
          json: 'slider',
          files: 'image',
          maxFiles: 1,
          maxFileBytes: SLIDER_IMAGE_MAX_BYTES,
          prepare: prepareImage,
        });
        const input = parseJsonPart(sliderBody, parts.json, 'slider');
        return reply
          .status(201)
          .send(await service.create(input, parts.files[0]?.prepared ?? null, actorOf(req)));
      },
    );

    app.put(
      '/overview/slider/:overviewId',
      {
        config: staff,
        schema: {
          response: { 200: sliderViewSchema },
          tags,
          summary: 'Sửa banner',
          description:
            'JSON (các trường cần đổi) hoặc multipart/form-data: phần `slider` (JSON) và phần `image` nếu thay ảnh.',
          params: overviewIdParam,
        },
      },
      async (req) => {
        const parts = await readMultipart(req, {
          json: 'slider',
          files: 'image',
          maxFiles: 1,
          maxFileBytes: SLIDER_IMAGE_MAX_BYTES,
          prepare: prepareImage,
          allowJsonBody: true,
        });
        const input = parseJsonPart(sliderUpdateBody, parts.json ?? {}, 'slider');
        return service.update(req.params.overviewId, input, parts.files[0]?.prepared ?? null, actorOf(req));
      },
    );

    app.put(
      '/overview/activate/:id',
      {
        config: staff,
        schema: { response: { 200: sliderViewSchema }, tags, summary: 'Hiện banner', params: idParam },
      },
      (req) => service.setActive(req.params.id, true, actorOf(req)),
    );

    app.put(
      '/overview/inactivate/:id',
      {
        config: staff,
        schema: { response: { 200: sliderViewSchema }, tags, summary: 'Ẩn banner', params: idParam },
      },
      (req) => service.setActive(req.params.id, false, actorOf(req)),
    );
  };
}
