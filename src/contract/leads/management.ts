import { z } from 'zod';
import { transcriptTurnSchema } from '../chat-handoff';
import { type Page, pageQuery, positiveId, requiredText } from '../common';
import { parseVnDate, vnDayKey } from '../format';
import { checkRangeOrder, rangeFields } from '../stats';
import { optionalText } from './forms';
import { CONSULTING_TOPICS, LEAD_STATUSES, LEAD_TYPES, MAINTENANCE_SERVICE_TYPES } from './labels';
import { purchaseDetailsSchema } from './purchase';
import { leadSourceViewSchema } from './source';

/** Leads in the dashboard (MANAGE_SERVICE): list filters, changes, views and counts. */

const dateFilter = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const day = parseVnDate(v);
      if (!day) {
        ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ` });
        return z.NEVER;
      }
      return vnDayKey(day);
    });

const trueFalse = (message: string) =>
  z
    .enum(['true', 'false'], { message })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'));

/**
 * GET {path}/admin: page (1-based), size (default 5), search (accent-insensitive: name, phone,
 * e-mail, reference, car, plate), status, from / to (yyyy-mm-dd or dd/mm/yyyy: the booked day for
 * test drives and maintenance, the day of submission for consulting), assigneeId, overdue,
 * followUpOverdue (a promised call-back has passed), responseLate (new and past the response target).
 */
export const leadsQuery = pageQuery(5).extend({
  status: z.enum(LEAD_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  from: dateFilter('Từ ngày'),
  to: dateFilter('Đến ngày'),
  assigneeId: positiveId('Nhân viên không hợp lệ').optional(),
  overdue: trueFalse('Giá trị lọc quá hạn không hợp lệ'),
  /** Open leads whose follow-up moment ("hẹn gọi lại") has passed. */
  followUpOverdue: trueFalse('Giá trị lọc hẹn gọi lại không hợp lệ'),
  /** New leads past their response target. */
  responseLate: trueFalse('Giá trị lọc chờ phản hồi không hợp lệ'),
});
export type LeadsQuery = z.input<typeof leadsQuery>;

export const leadStatusBody = z.object({
  status: z.enum(LEAD_STATUSES, { message: 'Trạng thái không hợp lệ' }),
  note: optionalText('Ghi chú', 1000),
});
export type LeadStatusBody = z.input<typeof leadStatusBody>;

export const leadAssignBody = z.object({
  /** null takes the lead back from whoever had it. */
  assigneeId: positiveId('Nhân viên không hợp lệ').nullable(),
});
export type LeadAssignBody = z.input<typeof leadAssignBody>;

export const leadNoteBody = z.object({ note: requiredText('Ghi chú', 2000) });
export type LeadNoteBody = z.input<typeof leadNoteBody>;

export const staffRefSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
});
export type StaffRef = z.infer<typeof staffRefSchema>;

/** One lead as the dashboard shows it; fields of the other forms are null. */
export const leadViewSchema = z.object({
  leadId: z.number(),
  type: z.enum(LEAD_TYPES),
  typeLabel: z.string(),
  reference: z.string(),
  status: z.enum(LEAD_STATUSES),
  statusLabel: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  carId: z.number().nullable(),
  carLabel: z.string().nullable(),
  /** yyyy-mm-dd (Vietnam) of the appointment, test drives and maintenance only. */
  preferredDate: z.string().nullable(),
  /** The same day as dd/mm/yyyy. */
  preferredDateText: z.string().nullable(),
  timeSlot: z.string().nullable(),
  /** Whole days from today's midnight to the booked day (0 today, negative when past); null without a date. */
  daysUntil: z.number().nullable(),
  /** Still open (Mới, Đã liên hệ, Đã hẹn) while the booked moment has passed. */
  overdue: z.boolean(),
  licencePlate: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().nullable(),
  odometer: z.number().nullable(),
  serviceType: z.enum(MAINTENANCE_SERVICE_TYPES).nullable(),
  serviceTypeLabel: z.string().nullable(),
  topic: z.enum(CONSULTING_TOPICS).nullable(),
  topicLabel: z.string().nullable(),
  /** The visitor's note (test drive, maintenance) or message (consulting). */
  message: z.string().nullable(),
  assignee: staffRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The response deadline: the target (settings) counted in opening hours from arrival; null for older leads. */
  responseDueAt: z.string().nullable(),
  /** Opening-hours minutes waited: until now while new, until the first contact after; null when unknown. */
  waitingMinutes: z.number().nullable(),
  /** Still new and past the deadline. */
  responseLate: z.boolean(),
  /** When the lead first left "Mới" (the first contact); null while new. */
  firstResponseAt: z.string().nullable(),
  /** The promised call-back ("hẹn gọi lại"), ISO, and as dd/mm/yyyy HH:mm. */
  followUpAt: z.string().nullable(),
  followUpText: z.string().nullable(),
  /** Still open while its follow-up moment has passed. */
  followUpOverdue: z.boolean(),
  /** Where the visitor came from; null for leads sent before sources were recorded. */
  source: leadSourceViewSchema.nullable(),
  /** A buy-in's car, answers, valuation, offer and photos; null for the other types. */
  purchase: purchaseDetailsSchema.nullable(),
});
export type LeadView = z.infer<typeof leadViewSchema>;

/** SCHEDULE: the booked day or slot moved; REMINDER: the e-mail of the day before went out; OFFER: a buy-in's offer. */
export const LEAD_EVENT_KINDS = [
  'CREATED',
  'STATUS',
  'ASSIGN',
  'NOTE',
  'FOLLOW_UP',
  'SCHEDULE',
  'REMINDER',
  'OFFER',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export const leadEventViewSchema = z.object({
  eventId: z.number(),
  kind: z.enum(LEAD_EVENT_KINDS),
  fromStatus: z.enum(LEAD_STATUSES).nullable(),
  toStatus: z.enum(LEAD_STATUSES).nullable(),
  assignee: staffRefSchema.nullable(),
  note: z.string().nullable(),
  /** The staff member who acted; null for the visitor's own submission. */
  by: staffRefSchema.nullable(),
  createdAt: z.string(),
  /** A Vietnamese sentence for the history list. */
  text: z.string(),
});
export type LeadEventView = z.infer<typeof leadEventViewSchema>;

export const leadDetailSchema = leadViewSchema.extend({
  /** Newest first. */
  events: z.array(leadEventViewSchema),
  /** Statuses the lead may move to now. */
  nextStatuses: z.array(z.enum(LEAD_STATUSES)),
  /**
   * The chat so far when the visitor asked the advisor for a person (the visible turns, capped); an
   * advisor turn is `fromServer` only when the server signed it, otherwise it is the visitor's claim.
   */
  transcript: z.array(transcriptTurnSchema).nullable(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export type LeadPage = Page<LeadView>;

/** GET dashboard/service-requests?status= */
export const serviceRequestStatsQuery = z
  .object({
    status: z.enum(LEAD_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
    // The day the lead was sent (Vietnam), as on every dashboard statistic (src/contract/stats.ts).
    ...rangeFields,
  })
  .superRefine(checkRangeOrder);

export const serviceRequestStatsSchema = z.object({
  status: z.enum(LEAD_STATUSES).nullable(),
  total: z.number(),
  byType: z.array(z.object({ type: z.enum(LEAD_TYPES), label: z.string(), count: z.number() })),
  byStatus: z.array(z.object({ status: z.enum(LEAD_STATUSES), label: z.string(), count: z.number() })),
  /** Every (type, status) pair a type can be in (LEAD_TYPE_STATUSES), zeros included. */
  byTypeAndStatus: z.array(
    z.object({ type: z.enum(LEAD_TYPES), status: z.enum(LEAD_STATUSES), count: z.number() }),
  ),
});
export type ServiceRequestStats = z.infer<typeof serviceRequestStatsSchema>;
