import { z } from 'zod';
import { idParam, pageOf, textAnswer } from '../../../contract/common';
import { PERMISSIONS } from '../../../contract/permissions';
import {
  generateUsernameQuery,
  permissionInfoSchema,
  permissionList,
  receivesLeadsBody,
  userCreateRequest,
  usersQuery,
  userUpdateRequest,
  userViewSchema,
} from '../../../contract/users';
import type { App } from '../../context';
import { staffOf } from '../../platform/actor';
import type { PasswordSetup, SecurityNotices } from '../auth';
import type { UsersService } from './service';

const tags = ['Tài khoản'];

/** a***@example.com: enough for the manager to know where it went, not the whole address. */
function maskEmail(email: string) {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}
const userIdParam = z.object({ userId: idParam.shape.id });

/** How the staff pages manage accounts; passwords are only ever chosen by their owners (PasswordSetup). */
export function usersRoutes(service: UsersService, setup: PasswordSetup, notices: SecurityNotices) {
  return async (app: App) => {
    const access = { access: 'MANAGE_USER' as const };

    app.get(
      '/users',
      {
        config: access,
        schema: {
          response: { 200: pageOf(userViewSchema) },
          tags,
          summary: 'Danh sách tài khoản',
          querystring: usersQuery,
        },
      },
      (req) => service.list(req.query, staffOf(req)),
    );

    app.get(
      '/users/generateUsername',
      {
        config: access,
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Gợi ý tên đăng nhập',
          querystring: generateUsernameQuery,
        },
      },
      async (req, reply) =>
        reply.type('text/plain; charset=utf-8').send(await service.generateUsername(req.query.fullname)),
    );

    app.get(
      '/users/:id',
      {
        config: access,
        schema: { response: { 200: userViewSchema }, tags, summary: 'Chi tiết tài khoản', params: idParam },
      },
      (req) => service.get(req.params.id, staffOf(req)),
    );

    app.post(
      '/users/addUser',
      {
        config: access,
        schema: {
          response: { 201: userViewSchema },
          tags,
          summary: 'Thêm tài khoản',
          description:
            'Không có mật khẩu: người được tạo nhận email có mã để tự đặt mật khẩu (hiệu lực 72 giờ).',
          body: userCreateRequest,
        },
      },
      async (req, reply) => {
        const actor = staffOf(req);
        const created = await service.create(req.body, actor);
        await setup.sendInvitation(created.userId, actor);
        return reply.status(201).send(created);
      },
    );

    app.post(
      '/users/:id/reset-password',
      {
        config: access,
        schema: {
          response: { 200: textAnswer },
          tags,
          summary: 'Gửi email đặt lại mật khẩu cho tài khoản',
          description: 'Không đổi mật khẩu: chủ tài khoản nhận mã qua email để tự đặt mật khẩu mới.',
          params: idParam,
        },
      },
      async (req, reply) => {
        const actor = staffOf(req);
        await service.assertManageable(req.params.id, actor);
        const sentTo = await setup.sendManagerReset(req.params.id, actor);
        return reply
          .type('text/plain; charset=utf-8')
          .send(
            sentTo
              ? `Đã gửi email đặt lại mật khẩu đến ${maskEmail(sentTo)}`
              : 'Tài khoản chưa có email: hãy cập nhật email trước khi gửi',
          );
      },
    );

    app.put(
      '/users/activate/:id',
      {
        config: access,
        schema: { response: { 200: textAnswer }, tags, summary: 'Kích hoạt tài khoản', params: idParam },
      },
      async (req, reply) => {
        await service.setActive(req.params.id, true, staffOf(req));
        return reply.type('text/plain; charset=utf-8').send('Đã kích hoạt tài khoản');
      },
    );

    app.put(
      '/users/:userId',
      {
        config: access,
        schema: {
          response: { 200: userViewSchema },
          tags,
          summary: 'Cập nhật tài khoản',
          params: userIdParam,
          body: userUpdateRequest,
        },
      },
      async (req) => {
        const actor = staffOf(req);
        const { user, previousEmail } = await service.update(req.params.userId, req.body, actor);
        // The owner hears of a new e-mail at the old one, with a way to report it.
        if (previousEmail && previousEmail !== user.email) {
          await notices.notify(
            previousEmail,
            { userId: user.userId, fullName: user.fullName, username: user.username },
            { kind: 'email', by: actor.username, oldEmail: previousEmail, newEmail: user.email },
          );
        }
        return user;
      },
    );

    app.put(
      '/users/:id/receives-leads',
      {
        config: access,
        schema: {
          response: { 200: userViewSchema },
          tags,
          summary: 'Bật/tắt nhận yêu cầu khách hàng tự động',
          description:
            'Chỉ tài khoản có quyền MANAGE_SERVICE hoặc quản trị viên mới được đánh dấu; yêu cầu mới được chia lần lượt cho những người này khi bật tự động giao việc.',
          params: idParam,
          body: receivesLeadsBody,
        },
      },
      (req) => service.setReceivesLeads(req.params.id, req.body.receivesLeads, staffOf(req)),
    );

    app.delete(
      '/users/:id',
      {
        config: access,
        schema: { response: { 200: textAnswer }, tags, summary: 'Vô hiệu hóa tài khoản', params: idParam },
      },
      async (req, reply) => {
        await service.setActive(req.params.id, false, staffOf(req));
        return reply.type('text/plain; charset=utf-8').send('Đã vô hiệu hóa tài khoản');
      },
    );

    app.get(
      '/permissions/all',
      {
        config: access,
        schema: { response: { 200: z.array(permissionInfoSchema) }, tags, summary: 'Danh sách quyền' },
      },
      () => service.allPermissions(),
    );

    app.get(
      '/permissions/:userId',
      {
        config: access,
        schema: {
          response: { 200: z.array(z.enum(PERMISSIONS)) },
          tags,
          summary: 'Quyền của tài khoản',
          params: userIdParam,
        },
      },
      (req) => service.getPermissions(req.params.userId, staffOf(req)),
    );

    app.put(
      '/permissions/:userId',
      {
        config: access,
        schema: {
          response: { 200: z.array(z.enum(PERMISSIONS)) },
          tags,
          summary: 'Thay quyền của tài khoản',
          params: userIdParam,
          body: permissionList,
        },
      },
      (req) => service.setPermissions(req.params.userId, req.body, staffOf(req)),
    );
  };
}
