import { z } from 'zod';
import {
  changeInfoQuery,
  changePasswordQuery,
  loginBody,
  myInfoSchema,
  notSignedInSchema,
  reportChangeQuery,
  resetConfirmQuery,
  resetRequestQuery,
  sessionIdParam,
} from '../../../contract/auth';
import { textAnswer } from '../../../contract/common';
import { sessionViewSchema } from '../../../contract/sessions';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { staffOf } from '../../platform/actor';
import type { PasswordSetup } from './password-setup';
import type { AuthService } from './service';

const tags = ['Xác thực'];
const TEXT = 'text/plain; charset=utf-8';

export function authRoutes(auth: AuthService, setup: PasswordSetup) {
  return async (app: App) => {
    app.post(
      '/auth/login',
      {
        config: { access: 'public' },
        schema: { response: { 200: textAnswer }, tags, summary: 'Đăng nhập, trả về JWT', body: loginBody },
      },
      async (req, reply) =>
        reply
          .type(TEXT)
          .send(await auth.login(req.body.username, req.body.password, req.ip, req.headers['user-agent'])),
    );

    app.get(
      '/auth/my-info',
      {
        config: { access: 'auth' },
        schema: { response: { 200: myInfoSchema }, tags, summary: 'Tài khoản đang đăng nhập' },
      },
      (req) => auth.myInfo(requireUser(req)),
    );

    app.get(
      '/auth/login-info',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: z.union([myInfoSchema, notSignedInSchema]) },
          tags,
          summary: 'Tài khoản đang đăng nhập, nếu có',
        },
      },
      async (req) => (req.user ? auth.myInfo(req.user) : { authenticated: false as const }),
    );

    app.post(
      '/auth/logout',
      { config: { access: 'auth' }, schema: { response: { 200: textAnswer }, tags, summary: 'Đăng xuất' } },
      async (req, reply) => {
        await auth.logout(staffOf(req));
        return reply.type(TEXT).send('Đăng xuất thành công');
      },
    );

    app.get(
      '/auth/sessions',
      {
        config: { access: 'auth' },
        schema: {
          response: { 200: z.array(sessionViewSchema) },
          tags,
          summary: 'Các phiên đăng nhập đang mở của tài khoản (thiết bị, địa chỉ, lần dùng cuối)',
        },
      },
      (req) => auth.listSessions(staffOf(req)),
    );

    app.delete(
      '/auth/sessions/:sessionId',
      {
        config: { access: 'auth' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Kết thúc một phiên đăng nhập của chính mình',
          params: sessionIdParam,
        },
      },
      async (req, reply) => {
        await auth.endSession(staffOf(req), req.params.sessionId);
        return reply.type(TEXT).send('Đã kết thúc phiên đăng nhập');
      },
    );

    app.put(
      '/auth/change-password',
      {
        config: { access: 'auth' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Đổi mật khẩu',
          querystring: changePasswordQuery,
        },
      },
      async (req, reply) => {
        await auth.changePassword(staffOf(req), req.query.oldPassword, req.query.newPassword);
        return reply.type(TEXT).send('Đổi mật khẩu thành công');
      },
    );

    app.put(
      '/auth/change-info',
      {
        config: { access: 'auth' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Đổi email, số điện thoại',
          description: 'Đổi email cần currentPassword (mật khẩu hiện tại); email cũ nhận thư báo.',
          querystring: changeInfoQuery,
        },
      },
      async (req, reply) => {
        const q = req.query;
        await auth.changeInfo(staffOf(req), q.email, q.phone, q.currentPassword);
        return reply.type(TEXT).send('Cập nhật thông tin thành công');
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Gửi mã đặt lại mật khẩu',
          querystring: resetRequestQuery,
        },
      },
      async (req, reply) => reply.type(TEXT).send(await setup.requestReset(req.query.username, req.ip)),
    );

    app.post(
      '/auth/reset-password/confirm',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Đặt mật khẩu bằng mã xác nhận',
          querystring: resetConfirmQuery,
        },
      },
      async (req, reply) =>
        reply
          .type(TEXT)
          .send(await setup.confirm(req.query.username, req.query.token, req.query.newPassword, req.ip)),
    );

    app.post(
      '/auth/report-change',
      {
        config: { access: 'public' },
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Báo cáo một thay đổi tài khoản không phải do mình (liên kết trong email thông báo)',
          querystring: reportChangeQuery,
        },
      },
      async (req, reply) => reply.type(TEXT).send(await auth.reportChange(req.query.token, req.ip)),
    );
  };
}
