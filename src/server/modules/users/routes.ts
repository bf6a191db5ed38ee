import { z } from 'zod';
import { idParam } from '../../../contract/common';
import {
  generateUsernameQuery,
  permissionList,
  userCreateBody,
  usersQuery,
  userUpdateBody,
} from '../../../contract/users';
import type { App } from '../../context';
import type { UsersService } from './service';

const tags = ['Tài khoản'];
const userIdParam = z.object({ userId: idParam.shape.id });

export function usersRoutes(service: UsersService) {
  return async (app: App) => {
    const access = { access: 'MANAGE_USER' as const };

    app.get(
      '/users',
      { config: access, schema: { tags, summary: 'Danh sách tài khoản', querystring: usersQuery } },
      (req) => service.list(req.query),
    );

    app.get(
      '/users/generateUsername',
      {
        config: access,
        schema: { tags, summary: 'Gợi ý tên đăng nhập', querystring: generateUsernameQuery },
      },
      async (req, reply) =>
        reply.type('text/plain; charset=utf-8').send(await service.generateUsername(req.query.fullname)),
    );

    app.get(
      '/users/:id',
      { config: access, schema: { tags, summary: 'Chi tiết tài khoản', params: idParam } },
      (req) => service.get(req.params.id),
    );

    app.post(
      '/users/addUser',
      { config: access, schema: { tags, summary: 'Thêm tài khoản', body: userCreateBody } },
      async (req, reply) => reply.status(201).send(await service.create(req.body, req)),
    );

    app.put(
      '/users/activate/:id',
      { config: access, schema: { tags, summary: 'Kích hoạt tài khoản', params: idParam } },
      async (req, reply) => {
        await service.setActive(req.params.id, true, req);
        return reply.type('text/plain; charset=utf-8').send('Đã kích hoạt tài khoản');
      },
    );

    app.put(
      '/users/:userId',
      {
        config: access,
        schema: { tags, summary: 'Cập nhật tài khoản', params: userIdParam, body: userUpdateBody },
      },
      (req) => service.update(req.params.userId, req.body, req),
    );

    app.delete(
      '/users/:id',
      { config: access, schema: { tags, summary: 'Vô hiệu hóa tài khoản', params: idParam } },
      async (req, reply) => {
        await service.setActive(req.params.id, false, req);
        return reply.type('text/plain; charset=utf-8').send('Đã vô hiệu hóa tài khoản');
      },
    );

    app.get('/permissions/all', { config: access, schema: { tags, summary: 'Danh sách quyền' } }, () =>
      service.allPermissions(),
    );

    app.get(
      '/permissions/:userId',
      { config: access, schema: { tags, summary: 'Quyền của tài khoản', params: userIdParam } },
      (req) => service.getPermissions(req.params.userId),
    );

    app.put(
      '/permissions/:userId',
      {
        config: access,
        schema: { tags, summary: 'Thay quyền của tài khoản', params: userIdParam, body: permissionList },
      },
      (req) => service.setPermissions(req.params.userId, req.body, req),
    );
  };
}
