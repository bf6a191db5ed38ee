import {
  carHistorySchema,
  carHistoryStaffSchema,
  carPapersInput,
  serviceRecordImport,
  serviceRecordInput,
  serviceRecordParams,
} from '../../../contract/car-records';
import { carIdParam } from '../../../contract/cars';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { CarRecordsService } from './service';

const publicTags = ['Xe (công khai)'];
const staffTags = ['Giấy tờ và lịch sử xe (nhân viên)'];

/** Papers and service history: one public read, the staff view and the staff changes (MANAGE_CAR). */
export function carRecordsRoutes(service: CarRecordsService) {
  return async (app: App) => {
    const pub = { access: 'public' as const };
    const staff = { access: 'MANAGE_CAR' as const };

    app.get(
      '/cars/:id/history',
      {
        config: pub,
        schema: {
          response: { 200: carHistorySchema },
          tags: publicTags,
          summary: 'Giấy tờ và lịch sử bảo dưỡng của xe (null: chưa có thông tin)',
          params: carIdParam,
        },
      },
      (req) => service.history(req.params.id),
    );

    app.get(
      '/cars/:id/history/staff',
      {
        config: staff,
        schema: {
          response: { 200: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Giấy tờ và lịch sử xe kèm ghi chú nội bộ và cảnh báo km bị lùi',
          params: carIdParam,
        },
      },
      (req) => service.staffHistory(req.params.id),
    );

    app.put(
      '/cars/:id/papers',
      {
        config: staff,
        schema: {
          response: { 200: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Lưu giấy tờ của xe',
          params: carIdParam,
          body: carPapersInput,
        },
      },
      (req) => service.savePapers(req.params.id, req.body, actorOf(req)),
    );

    app.post(
      '/cars/:id/service-records',
      {
        config: staff,
        schema: {
          response: { 201: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Thêm bản ghi bảo dưỡng (số km không được lùi so với lịch sử)',
          params: carIdParam,
          body: serviceRecordInput,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.addRecord(req.params.id, req.body, actorOf(req))),
    );

    app.post(
      '/cars/:id/service-records/import',
      {
        config: staff,
        schema: {
          response: { 201: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Nhập lịch sử bảo dưỡng từ nguồn ngoài (giữ nguyên; km bị lùi thì xe bị gắn cảnh báo)',
          params: carIdParam,
          body: serviceRecordImport,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.importRecords(req.params.id, req.body.records, actorOf(req))),
    );

    app.put(
      '/cars/:id/service-records/:recordId',
      {
        config: staff,
        schema: {
          response: { 200: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Sửa bản ghi bảo dưỡng',
          params: serviceRecordParams,
          body: serviceRecordInput,
        },
      },
      (req) => service.updateRecord(req.params.id, req.params.recordId, req.body, actorOf(req)),
    );

    app.delete(
      '/cars/:id/service-records/:recordId',
      {
        config: staff,
        schema: {
          response: { 200: carHistoryStaffSchema },
          tags: staffTags,
          summary: 'Xóa bản ghi bảo dưỡng',
          params: serviceRecordParams,
        },
      },
      (req) => service.removeRecord(req.params.id, req.params.recordId, actorOf(req)),
    );
  };
}
