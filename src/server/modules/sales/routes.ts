import { z } from 'zod';
import { pageOf } from '../../../contract/common';
import {
  saleCancelBody,
  saleCreateBody,
  salesQuery,
  saleViewSchema,
  staffRefSchema,
  transactionIdParam,
} from '../../../contract/sales';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { SalesService } from './service';

const tags = ['Lịch sử bán hàng'];

export function salesRoutes(service: SalesService) {
  return async (app: App) => {
    const access = { access: 'MANAGE_CAR' as const };

    app.get(
      '/soldhistory',
      {
        config: access,
        schema: {
          response: { 200: pageOf(saleViewSchema) },
          tags,
          summary: 'Lịch sử bán hàng: search, from, to (dd/mm/yyyy), status, paymentMethod, page, size',
          querystring: salesQuery,
        },
      },
      (req) => service.list(req.query),
    );

    app.get(
      '/soldhistory/salespeople',
      {
        config: access,
        schema: {
          response: { 200: z.array(staffRefSchema) },
          tags,
          summary: 'Nhân viên có thể ghi nhận là người bán',
        },
      },
      () => service.salespeople(),
    );

    app.get(
      '/soldhistory/:transactionId',
      {
        config: access,
        schema: {
          response: { 200: saleViewSchema },
          tags,
          summary: 'Chi tiết giao dịch',
          params: transactionIdParam,
        },
      },
      (req) => service.get(req.params.transactionId),
    );

    app.post(
      '/soldhistory',
      {
        config: access,
        schema: {
          response: { 201: saleViewSchema },
          tags,
          summary: 'Ghi nhận bán xe (xe chuyển sang Đã bán); 409 nếu xe đã bán',
          body: saleCreateBody,
        },
      },
      async (req, reply) => reply.status(201).send(await service.create(req.body, actorOf(req))),
    );

    app.put(
      '/soldhistory/:transactionId/cancel',
      {
        config: access,
        schema: {
          response: { 200: saleViewSchema },
          tags,
          summary: 'Hủy giao dịch (xe trở lại Đang bán)',
          params: transactionIdParam,
          body: saleCancelBody,
        },
      },
      (req) => service.cancel(req.params.transactionId, req.body.reason, actorOf(req)),
    );
  };
}
