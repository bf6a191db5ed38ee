import { z } from 'zod';
import { idParam, pageOf } from '../../../contract/common';
import {
  consultingForm,
  LEAD_PATHS,
  LEAD_TYPE_LABELS,
  type LeadType,
  leadAssignBody,
  leadByHandForm,
  leadDetailSchema,
  leadEventViewSchema,
  leadFollowUpBody,
  leadNoteBody,
  leadReceiptSchema,
  leadStatusBody,
  leadsQuery,
  leadViewSchema,
  maintenanceForm,
  serviceRequestStatsQuery,
  serviceRequestStatsSchema,
  slotConflictSchema,
  staffRefSchema,
  testDriveForm,
} from '../../../contract/leads';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import { bookingRoutes } from './booking-routes';
import { chatHandoffRoute } from './handoff-route';
import { purchaseRoutes } from './purchase-routes';
import type { LeadsService } from './service';

const tags = ['Dịch vụ: lái thử, bảo dưỡng, tư vấn'];

/**
 * Public forms: POST /api/test-drives, /api/maintenance, /api/consulting.
 * Management (MANAGE_SERVICE) under {path}/admin; counts at GET /api/dashboard/service-requests (auth).
 */
export function leadsRoutes(service: LeadsService) {
  return async (app: App) => {
    const publicAccess = { access: 'public' as const };
    const manage = { access: 'MANAGE_SERVICE' as const };

    app.post(
      LEAD_PATHS.TEST_DRIVE.replace('/api', ''),
      {
        config: publicAccess,
        schema: {
          response: { 200: leadReceiptSchema, 201: leadReceiptSchema, 409: slotConflictSchema },
          tags,
          summary: 'Đăng ký lái thử',
          body: testDriveForm,
        },
      },
      async (req, reply) => {
        const { receipt, created } = await service.submit(
          { type: 'TEST_DRIVE', body: req.body },
          actorOf(req),
          req.headers['idempotency-key'],
        );
        return reply.status(created ? 201 : 200).send(receipt);
      },
    );

    app.post(
      LEAD_PATHS.MAINTENANCE.replace('/api', ''),
      {
        config: publicAccess,
        schema: {
          response: { 200: leadReceiptSchema, 201: leadReceiptSchema, 409: slotConflictSchema },
          tags,
          summary: 'Đặt lịch bảo dưỡng',
          body: maintenanceForm,
        },
      },
      async (req, reply) => {
        const { receipt, created } = await service.submit(
          { type: 'MAINTENANCE', body: req.body },
          actorOf(req),
          req.headers['idempotency-key'],
        );
        return reply.status(created ? 201 : 200).send(receipt);
      },
    );

    app.post(
      LEAD_PATHS.CONSULTING.replace('/api', ''),
      {
        config: publicAccess,
        schema: {
          response: { 200: leadReceiptSchema, 201: leadReceiptSchema },
          tags,
          summary: 'Gửi yêu cầu tư vấn',
          body: consultingForm,
        },
      },
      async (req, reply) => {
        const { receipt, created } = await service.submit(
          { type: 'CONSULTING', body: req.body },
          actorOf(req),
          req.headers['idempotency-key'],
        );
        return reply.status(created ? 201 : 200).send(receipt);
      },
    );

    await app.register(bookingRoutes(service.bookings));

    app.post(
      `${LEAD_PATHS.CONSULTING.replace('/api', '')}/admin`,
      {
        config: manage,
        schema: {
          response: { 201: leadDetailSchema },
          tags,
          summary: 'Nhân viên nhập yêu cầu tư vấn (khách gọi điện, đến showroom)',
          body: leadByHandForm,
        },
      },
      async (req, reply) =>
        reply.status(201).send(await service.createByHand(req.body, requireUser(req), actorOf(req))),
    );

    const management = (type: LeadType) => {
      const base = `${LEAD_PATHS[type].replace('/api', '')}/admin`;
      const label = LEAD_TYPE_LABELS[type].toLowerCase();

      app.get(
        base,
        {
          config: manage,
          schema: {
            response: { 200: pageOf(leadViewSchema) },
            tags,
            summary: `Danh sách yêu cầu ${label}`,
            querystring: leadsQuery,
          },
        },
        (req) => service.list(type, req.query),
      );

      app.get(
        `${base}/:id`,
        {
          config: manage,
          schema: {
            response: { 200: leadDetailSchema },
            tags,
            summary: `Chi tiết yêu cầu ${label}`,
            params: idParam,
          },
        },
        (req) => service.detail(type, req.params.id),
      );

      app.put(
        `${base}/:id/status`,
        {
          config: manage,
          schema: {
            response: { 200: leadDetailSchema },
            tags,
            summary: `Đổi trạng thái yêu cầu ${label}`,
            params: idParam,
            body: leadStatusBody,
          },
        },
        (req) =>
          service.changeStatus(
            type,
            req.params.id,
            req.body.status,
            req.body.note,
            requireUser(req),
            actorOf(req),
          ),
      );

      app.put(
        `${base}/:id/assign`,
        {
          config: manage,
          schema: {
            response: { 200: leadDetailSchema },
            tags,
            summary: `Giao yêu cầu ${label}`,
            params: idParam,
            body: leadAssignBody,
          },
        },
        (req) => service.assign(type, req.params.id, req.body.assigneeId, requireUser(req), actorOf(req)),
      );

      app.put(
        `${base}/:id/follow-up`,
        {
          config: manage,
          schema: {
            response: { 200: leadDetailSchema },
            tags,
            summary: `Hẹn gọi lại yêu cầu ${label}`,
            description:
              'date dd/mm/yyyy (hoặc yyyy-mm-dd) và time HH:mm theo giờ Việt Nam; date và time null để bỏ hẹn. Chuông nhắc người phụ trách (hoặc quản lý khi chưa giao) đúng giờ hẹn.',
            params: idParam,
            body: leadFollowUpBody,
          },
        },
        (req) =>
          service.setFollowUp(
            type,
            req.params.id,
            req.body.at,
            req.body.note,
            requireUser(req),
            actorOf(req),
          ),
      );

      app.post(
        `${base}/:id/notes`,
        {
          config: manage,
          schema: {
            response: { 201: leadEventViewSchema },
            tags,
            summary: `Ghi chú nội bộ cho yêu cầu ${label}`,
            params: idParam,
            body: leadNoteBody,
          },
        },
        async (req, reply) =>
          reply
            .status(201)
            .send(await service.addNote(type, req.params.id, req.body.note, requireUser(req), actorOf(req))),
      );
    };
    management('TEST_DRIVE');
    management('MAINTENANCE');
    management('CONSULTING');
    management('PURCHASE');
    purchaseRoutes(app, service);
    chatHandoffRoute(app, service);

    app.get(
      '/service-requests/assignees',
      {
        config: manage,
        schema: {
          response: { 200: z.array(staffRefSchema) },
          tags,
          summary: 'Nhân viên có thể nhận yêu cầu dịch vụ',
        },
      },
      () => service.assignees(),
    );

    app.get(
      '/dashboard/service-requests',
      {
        config: { access: 'auth' },
        schema: {
          response: { 200: serviceRequestStatsSchema },
          tags: ['Thống kê'],
          summary: 'Số yêu cầu dịch vụ theo loại và trạng thái',
          querystring: serviceRequestStatsQuery,
        },
      },
      (req) => service.stats(req.query.status, req.query),
    );
  };
}
