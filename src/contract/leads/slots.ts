import { z } from 'zod';
import { apiErrorSchema, positiveId } from '../common';
import { parseVnDate, vnDayKey } from '../format';
import { preferredDate, slotNotPast, timeSlot } from './booking';
import { optionalText } from './forms';
import { LEAD_STATUSES } from './labels';
import { leadViewSchema } from './management';

/**
 * Bookings that hold: the availability of each slot, the 409 that offers the nearest free slots, the
 * staff calendar and its reschedule, and the customer's own page reached by a signed link.
 */

export const SLOT_STATES = ['free', 'taken', 'past'] as const;
export type SlotState = (typeof SLOT_STATES)[number];
export const SLOT_STATE_LABELS: Record<SlotState, string> = {
  free: 'Còn trống',
  taken: 'Đã có người đặt',
  past: 'Đã qua',
};

/** A submission without a request id repeated within this many minutes is the same lead. */
export const REPEAT_WINDOW_MINUTES = 10;
/** The header a client may send instead of the body's clientRequestId (a uuid). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Types of lead that book a day and slot. */
export const BOOKING_TYPES = ['TEST_DRIVE', 'MAINTENANCE'] as const;

/**
 * A customer's own moves (PUT /api/bookings/{token}/schedule): each one mails them and rings staff, so
 * a booking moves at most 3 times a day (Vietnam's calendar day) and an address at most 10 times an hour.
 * Staff moving a booking are not counted.
 */
export const BOOKING_MOVE_LIMITS = { perBookingPerDay: 3, perIpPerHour: 10 } as const;
export const BOOKING_MOVE_MESSAGES = {
  perBooking:
    'Lịch hẹn này đã được đổi 3 lần trong hôm nay. Nếu cần đổi thêm, vui lòng gọi showroom để được hỗ trợ.',
  perIp: 'Bạn đổi lịch hẹn quá nhiều lần, vui lòng thử lại sau 1 giờ hoặc gọi showroom để được hỗ trợ.',
} as const;
export type BookingType = (typeof BOOKING_TYPES)[number];

/** An optional day in a query: yyyy-mm-dd or dd/mm/yyyy, answered as yyyy-mm-dd. */
const queryDay = (label: string, required = false) =>
  z
    .string({ message: `Vui lòng chọn ${label.toLowerCase()}` })
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) {
        if (required) {
          ctx.addIssue({ code: 'custom', message: `Vui lòng chọn ${label.toLowerCase()}` });
          return z.NEVER;
        }
        return undefined;
      }
      const day = parseVnDate(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ` });
        return z.NEVER;
      }
      return vnDayKey(day);
    });

/**
 * Leaving one booking out of the count, to move it: the customer's own (its signed `token`), or any
 * lead (`exclude`, its id) for staff holding MANAGE_SERVICE; ignored for anyone else.
 */
const excluding = {
  token: z.string().trim().max(80, { message: 'Liên kết không hợp lệ' }).optional(),
  exclude: z.preprocess((v) => (v === '' ? undefined : v), positiveId('Mã yêu cầu không hợp lệ').optional()),
};

/** GET /api/test-drives/slots?carId=&date= (without a date: the first day with a free slot). */
export const testDriveSlotsQuery = z.object({
  ...excluding,
  carId: z
    .preprocess(
      (v) => (v === '' || v === undefined ? undefined : v),
      positiveId('Xe không hợp lệ').optional(),
    )
    .refine((v) => v !== undefined, { message: 'Vui lòng chọn xe' }),
  date: queryDay('Ngày'),
});
export type TestDriveSlotsQuery = z.input<typeof testDriveSlotsQuery>;

/** GET /api/maintenance/slots?date= */
export const maintenanceSlotsQuery = z.object({ date: queryDay('Ngày'), ...excluding });

export const slotViewSchema = z.object({
  /** HH:mm */
  time: z.string(),
  state: z.enum(SLOT_STATES),
  stateLabel: z.string(),
  /** Bookings the slot still takes (0 when taken or past; up to the bays for maintenance). */
  remaining: z.number().int(),
});
export type SlotView = z.infer<typeof slotViewSchema>;

export const daySlotsSchema = z.object({
  /** yyyy-mm-dd (Vietnam) */
  date: z.string(),
  /** dd/mm/yyyy */
  dateText: z.string(),
  carId: z.number().nullable(),
  /** Bookings one slot takes: 1 for a car's test drive, the service bays for maintenance. */
  capacity: z.number().int(),
  slots: z.array(slotViewSchema),
  /** The first day from today with a free slot (null when none in the booking window). */
  firstAvailableDate: z.string().nullable(),
  /** The last day a booking may be made. */
  lastDate: z.string(),
});
export type DaySlots = z.infer<typeof daySlotsSchema>;

/** A free slot offered instead of a taken one. */
export const slotChoiceSchema = z.object({
  date: z.string(),
  timeSlot: z.string(),
  dateText: z.string(),
  /** "09:30 Thứ Tư, 25/11/2026" */
  label: z.string(),
});
export type SlotChoice = z.infer<typeof slotChoiceSchema>;

/** 409 when the slot was taken meanwhile: the message names the nearest free slots, listed in `alternatives`. */
export const slotConflictSchema = apiErrorSchema.extend({
  alternatives: z.array(slotChoiceSchema).optional(),
});
export type SlotConflict = z.infer<typeof slotConflictSchema>;

const optionalSlot = z.preprocess((v) => (v === '' ? null : v), timeSlot.nullable().optional());

/** PUT {base}/{id}/schedule (staff) and PUT /api/bookings/{token}/schedule (the customer). */
export const scheduleBody = z
  .object({
    preferredDate,
    /** Required for a test drive; null or '' for a maintenance visit at any time of the day. */
    timeSlot: optionalSlot,
    note: optionalText('Ghi chú', 1000),
  })
  .superRefine((v, ctx) =>
    slotNotPast({ preferredDate: v.preferredDate, timeSlot: v.timeSlot ?? undefined }, ctx),
  );
export type ScheduleBody = z.input<typeof scheduleBody>;
export type ScheduleBodyParsed = z.output<typeof scheduleBody>;

/** The most days one calendar call may cover (a month view and its edges). */
export const CALENDAR_MAX_DAYS = 42;

/** GET /api/service-requests/calendar?from=&to= (inclusive days). */
export const calendarQuery = z
  .object({ from: queryDay('Từ ngày', true), to: queryDay('Đến ngày', true) })
  .superRefine((v, ctx) => {
    if (!v.from || !v.to) return;
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Đến ngày phải sau hoặc bằng Từ ngày' });
      return;
    }
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > CALENDAR_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `Lịch chỉ xem được tối đa ${CALENDAR_MAX_DAYS} ngày một lần`,
      });
  });
export type CalendarQuery = z.input<typeof calendarQuery>;

export const calendarSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The day's slots (the opening hours). */
  slots: z.array(z.string()),
  /** Maintenance bookings one slot takes (the service bays). */
  serviceBays: z.number().int(),
  /** Test drives and maintenance visits booked in the range, cancelled ones left out, by day and slot. */
  items: z.array(leadViewSchema),
});
export type CalendarView = z.infer<typeof calendarSchema>;

/** The customer's own booking, as the signed link shows it. */
export const bookingViewSchema = z.object({
  reference: z.string(),
  type: z.enum(BOOKING_TYPES),
  typeLabel: z.string(),
  status: z.enum(LEAD_STATUSES),
  statusLabel: z.string(),
  fullName: z.string(),
  /** The test drive's car (a link to its page); null for maintenance. */
  carId: z.number().nullable(),
  /** "Toyota Vios 1.5G 2020", or the customer's own car "Honda City 2019 (51G-123.45)". */
  vehicle: z.string(),
  serviceTypeLabel: z.string().nullable(),
  preferredDate: z.string(),
  preferredDateText: z.string(),
  timeSlot: z.string().nullable(),
  /** The customer may still move or cancel it. */
  canChange: z.boolean(),
  /** Why not, when not ("Lịch hẹn đã được hủy"). */
  notice: z.string().nullable(),
  showroom: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  /** The signed token of this booking as it stands (a reschedule makes a new one). */
  token: z.string(),
  url: z.string(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const bookingCancelBody = z.object({ reason: optionalText('Lý do', 500) });
export type BookingCancelBody = z.input<typeof bookingCancelBody>;
