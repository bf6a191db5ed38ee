import { z } from 'zod';
import { idParam, pageOf } from '../../../contract/common';
import {
  extendBody,
  markPaidBody,
  paymentHandledBody,
  paymentNotificationViewSchema,
  paymentsAdminQuery,
  type ReservationAdminView,
  refundBody,
  reservationAdminViewSchema,
  reservationCancelBody,
  reservationCodeParam,
  reservationCreateBody,
  reservationPublicViewSchema,
  reservationsAdminQuery,
  reservationTokenQuery,
  sepayWebhookBody,
  staffCancelBody,
} from '../../../contract/reservations';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { tooMany } from '../../platform/errors';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { ReservationsAdmin } from './admin';
import type { PaymentsService } from './payments';
import type { ReservationsService } from './service';

const tags = ['Đặt cọc giữ xe'];

export interface ReservationRoutesDeps {
  visitor: ReservationsService;
  admin: ReservationsAdmin;
  payments: PaymentsService;
  ratePerMinute: number;
  counters: CounterStore;
}

export function reservationsRoutes(d: ReservationRoutesDeps) {
  const limiter = new RateLimiter(d.counters, 'reservation', d.ratePerMinute, 60_000);
  return async (app: App) => {
    const pub = { access: 'public' as const };
    const staff = { access: 'MANAGE_CAR' as const };

    app.post(
      '/reservations',
      {
        config: pub,
        onRequest: async (req) => {
          if (!(await limiter.hit(req.ip)))
            throw tooMany('Bạn đặt cọc quá nhiều lần, vui lòng thử lại sau ít phút');
        },
        schema: {
          tags,
          summary: 'Đặt cọc giữ xe: trả mã đặt cọc, số tiền, tài khoản, nội dung chuyển khoản và mã VietQR',
          description:
            '409 khi xe đang được giữ hoặc đã bán (kèm hai xe tương tự trong "similar"), hoặc khi showroom chưa nhận đặt cọc. ' +
            'Giới hạn theo địa chỉ IP (RESERVATION_RATE_LIMIT, mặc định 10 mỗi phút). ' +
            '429 khi khách (theo số điện thoại, email hoặc địa chỉ IP) đang giữ một yêu cầu khác chưa thanh toán ("holding": mã, xe, hạn). ' +
            'Hạn thanh toán: RESERVATION_HOLD_MINUTES (mặc định 30 phút), dời sang giờ mở cửa kế tiếp + 60 phút nếu rơi ngoài giờ mở cửa.',
          body: reservationCreateBody,
          response: { 200: reservationPublicViewSchema, 201: reservationPublicViewSchema },
        },
      },
      async (req, reply) => {
        const { view, created } = await d.visitor.create(req.body, actorOf(req));
        return reply.status(created ? 201 : 200).send(view);
      },
    );

    app.get(
      '/reservations/:code',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Yêu cầu đặt cọc của khách (cần token trong đường dẫn đã gửi cho khách)',
          params: reservationCodeParam,
          querystring: reservationTokenQuery,
          response: { 200: reservationPublicViewSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return d.visitor.find(req.params.code, req.query.token);
      },
    );

    app.post(
      '/reservations/:code/cancel',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Khách hủy yêu cầu đặt cọc đang chờ thanh toán',
          params: reservationCodeParam,
          body: reservationCancelBody,
          response: { 200: reservationPublicViewSchema },
        },
      },
      (req) => d.visitor.cancelByVisitor(req.params.code, req.body.token, req.ip),
    );

    app.post(
      '/reservations/:code/paid-claim',
      {
        config: pub,
        schema: {
          tags,
          summary:
            'Khách báo "Tôi đã chuyển khoản": giữ xe đến hết ngày mở cửa kế tiếp trong lúc chờ xác nhận',
          description:
            'Yêu cầu phải đang chờ thanh toán. Hạn giữ xe được kéo đến giờ đóng cửa của ngày mở cửa trọn vẹn kế tiếp ' +
            '(giờ mở cửa trong cấu hình), đến khi thông báo của ngân hàng hoặc nhân viên xác nhận; nhân viên quản lý xe ' +
            'nhận thông báo. Bấm lại không thay đổi gì.',
          params: reservationCodeParam,
          body: reservationCancelBody,
          response: { 200: reservationPublicViewSchema },
        },
      },
      (req) => d.visitor.claimPaid(req.params.code, req.body.token, actorOf(req)),
    );

    app.get(
      '/reservations/admin',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Danh sách đặt cọc: status, search, carId, page, size',
          querystring: reservationsAdminQuery,
          response: { 200: pageOf(reservationAdminViewSchema) },
        },
      },
      (req) => d.admin.list(req.query),
    );

    const action = <B extends z.ZodType>(
      path: string,
      summary: string,
      body: B,
      run: (
        id: number,
        body: z.output<B>,
        actor: ReturnType<typeof actorOf>,
      ) => Promise<ReservationAdminView>,
    ) =>
      app.post(
        `/reservations/admin/:id/${path}`,
        {
          config: staff,
          schema: { tags, summary, params: idParam, body, response: { 200: reservationAdminViewSchema } },
        },
        (req) => run(req.params.id, req.body as z.output<B>, actorOf(req)),
      );
    action('mark-paid', 'Xác nhận đã nhận tiền cọc (nhập mã giao dịch ngân hàng)', markPaidBody, (id, b, a) =>
      d.admin.markPaid(id, b, a),
    );
    action('extend', 'Gia hạn thời hạn thanh toán hoặc thời gian giữ xe (giờ)', extendBody, (id, b, a) =>
      d.admin.extend(id, b.hours, a),
    );
    action('cancel', 'Hủy yêu cầu đặt cọc (xe mở bán lại)', staffCancelBody, (id, b, a) =>
      d.admin.cancel(id, b.reason, a),
    );
    action('refund', 'Ghi nhận hoàn tiền cọc', refundBody, (id, b, a) => d.admin.refund(id, b, a));

    app.get(
      '/payments/admin',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Giao dịch ngân hàng nhận được: outcome, pending (chưa xử lý), page, size',
          querystring: paymentsAdminQuery,
          response: { 200: pageOf(paymentNotificationViewSchema) },
        },
      },
      (req) => d.payments.list(req.query),
    );

    app.post(
      '/payments/admin/:id/handled',
      {
        config: staff,
        schema: {
          tags,
          summary: 'Đánh dấu giao dịch ngân hàng đã xử lý',
          params: idParam,
          body: paymentHandledBody,
          response: { 200: paymentNotificationViewSchema },
        },
      },
      (req) => d.payments.markHandled(req.params.id, req.body.note, actorOf(req)),
    );

    app.post(
      '/payments/sepay',
      {
        // The bank-transfer notifier signs with the API key in settings, not a staff session.
        config: pub,
        onRequest: async (req) => d.payments.authorize(req.headers.authorization),
        schema: {
          tags,
          summary: 'Webhook SePay: thông báo chuyển khoản (Authorization: Apikey <khóa trong cài đặt>)',
          body: sepayWebhookBody,
          response: { 200: z.object({ success: z.literal(true) }) },
        },
      },
      async (req) => {
        await d.payments.receive(req.body);
        return { success: true as const };
      },
    );
  };
}
