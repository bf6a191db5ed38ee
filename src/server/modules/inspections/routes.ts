import { carIdParam } from '../../../contract/cars';
import {
  inspectionInput,
  inspectionPhotoSchema,
  inspectionQuery,
  inspectionReportSchema,
  inspectionTemplateSchema,
  templateItemInput,
  templateItemParam,
  templateItemPatch,
  templateItemSchema,
  templateOrderInput,
} from '../../../contract/inspections';
import { hasPermission } from '../../../contract/permissions';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { badRequest, forbidden, unauthorized } from '../../platform/errors';
import { type PreparedImage, prepareImage } from '../../platform/images';
import { readMultipart } from '../../platform/uploads';
import { registerAnswerCache } from '../cars/service';
import type { InspectionsService } from './service';

const publicTags = ['Kiểm định (công khai)'];
const staffTags = ['Kiểm định (nhân viên)'];

export function inspectionsRoutes(service: InspectionsService) {
  return async (app: App) => {
    registerAnswerCache(app, service.answers);
    const pub = { access: 'public' as const };
    const staff = { access: 'MANAGE_CAR' as const };

    app.get(
      '/cars/:id/inspection',
      {
        config: pub,
        schema: {
          response: { 200: inspectionReportSchema },
          tags: publicTags,
          summary: 'Báo cáo kiểm định của xe (404 khi xe chưa có báo cáo)',
          description:
            'Công khai: không có ghi chú nội bộ. ?staff=true (cần quyền MANAGE_CAR) trả thêm staffNote. ' +
            'summary.pledges là các cam kết được suy ra từ các hạng mục, không đánh dấu bằng tay.',
          params: carIdParam,
          querystring: inspectionQuery,
        },
      },
      async (req) => {
        if (req.query.staff) {
          if (!req.user) throw unauthorized();
          if (!hasPermission(req.user, 'MANAGE_CAR')) throw forbidden();
        }
        return service.get(req.params.id, { staff: req.query.staff });
      },
    );

    app.put(
      '/cars/:id/inspection',
      {
        config: staff,
        schema: {
          response: { 200: inspectionReportSchema },
          tags: staffTags,
          summary: 'Lưu báo cáo kiểm định của xe (cả báo cáo; ghi nhật ký)',
          params: carIdParam,
          body: inspectionInput,
        },
      },
      (req) => service.save(req.params.id, req.body, actorOf(req)),
    );

    app.post(
      '/cars/:id/inspection/photos',
      {
        config: staff,
        schema: {
          response: { 201: inspectionPhotoSchema },
          tags: staffTags,
          summary: 'Tải ảnh cho một hạng mục kiểm định',
          description: 'multipart/form-data, phần "file" (JPEG, PNG, WebP, HEIC; tối đa 10 MB).',
          consumes: ['multipart/form-data'],
          params: carIdParam,
        },
      },
      async (req, reply) => {
        const form = await readMultipart<PreparedImage>(req, {
          files: ['file', 'image'],
          maxFiles: 1,
          prepare: prepareImage,
        });
        const image = form.files[0]?.prepared;
        if (!image) throw badRequest('Vui lòng chọn ảnh');
        return reply.status(201).send(await service.addPhoto(req.params.id, image, actorOf(req)));
      },
    );

    app.get(
      '/inspection-template',
      {
        config: staff,
        schema: {
          response: { 200: inspectionTemplateSchema },
          tags: staffTags,
          summary: 'Mẫu kiểm định: các hạng mục theo nhóm (cả hạng mục đã ngừng dùng)',
        },
      },
      async () => ({ items: await service.template.list() }),
    );

    app.post(
      '/inspection-template/items',
      {
        config: staff,
        schema: {
          response: { 201: templateItemSchema },
          tags: staffTags,
          summary: 'Thêm hạng mục vào cuối nhóm',
          body: templateItemInput,
        },
      },
      async (req, reply) => reply.status(201).send(await service.template.add(req.body, actorOf(req))),
    );

    app.patch(
      '/inspection-template/items/:itemId',
      {
        config: staff,
        schema: {
          response: { 200: templateItemSchema },
          tags: staffTags,
          summary: 'Đổi tên, đổi nhóm, đổi cam kết hoặc ngừng dùng một hạng mục',
          params: templateItemParam,
          body: templateItemPatch,
        },
      },
      (req) => service.template.patch(req.params.itemId, req.body, actorOf(req)),
    );

    app.put(
      '/inspection-template/order',
      {
        config: staff,
        schema: {
          response: { 200: inspectionTemplateSchema },
          tags: staffTags,
          summary: 'Sắp xếp lại các hạng mục của một nhóm',
          body: templateOrderInput,
        },
      },
      async (req) => ({
        items: await service.template.reorder(req.body.group, req.body.itemIds, actorOf(req)),
      }),
    );
  };
}
