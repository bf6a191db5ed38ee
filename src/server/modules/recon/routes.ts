import { z } from 'zod';
import { carIdParam } from '../../../contract/cars';
import {
  reconBoardSchema,
  reconCarSchema,
  reconEstimateUpdate,
  reconItemBody,
  reconItemParam,
  reconItemSchema,
  reconItemUpdate,
  reconSettingsBody,
  reconSettingsSchema,
  reconStageBody,
} from '../../../contract/recon';
import type { App } from '../../context';
import { actorOf, staffOf } from '../../platform/actor';
import type { ReconService } from './service';

const tags = ['Chuẩn bị xe'];

/**
 * The board and the work items are every staff member's (the workshop moves cards and completes work);
 * approving or refusing work and the settings are a manager's (MANAGE_CAR).
 */
export function reconRoutes(service: ReconService) {
  return async (app: App) => {
    const staff = { access: 'auth' as const };
    const manager = { access: 'MANAGE_CAR' as const };

    app.get(
      '/recon/board',
      {
        config: staff,
        schema: {
          response: { 200: reconBoardSchema },
          tags,
          summary: 'Bảng chuẩn bị xe: các công đoạn và xe đang chuẩn bị bán',
        },
      },
      () => service.board(),
    );

    app.get(
      '/recon/settings',
      {
        config: staff,
        schema: {
          response: { 200: reconSettingsSchema },
          tags,
          summary: 'Các công đoạn và số ảnh tối thiểu',
        },
      },
      () => service.settings(),
    );

    app.get(
      '/recon/staff',
      {
        config: manager,
        schema: {
          response: { 200: z.array(z.object({ userId: z.number(), fullName: z.string() })) },
          tags,
          summary: 'Nhân viên có thể phụ trách một công đoạn',
        },
      },
      () => service.staff(),
    );

    app.put(
      '/recon/settings',
      {
        config: manager,
        schema: {
          response: { 200: reconSettingsSchema },
          tags,
          summary:
            'Sửa các công đoạn (tên, thời gian tối đa theo giờ làm việc, người phụ trách) và số ảnh tối thiểu',
          body: reconSettingsBody,
        },
      },
      (req) => service.saveSettings(req.body, actorOf(req)),
    );

    app.get(
      '/cars/admin/:id/recon',
      {
        config: staff,
        schema: {
          response: { 200: reconCarSchema },
          tags,
          summary: 'Công đoạn và hạng mục sửa chữa của một xe',
          params: carIdParam,
        },
      },
      (req) => service.car(req.params.id),
    );

    app.put(
      '/cars/admin/:id/recon/stage',
      {
        config: staff,
        schema: {
          response: { 200: reconCarSchema },
          tags,
          summary: 'Chuyển xe sang công đoạn khác (mã hoặc tên công đoạn)',
          params: carIdParam,
          body: reconStageBody,
        },
      },
      (req) => service.moveStage(req.params.id, req.body.stage, actorOf(req)),
    );

    app.post(
      '/cars/admin/:id/recon/items',
      {
        config: staff,
        schema: {
          response: { 201: reconItemSchema },
          tags,
          summary: 'Thêm hạng mục sửa chữa (chờ duyệt)',
          params: carIdParam,
          body: reconItemBody,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.addItem(req.params.id, req.body, staffOf(req))),
    );

    app.post(
      '/cars/admin/:id/recon/items/from-inspection',
      {
        config: staff,
        schema: {
          response: { 201: z.array(reconItemSchema) },
          tags,
          summary: 'Tạo hạng mục sửa chữa từ mọi kết quả "Cần lưu ý" của báo cáo kiểm định',
          params: carIdParam,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.itemsFromInspection(req.params.id, staffOf(req))),
    );

    app.put(
      '/recon/items/:itemId',
      {
        config: staff,
        schema: {
          response: { 200: reconItemSchema },
          tags,
          summary: 'Đổi trạng thái hạng mục: duyệt, từ chối (quản lý) hoặc hoàn thành với chi phí thực tế',
          params: reconItemParam,
          body: reconItemUpdate,
        },
      },
      (req) => service.updateItem(req.params.itemId, req.body, staffOf(req)),
    );

    app.put(
      '/recon/items/:itemId/estimate',
      {
        config: staff,
        schema: {
          response: { 200: reconItemSchema },
          tags,
          summary: 'Sửa dự toán (phụ tùng, tiền công) và nơi sửa của hạng mục còn chờ duyệt',
          params: reconItemParam,
          body: reconEstimateUpdate,
        },
      },
      (req) => service.updateEstimate(req.params.itemId, req.body, staffOf(req)),
    );
  };
}
