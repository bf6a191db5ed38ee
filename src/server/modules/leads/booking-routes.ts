import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../contract/common';
import {
  type BookingType,
  bookingCancelBody,
  bookingViewSchema,
  calendarQuery,
  calendarSchema,
  daySlotsSchema,
  LEAD_PATHS,
  LEAD_TYPE_LABELS,
  leadDetailSchema,
  maintenanceSlotsQuery,
  scheduleBody,
  slotConflictSchema,
  testDriveSlotsQuery,
} from '../../../contract/leads';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import type { BookingsService } from './bookings';

const tags = ['Dịch vụ: lái thử, bảo dưỡng, tư vấn'];
const tokenParam = z.object({
  token: z.string({ message: 'Liên kết không hợp lệ' }).min(1).max(80, { message: 'Liên kết không hợp lệ' }),
});

/**
 * Slots (public), the staff calendar and reschedule (MANAGE_SERVICE), and the customer's booking
 * behind its signed link (public: the signature is the permission).
 */
export function bookingRoutes(bookings: BookingsService) {
  /** The booking left out of a slots answer: the customer's own (signed token), or any for service staff. */
  const excluded = (req: FastifyRequest, query: { token?: string; exclude?: number }) => {
    if (query.token) return bookings.leadOfToken(query.token);
    const user = req.user;
    const staff = user && (user.role === 'ADMIN' || user.permissions.includes('MANAGE_SERVICE'));
    return staff ? query.exclude : undefined;
  };

  return async (app: App) => {
    const publicAccess = { access: 'public' as const };
    const manage = { access: 'MANAGE_SERVICE' as const };

    app.get(
      `${LEAD_PATHS.TEST_DRIVE.replace('/api', '')}/slots`,
      {
        config: publicAccess,
        schema: {
          response: { 200: daySlotsSchema },
          tags,
          summary: 'Khung giờ lái thử của một xe trong ngày (trống, đã đặt, đã qua)',
          querystring: testDriveSlotsQuery,
        },
      },
      (req) =>
        bookings.slots(
          'TEST_DRIVE',
          req.query.carId ?? null,
          req.query.date,
          excluded(req, req.query),
          req.ip,
        ),
    );

    app.get(
      `${LEAD_PATHS.MAINTENANCE.replace('/api', '')}/slots`,
      {
        config: publicAccess,
        schema: {
          response: { 200: daySlotsSchema },
          tags,
          summary: 'Khung giờ bảo dưỡng trong ngày, theo số khoang dịch vụ',
          querystring: maintenanceSlotsQuery,
        },
      },
      (req) => bookings.slots('MAINTENANCE', null, req.query.date, excluded(req, req.query), req.ip),
    );

    app.get(
      '/service-requests/calendar',
      {
        config: manage,
        schema: {
          response: { 200: calendarSchema },
          tags,
          summary: 'Lịch lái thử và bảo dưỡng theo ngày',
          querystring: calendarQuery,
        },
      },
      (req) => bookings.calendar(req.query.from!, req.query.to!),
    );

    for (const type of ['TEST_DRIVE', 'MAINTENANCE'] as BookingType[]) {
      app.put(
        `${LEAD_PATHS[type].replace('/api', '')}/admin/:id/schedule`,
        {
          config: manage,
          schema: {
            response: { 200: leadDetailSchema, 409: slotConflictSchema },
            tags,
            summary: `Đổi lịch hẹn ${LEAD_TYPE_LABELS[type].toLowerCase()}`,
            params: idParam,
            body: scheduleBody,
          },
        },
        (req) => bookings.reschedule(type, req.params.id, req.body, requireUser(req), actorOf(req)),
      );
    }

    app.get(
      '/bookings/:token',
      {
        config: publicAccess,
        schema: {
          response: { 200: bookingViewSchema },
          tags,
          summary: 'Lịch hẹn của khách (liên kết có chữ ký trong email)',
          params: tokenParam,
        },
      },
      (req) => bookings.view(req.params.token),
    );

    app.put(
      '/bookings/:token/schedule',
      {
        config: publicAccess,
        schema: {
          response: { 200: bookingViewSchema, 409: slotConflictSchema },
          tags,
          summary: 'Khách tự đổi giờ hẹn qua liên kết',
          description:
            'Mỗi lịch hẹn được khách đổi tối đa 3 lần mỗi ngày (theo giờ Việt Nam), mỗi địa chỉ IP tối đa 10 lần mỗi giờ; ' +
            'quá giới hạn trả về 429 kèm lời nhắn tiếng Việt. Nhân viên đổi lịch trong bảng điều khiển không bị tính.',
          params: tokenParam,
          body: scheduleBody,
        },
      },
      (req) => bookings.rescheduleByCustomer(req.params.token, req.body, actorOf(req)),
    );

    app.post(
      '/bookings/:token/cancel',
      {
        config: publicAccess,
        schema: {
          response: { 200: bookingViewSchema },
          tags,
          summary: 'Khách tự hủy lịch hẹn qua liên kết',
          params: tokenParam,
          body: bookingCancelBody,
        },
      },
      (req) => bookings.cancelByCustomer(req.params.token, req.body.reason, actorOf(req)),
    );
  };
}
