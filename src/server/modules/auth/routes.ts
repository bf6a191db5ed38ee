import {
  changeInfoQuery,
  changePasswordQuery,
  loginBody,
  resetConfirmQuery,
  resetRequestQuery,
} from '../../../contract/auth';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import type { UsersService } from '../users/service';
import type { AuthService } from './service';

const tags = ['Xác thực'];
const TEXT = 'text/plain; charset=utf-8';

export function authRoutes(auth: AuthService, users: UsersService) {
  return async (app: App) => {
    app.post(
      '/auth/login',
      { config: { access: 'public' }, schema: { tags, summary: 'Đăng nhập, trả về JWT', body: loginBody } },
      async (req, reply) =>
        reply.type(TEXT).send(await auth.login(req.body.username, req.body.password, req)),
    );

    app.get(
      '/auth/my-info',
      { config: { access: 'auth' }, schema: { tags, summary: 'Tài khoản đang đăng nhập' } },
      (req) => auth.myInfo(requireUser(req)),
    );

    app.get(
      '/auth/login-info',
      { config: { access: 'public' }, schema: { tags, summary: 'Tài khoản đang đăng nhập, nếu có' } },
      async (req) => (req.user ? auth.myInfo(req.user) : { authenticated: false }),
    );

    app.post(
      '/auth/logout',
      { config: { access: 'auth' }, schema: { tags, summary: 'Đăng xuất' } },
      async (req, reply) => {
        await auth.logout(requireUser(req), req);
        return reply.type(TEXT).send('Đăng xuất thành công');
      },
    );

    app.put(
      '/auth/change-password',
      {
        config: { access: 'auth' },
        schema: { tags, summary: 'Đổi mật khẩu', querystring: changePasswordQuery },
      },
      async (req, reply) => {
        await auth.changePassword(requireUser(req), req.query.oldPassword, req.query.newPassword, req);
        return reply.type(TEXT).send('Đổi mật khẩu thành công');
      },
    );

    app.put(
      '/auth/change-info',
      {
        config: { access: 'auth' },
        schema: { tags, summary: 'Đổi email, số điện thoại', querystring: changeInfoQuery },
      },
      async (req, reply) => {
        await users.updateContact(requireUser(req).id, req.query.email, req.query.phone, req);
        return reply.type(TEXT).send('Cập nhật thông tin thành công');
      },
    );

    app.post(
      '/auth/reset-password',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Gửi mã đặt lại mật khẩu', querystring: resetRequestQuery },
      },
      async (req, reply) => reply.type(TEXT).send(await auth.requestReset(req.query.username, req)),
    );

    app.post(
      '/auth/reset-password/confirm',
      {
        config: { access: 'public' },
        schema: { tags, summary: 'Đặt lại mật khẩu bằng mã xác nhận', querystring: resetConfirmQuery },
      },
      async (req, reply) =>
        reply
          .type(TEXT)
          .send(await auth.confirmReset(req.query.username, req.query.token, req.query.newPassword, req)),
    );
  };
}
