import { z } from 'zod';
import { apiErrorSchema, idParam, noBody } from '../../../contract/common';
import {
  notificationListQuery,
  notificationSendBody,
  notificationUserParam,
  notificationViewSchema,
} from '../../../contract/notifications';
import type { App } from '../../context';
import { type CurrentUser, requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import type { SocketLike, StompServer } from '../../platform/realtime';
import type { NotificationsService } from './service';

const tags = ['Thông báo'];

/**
 * REST under /api/notifications/ and the STOMP WebSocket at /api/notifications.
 * Reading: one's own, or anyone's for an admin. Marking read: one's own only. Sending: an admin to
 * anyone, anyone else to themselves only.
 */
export function notificationsRoutes(service: NotificationsService, stomp: StompServer<CurrentUser>) {
  return async (app: App) => {
    const auth = { access: 'auth' as const };

    app.get(
      '/notifications/unread/:userId',
      {
        config: auth,
        schema: {
          response: { 200: z.array(notificationViewSchema) },
          tags,
          summary: 'Thông báo chưa đọc (mới nhất trước)',
          params: notificationUserParam,
        },
      },
      (req) => service.unread(requireUser(req), req.params.userId),
    );

    app.get(
      '/notifications/all/:userId',
      {
        config: auth,
        schema: {
          response: { 200: z.array(notificationViewSchema) },
          tags,
          summary: 'Tất cả thông báo (mới nhất trước)',
          params: notificationUserParam,
          querystring: notificationListQuery,
        },
      },
      (req) => service.all(requireUser(req), req.params.userId, req.query.limit),
    );

    app.post(
      '/notifications/markAsRead/:id',
      {
        config: auth,
        schema: {
          response: { 200: notificationViewSchema },
          tags,
          summary: 'Đánh dấu đã đọc',
          params: idParam,
        },
      },
      (req) => service.markAsRead(requireUser(req), req.params.id),
    );

    app.post(
      '/notifications/markAllAsRead/:userId',
      {
        config: auth,
        schema: {
          response: { 200: z.object({ updated: z.number().int() }) },
          tags,
          summary: 'Đánh dấu tất cả đã đọc',
          params: notificationUserParam,
        },
      },
      (req) => service.markAllAsRead(requireUser(req), req.params.userId),
    );

    app.post(
      '/notifications/send/:userId',
      {
        config: auth,
        schema: {
          response: { 201: notificationViewSchema },
          tags,
          summary: 'Gửi thông báo',
          params: notificationUserParam,
          body: notificationSendBody,
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await service.send(requireUser(req), req.params.userId, req.body.message, actorOf(req))),
    );

    // STOMP 1.2 over WebSocket: the token travels in the CONNECT frame, so the upgrade itself is public.
    // A plain HTTP request here is told to upgrade (426) instead of meeting a bare 404.
    app.route({
      method: 'GET',
      url: '/notifications',
      config: { access: 'public' },
      schema: {
        response: {
          101: noBody('Chuyển sang WebSocket (STOMP 1.2)'),
          426: apiErrorSchema,
        },
        tags,
        summary: 'WebSocket STOMP 1.2: thông báo thời gian thực (/topic/notifications/{userId})',
      },
      handler: async (_req, reply) =>
        reply
          .status(426)
          .header('upgrade', 'websocket')
          .send({ status: 426, message: 'Địa chỉ này chỉ nhận kết nối WebSocket (STOMP 1.2)' }),
      wsHandler: (socket) => {
        stomp.accept(socket as unknown as SocketLike);
      },
    });
  };
}
