import type { z } from 'zod';
import {
  ALERT_MESSAGES,
  ALERT_SIGNUP_LIMIT,
  alertConfirmAnswerSchema,
  alertManageViewSchema,
  alertSignupAnswerSchema,
  alertTokenBody,
  alertTokenQuery,
  alertUnsubscribeAnswerSchema,
  digestRunAnswerSchema,
  favoriteCarsSchema,
  favoritesQuery,
  manageUnsubscribeBody,
  priceWatchCreateBody,
  savedSearchCreateBody,
} from '../../../contract/alerts';
import { carIdParam } from '../../../contract/cars';
import { noBody } from '../../../contract/common';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import { tooMany } from '../../platform/errors';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { Alerts } from './index';

const tags = ['Thông báo xe'];

export interface AlertRoutesDeps extends Alerts {
  counters: CounterStore;
  cars: { summaries(ids: number[]): Promise<z.infer<typeof favoriteCarsSchema>> };
}

export function alertsRoutes(d: AlertRoutesDeps) {
  const limiter = new RateLimiter(
    d.counters,
    'alert-signup',
    ALERT_SIGNUP_LIMIT.limit,
    ALERT_SIGNUP_LIMIT.windowMs,
  );
  return async (app: App) => {
    const pub = { access: 'public' as const };
    const limited = async (req: { ip: string }) => {
      if (!(await limiter.hit(req.ip))) throw tooMany(ALERT_MESSAGES.flood);
    };
    // RFC 8058: a mail program ends a subscription with a form POST ("List-Unsubscribe=One-Click"). Read
    // here only (this plugin's scope): the rest of the API takes JSON.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const noStore = (reply: { header(k: string, v: string): unknown }) =>
      reply.header('cache-control', 'no-store');

    app.post(
      '/saved-searches',
      {
        config: pub,
        onRequest: limited,
        schema: {
          tags,
          summary:
            'Nhận thông báo xe mới: lưu bộ lọc hiện tại của danh sách xe cùng email (cần xác nhận qua email)',
          description:
            'Bộ lọc giống GET /api/cars (không gồm page, pageSize, sort). 201: đã tạo và gửi email xác nhận; ' +
            '200: đăng ký này đã có (gửi lại email xác nhận nếu chưa xác nhận). 400 khi bộ lọc không thể có xe nào, ' +
            '409 khi email đã có 10 thông báo, 429 khi đăng ký quá nhiều lần từ một địa chỉ IP hoặc email nhận quá nhiều thư xác nhận.',
          body: savedSearchCreateBody,
          response: { 200: alertSignupAnswerSchema, 201: alertSignupAnswerSchema },
        },
      },
      async (req, reply) => {
        const { answer, created } = await d.signups.saveSearch(req.body, req.ip);
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.post(
      '/cars/:id/price-watch',
      {
        config: pub,
        onRequest: limited,
        schema: {
          tags,
          summary: 'Báo khi giảm giá: theo dõi giá một xe bằng email (cần xác nhận qua email)',
          description:
            '404 khi không có xe, 409 khi xe đã bán (kèm hai xe tương tự trong "similar") hoặc email đã có 10 thông báo, 429 như trên.',
          params: carIdParam,
          body: priceWatchCreateBody,
          response: { 200: alertSignupAnswerSchema, 201: alertSignupAnswerSchema },
        },
      },
      async (req, reply) => {
        const { answer, created } = await d.signups.watchPrice(req.params.id, req.body, req.ip);
        return reply.status(created ? 201 : 200).send(answer);
      },
    );

    app.post(
      '/alerts/confirm',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Xác nhận đăng ký từ đường dẫn trong email (token "c.")',
          body: alertTokenBody,
          response: { 200: alertConfirmAnswerSchema },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return d.signups.confirm(req.body.token);
      },
    );

    app.get(
      '/alerts/unsubscribe',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Xem thông báo mà đường dẫn hủy sẽ kết thúc (không hủy gì)',
          description:
            'Địa chỉ trong List-Unsubscribe. Trình duyệt (Accept: text/html) được chuyển (303) tới trang /alerts/unsubscribe để bấm xác nhận: ' +
            'các chương trình quét thư mở mọi đường dẫn, nên GET không bao giờ hủy (RFC 8058).',
          querystring: alertTokenQuery,
          response: { 200: alertUnsubscribeAnswerSchema, 303: noBody('Chuyển tới trang hủy nhận thông báo') },
        },
      },
      async (req, reply) => {
        noStore(reply);
        if (/text\/html/.test(req.headers.accept ?? ''))
          return reply.redirect(d.links.unsubscribePage(req.query.token), 303);
        return d.unsubscribes.unsubscribe(req.query.token, false);
      },
    );

    app.post(
      '/alerts/unsubscribe',
      {
        config: pub,
        schema: {
          tags,
          summary:
            'Hủy nhận thông báo một lần bấm (RFC 8058): token "u." hủy một thông báo, "a." hủy mọi thông báo của email',
          description:
            'Chương trình thư gửi POST với thân "List-Unsubscribe=One-Click" (application/x-www-form-urlencoded), không cookie, ' +
            'chỉ với token trong địa chỉ. Bấm lại lần nữa vẫn trả 200 (ended = 0).',
          querystring: alertTokenQuery,
          response: { 200: alertUnsubscribeAnswerSchema },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return d.unsubscribes.unsubscribe(req.query.token, true);
      },
    );

    app.get(
      '/alerts/manage',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Mọi thông báo của một email (token "m." từ đường dẫn ở cuối mỗi email)',
          querystring: alertTokenQuery,
          response: { 200: alertManageViewSchema },
        },
      },
      async (req, reply) => {
        noStore(reply);
        return d.unsubscribes.manage(req.query.token);
      },
    );

    app.post(
      '/alerts/manage/unsubscribe',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Hủy một thông báo từ trang quản lý',
          body: manageUnsubscribeBody,
          response: { 200: alertManageViewSchema },
        },
      },
      (req) => d.unsubscribes.manageEnd(req.body.token, req.body.subscriptionId),
    );

    app.post(
      '/alerts/manage/unsubscribe-all',
      {
        config: pub,
        schema: {
          tags,
          summary: 'Hủy mọi thông báo của email từ trang quản lý',
          body: alertTokenBody,
          response: { 200: alertManageViewSchema },
        },
      },
      (req) => d.unsubscribes.manageEndAll(req.body.token),
    );

    app.post(
      '/alerts/admin/digest',
      {
        config: { access: 'admin' as const },
        schema: {
          tags,
          summary: 'Quản trị viên: chạy ngay thư tổng hợp hôm nay (mỗi email vẫn tối đa một thư mỗi ngày)',
          description:
            'Việc định kỳ alerts.digest tự chạy lúc 08:00 mỗi ngày; lệnh này chạy cùng quy tắc, dùng khi kiểm tra hoặc sau sự cố.',
          response: { 200: digestRunAnswerSchema },
        },
      },
      (req) => d.digest.runNow(actorOf(req)),
    );

    app.get(
      '/favorites/cars',
      {
        config: pub,
        schema: {
          tags,
          summary:
            'Xe trong danh sách yêu thích (lưu trên trình duyệt): giá và trạng thái hiện tại, cả xe đã bán',
          description:
            'ids: tối đa 50 mã xe, cách nhau bởi dấu phẩy; xe không còn trên website không có trong kết quả.',
          querystring: favoritesQuery,
          response: { 200: favoriteCarsSchema },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-cache');
        return d.cars.summaries(req.query.ids);
      },
    );
  };
}
