import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  brandCountSchema,
  brandParam,
  carAdminRowSchema,
  carDetailSchema,
  carFiltersSchema,
  carIdParam,
  carInput,
  carPhotoParam,
  carPhotoSchema,
  carPriceBody,
  carPriceHistorySchema,
  carStatusBody,
  carSummarySchema,
  carsAdminQuery,
  carsQuery,
  compareQuery,
  MAX_PHOTOS_PER_CAR,
  photoOrderBody,
} from '../../../contract/cars';
import { pageOf, textAnswer } from '../../../contract/common';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { type PreparedImage, prepareImage } from '../../platform/images';
import { parseJsonPart, readMultipart } from '../../platform/uploads';
import { registerAnswerCache } from './answer-cache';
import { jsonOf } from './read-cache';
import type { CarsService, HomepageKind } from './service';

/** Public answers go out as JSON text serialised once per cached answer. */
function json(reply: FastifyReply, value: object) {
  return reply.type('application/json; charset=utf-8').send(jsonOf(value));
}

const publicTags = ['Xe (công khai)'];
const staffTags = ['Xe (nhân viên)'];
const multipartDoc =
  'multipart/form-data: phần "car" là JSON của xe (contract carInput), các phần "images" là ảnh ' +
  `(JPEG, PNG, WebP, HEIC; tối đa 10 MB mỗi ảnh, ${MAX_PHOTOS_PER_CAR} ảnh mỗi xe).`;

async function readCarForm(req: FastifyRequest, requireJson: boolean) {
  const form = await readMultipart<PreparedImage>(req, {
    json: 'car',
    files: ['images', 'images[]', 'image', 'photos'],
    maxFiles: MAX_PHOTOS_PER_CAR,
    prepare: prepareImage,
    allowJsonBody: true,
  });
  const car = requireJson || form.json !== undefined ? parseJsonPart(carInput, form.json, 'car') : undefined;
  return { car, images: form.files.map((f) => f.prepared) };
}

export function carsRoutes(service: CarsService) {
  return async (app: App) => {
    const pub = { access: 'public' as const };
    const staff = { access: 'MANAGE_CAR' as const };
    registerAnswerCache(app, service.cache);

    // ------------------------------------------------------------------------- public

    app.get(
      '/cars',
      {
        config: pub,
        schema: {
          response: { 200: pageOf(carSummarySchema) },
          tags: publicTags,
          summary: 'Danh sách xe đang bán (lọc, sắp xếp, phân trang)',
          description:
            'Bộ lọc: brand, bodyType, minPrice, maxPrice, minOdo, maxOdo, exteriorColor, interiorColor, year, ' +
            'size (số chỗ ngồi), carName (không phân biệt dấu, hoa thường). Phân trang: page (từ 1), pageSize ' +
            '(mặc định 12; không dùng "size" vì đó là bộ lọc số chỗ). sort: newest | price_asc | price_desc | ' +
            'odo_asc | year_desc.',
          querystring: carsQuery,
        },
      },
      async (req, reply) => json(reply, await service.list(req.query)),
    );

    app.get(
      '/cars/filters',
      {
        config: pub,
        schema: {
          response: { 200: carFiltersSchema },
          tags: publicTags,
          summary: 'Giá trị cho bảng bộ lọc xe',
        },
      },
      async (_req, reply) => json(reply, await service.filters()),
    );

    app.get(
      '/cars/:id',
      {
        config: pub,
        schema: {
          response: { 200: carDetailSchema },
          tags: publicTags,
          summary: 'Chi tiết xe (xe đã bán vẫn mở, với trạng thái sold)',
          params: carIdParam,
        },
      },
      async (req, reply) => json(reply, await service.detail(req.params.id)),
    );

    app.get(
      '/cars/:id/price-history',
      {
        config: pub,
        schema: {
          response: { 200: carPriceHistorySchema },
          tags: publicTags,
          summary: 'Lịch sử giá bán của xe (mới nhất trước)',
          params: carIdParam,
        },
      },
      async (req, reply) => json(reply, await service.priceHistory(req.params.id)),
    );

    app.get(
      '/cars/:id/similar',
      {
        config: pub,
        schema: {
          response: { 200: z.array(carSummarySchema) },
          tags: publicTags,
          summary: 'Xe tương tự',
          params: carIdParam,
        },
      },
      async (req, reply) => json(reply, await service.similar(req.params.id)),
    );

    app.get(
      '/car-compare/brands',
      {
        config: pub,
        schema: {
          response: { 200: z.array(brandCountSchema) },
          tags: publicTags,
          summary: 'Hãng xe để so sánh (kèm số xe đang bán)',
        },
      },
      async (_req, reply) => json(reply, await service.brands()),
    );

    app.get(
      '/car-compare/compare',
      {
        config: pub,
        schema: {
          response: { 200: z.array(carDetailSchema) },
          tags: publicTags,
          summary: 'So sánh 2 đến 4 xe',
          querystring: compareQuery,
        },
      },
      async (req, reply) => json(reply, await service.compare(req.query.carIds)),
    );

    app.get(
      '/car-compare/:brand',
      {
        config: pub,
        schema: {
          response: { 200: z.array(carSummarySchema) },
          tags: publicTags,
          summary: 'Xe đang bán của một hãng',
          params: brandParam,
        },
      },
      async (req, reply) => json(reply, await service.byBrand(req.params.brand)),
    );

    for (const kind of ['newest', 'most-expensive', 'cheapest'] as HomepageKind[]) {
      app.get(
        `/homepage/${kind}`,
        {
          config: pub,
          schema: {
            response: { 200: z.array(carSummarySchema) },
            tags: publicTags,
            summary: `Trang chủ: 8 xe (${kind})`,
          },
        },
        async (_req, reply) => json(reply, await service.homepage(kind)),
      );
    }

    // ------------------------------------------------------------------------- staff (MANAGE_CAR)

    app.get(
      '/cars/admin',
      {
        config: staff,
        schema: {
          response: { 200: pageOf(carAdminRowSchema) },
          tags: staffTags,
          summary:
            'Danh sách xe (quản lý): search, status, brand, minPrice, maxPrice, page, size (mặc định 1, 5)',
          querystring: carsAdminQuery,
        },
      },
      (req) => service.adminList(req.query),
    );

    app.get(
      '/cars/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: carDetailSchema },
          tags: staffTags,
          summary: 'Chi tiết xe để sửa',
          params: carIdParam,
        },
      },
      (req) => service.adminDetail(req.params.id),
    );

    app.post(
      '/cars/admin/add',
      {
        config: staff,
        schema: {
          response: { 201: carDetailSchema },
          tags: staffTags,
          summary: 'Thêm xe',
          description: multipartDoc,
          consumes: ['multipart/form-data'],
        },
      },
      async (req, reply) => {
        const form = await readCarForm(req, true);
        return reply.status(201).send(await service.create(form.car!, form.images, actorOf(req)));
      },
    );

    app.put(
      '/cars/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: carDetailSchema },
          tags: staffTags,
          summary: 'Sửa xe (ảnh gửi kèm được thêm vào cuối)',
          description: `${multipartDoc} Cũng nhận application/json (chỉ dữ liệu xe).`,
          consumes: ['multipart/form-data', 'application/json'],
          params: carIdParam,
        },
      },
      async (req) => {
        const form = await readCarForm(req, true);
        return service.update(req.params.id, form.car!, form.images, actorOf(req));
      },
    );

    app.get(
      '/cars/admin/:id/photos',
      {
        config: staff,
        schema: {
          response: { 200: z.array(carPhotoSchema) },
          tags: staffTags,
          summary: 'Ảnh của xe theo thứ tự',
          params: carIdParam,
        },
      },
      (req) => service.photos(req.params.id),
    );

    app.post(
      '/cars/admin/:id/photos',
      {
        config: staff,
        schema: {
          response: { 201: z.array(carPhotoSchema) },
          tags: staffTags,
          summary: 'Thêm ảnh vào cuối',
          description: 'multipart/form-data với các phần "images".',
          consumes: ['multipart/form-data'],
          params: carIdParam,
        },
      },
      async (req, reply) => {
        const form = await readMultipart<PreparedImage>(req, {
          files: ['images', 'images[]', 'image', 'photos'],
          maxFiles: MAX_PHOTOS_PER_CAR,
          prepare: prepareImage,
        });
        return reply.status(201).send(
          await service.addPhotos(
            req.params.id,
            form.files.map((f) => f.prepared),
            actorOf(req),
          ),
        );
      },
    );

    app.put(
      '/cars/admin/:id/photos/order',
      {
        config: staff,
        schema: {
          response: { 200: z.array(carPhotoSchema) },
          tags: staffTags,
          summary: 'Sắp xếp lại ảnh (ảnh đầu tiên là ảnh bìa)',
          params: carIdParam,
          body: photoOrderBody,
        },
      },
      (req) => service.reorderPhotos(req.params.id, req.body.photoIds, actorOf(req)),
    );

    app.delete(
      '/cars/admin/:id/photos/:photoId',
      {
        config: staff,
        schema: {
          response: { 200: z.array(carPhotoSchema) },
          tags: staffTags,
          summary: 'Xóa một ảnh',
          params: carPhotoParam,
        },
      },
      (req) => service.removePhoto(req.params.id, req.params.photoId, actorOf(req)),
    );

    app.put(
      '/cars/admin/:id/status',
      {
        config: staff,
        schema: {
          response: { 200: carDetailSchema },
          tags: staffTags,
          summary:
            'Đổi trạng thái: preparing (Chuẩn bị bán), available (Đang bán) hoặc pending (Đang giao dịch)',
          description:
            'Đăng bán xe đang chuẩn bị cần báo cáo kiểm định, đủ số ảnh tối thiểu, giá bán và mọi hạng mục ' +
            'sửa chữa đã duyệt đã hoàn thành; nếu thiếu: 409 nêu rõ điều còn thiếu. overrideReason: đăng bán ' +
            'dù còn thiếu, lý do được ghi nhật ký.',
          params: carIdParam,
          body: carStatusBody,
        },
      },
      (req) => service.setStatus(req.params.id, req.body.status, actorOf(req), req.body.overrideReason),
    );

    app.put(
      '/cars/admin/:id/price',
      {
        config: staff,
        schema: {
          response: { 200: carDetailSchema },
          tags: staffTags,
          summary: 'Đổi giá bán (ghi vào lịch sử giá và nhật ký; 409 khi xe đã bán)',
          params: carIdParam,
          body: carPriceBody,
        },
      },
      (req) => service.reprice(req.params.id, req.body.sellPrice, actorOf(req)),
    );

    app.delete(
      '/cars/admin/:id',
      {
        config: staff,
        schema: {
          response: { 200: textAnswer },
          tags: staffTags,
          summary: 'Xóa xe (409 khi xe đã có giao dịch bán)',
          params: carIdParam,
        },
      },
      async (req, reply) => {
        await service.remove(req.params.id, actorOf(req));
        return reply.type('text/plain; charset=utf-8').send('Đã xóa xe');
      },
    );
  };
}
