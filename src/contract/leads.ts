import { z } from 'zod';
import { emailSchema, type Page, pageQuery, phoneSchema, positiveId, requiredText, text } from './common';
import { parseVnDate, vnDayKey } from './format';
import { checkRangeOrder, rangeFields } from './stats';

/**
 * Leads: the three public forms (test drive, maintenance, consulting) and their management in the
 * dashboard. One schema per form serves the web form and the server route alike.
 */

export const LEAD_TYPES = ['TEST_DRIVE', 'MAINTENANCE', 'CONSULTING'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  TEST_DRIVE: 'Lái thử',
  MAINTENANCE: 'Bảo dưỡng',
  CONSULTING: 'Tư vấn',
};

/** Public and management API paths of each lead type (docs/leads.md). */
export const LEAD_PATHS: Record<LeadType, string> = {
  TEST_DRIVE: '/api/test-drives',
  MAINTENANCE: '/api/maintenance',
  CONSULTING: '/api/consulting',
};

/** The dashboard page of each lead type: notifications link to `${page}?id=<leadId>`. */
export const LEAD_PAGES: Record<LeadType, string> = {
  TEST_DRIVE: '/dashboard/testdriveManagement',
  MAINTENANCE: '/dashboard/maintenanceManagement',
  CONSULTING: '/dashboard/consultantManagement',
};

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'Mới',
  CONTACTED: 'Đã liên hệ',
  SCHEDULED: 'Đã hẹn',
  DONE: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
};

/** Statuses in which the showroom still owes the customer something. */
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED'];

/**
 * The workflow Mới → Đã liên hệ → Đã hẹn → Hoàn thành, or Đã hủy: a lead moves forward (a step may
 * be skipped, e.g. a call that books the appointment at once goes Mới → Đã hẹn) or is cancelled
 * while still open; Hoàn thành and Đã hủy are final.
 */
export function nextLeadStatuses(from: LeadStatus): LeadStatus[] {
  const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];
  const at = chain.indexOf(from);
  if (at < 0 || from === 'DONE') return [];
  return [...chain.slice(at + 1), 'CANCELLED'];
}

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return nextLeadStatuses(from).includes(to);
}

export const MAINTENANCE_SERVICE_TYPES = ['PERIODIC', 'REPAIR', 'BODY_PAINT', 'INSPECTION', 'OTHER'] as const;
export type MaintenanceServiceType = (typeof MAINTENANCE_SERVICE_TYPES)[number];
export const MAINTENANCE_SERVICE_LABELS: Record<MaintenanceServiceType, string> = {
  PERIODIC: 'Bảo dưỡng định kỳ',
  REPAIR: 'Sửa chữa',
  BODY_PAINT: 'Đồng sơn',
  INSPECTION: 'Kiểm tra tổng quát',
  OTHER: 'Khác',
};

export const CONSULTING_TOPICS = ['BUY', 'SELL', 'INSTALLMENT', 'OTHER'] as const;
export type ConsultingTopic = (typeof CONSULTING_TOPICS)[number];
export const CONSULTING_TOPIC_LABELS: Record<ConsultingTopic, string> = {
  BUY: 'Mua xe',
  SELL: 'Bán xe, định giá xe',
  INSTALLMENT: 'Trả góp',
  OTHER: 'Khác',
};

// ---------------------------------------------------------------------------------------------
// Dates and time slots

/** How far ahead a visitor may book (in Vietnamese calendar days, today included). */
export const MAX_BOOKING_DAYS_AHEAD = 60;
export const SLOT_STEP_MINUTES = 30;
/** A test drive takes about an hour: the last slot starts an hour before closing. */
export const SLOT_DURATION_MINUTES = 60;
export const DEFAULT_OPENING = { open: 8 * 60, close: 18 * 60 };

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * The daily opening window read from the settings' free text ("8:00 - 18:00, Thứ Hai - Chủ Nhật",
 * "8h-17h30"); the default 8:00-18:00 when nothing readable is found.
 */
export function parseOpeningHours(textValue: string | null | undefined): { open: number; close: number } {
  const m = /(\d{1,2})\s*(?:[:hg.]\s*(\d{2}))?\s*h?\s*[-–—]\s*(\d{1,2})\s*(?:[:hg.]\s*(\d{2}))?/i.exec(
    textValue ?? '',
  );
  if (!m) return DEFAULT_OPENING;
  const open = Number(m[1]) * 60 + Number(m[2] ?? 0);
  const close = Number(m[3]) * 60 + Number(m[4] ?? 0);
  if (open >= close || close > 24 * 60 || Number(m[2] ?? 0) > 59 || Number(m[4] ?? 0) > 59)
    return DEFAULT_OPENING;
  return { open, close };
}

/** Slot start times ("08:00", "08:30", ...) that fit inside the opening hours. */
export function timeSlots(openingHours?: string | null): string[] {
  const { open, close } = parseOpeningHours(openingHours);
  const slots: string[] = [];
  const first = Math.ceil(open / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
  for (let t = first; t + SLOT_DURATION_MINUTES <= close; t += SLOT_STEP_MINUTES) slots.push(hhmm(t));
  return slots;
}

/** The first and last day a visitor may choose, as yyyy-mm-dd in Vietnam. */
export function bookingWindow(now: Date = new Date()): { first: string; last: string } {
  return {
    first: vnDayKey(now),
    last: vnDayKey(new Date(now.getTime() + MAX_BOOKING_DAYS_AHEAD * 86_400_000)),
  };
}

/** The moment an appointment starts (the day's end when no slot was chosen). */
export function appointmentMoment(date: string, slot?: string | null): Date {
  return new Date(`${date}T${slot ?? '23:59'}:00+07:00`);
}

const SLOT_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** A day chosen on the form: yyyy-mm-dd (date input) or dd/mm/yyyy; answered as yyyy-mm-dd. */
const preferredDate = z
  .string({ message: 'Vui lòng chọn ngày' })
  .trim()
  .min(1, { message: 'Vui lòng chọn ngày' })
  .transform((v, ctx) => {
    const day = parseVnDate(v);
    if (!day) {
      ctx.addIssue({ code: 'custom', message: 'Ngày không hợp lệ' });
      return z.NEVER;
    }
    return vnDayKey(day);
  })
  .refine((v) => v >= bookingWindow().first, { message: 'Ngày hẹn không được ở trong quá khứ' })
  .refine((v) => v <= bookingWindow().last, {
    message: `Chỉ nhận đặt lịch trong vòng ${MAX_BOOKING_DAYS_AHEAD} ngày tới`,
  });

const timeSlot = z
  .string({ message: 'Vui lòng chọn khung giờ' })
  .trim()
  .regex(SLOT_PATTERN, { message: 'Khung giờ không hợp lệ' });

/** A slot later today must still be ahead of us. */
function slotNotPast(v: { preferredDate?: string; timeSlot?: string }, ctx: z.RefinementCtx) {
  if (!v.preferredDate || !v.timeSlot) return;
  if (appointmentMoment(v.preferredDate, v.timeSlot).getTime() <= Date.now()) {
    ctx.addIssue({
      code: 'custom',
      path: ['timeSlot'],
      message: 'Khung giờ này đã qua, vui lòng chọn giờ khác',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Field schemas

/** '' and null mean "not given" (what an empty form field sends). */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const optionalEmail = z.preprocess(blankToUndefined, emailSchema.optional());

const optionalText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** An optional car chosen from the list: empty means none. */
const optionalCarId = z.preprocess(blankToUndefined, positiveId('Xe không hợp lệ').optional());

/** The hidden field only robots fill in (docs/leads.md: such a submission is answered but not stored). */
export const HONEYPOT_FIELD = 'website';
const honeypot = z.string().max(500).optional().nullable();

export const clientRequestId = z
  .string({ message: 'Thiếu mã yêu cầu' })
  .uuid({ message: 'Mã yêu cầu không hợp lệ' });

const fullName = requiredText('Họ và tên', 100);

/**
 * Vietnamese licence plates: 30A-123.45, 51G-12345, 51G-1234 (old four-digit), 51LD-123.45, and a
 * series digit before five digits (29A1-234.56). Digits after the letters: 4 or 5 are the number,
 * 6 are a series digit and the number.
 */
export const PLATE_PATTERN = /^(\d{2})([A-Z]{1,2})(\d{4,6})$/;

/** "51g 12345", "51G-123.45", "51G12345" -> "51G-123.45"; null when it is no Vietnamese plate. */
export function normalizePlate(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s.\-_]/g, '');
  const m = PLATE_PATTERN.exec(compact);
  if (!m) return null;
  if (Number(m[1]) < 11) return null;
  let series = m[2];
  let digits = m[3];
  if (digits.length === 6) {
    series += digits[0];
    digits = digits.slice(1);
  }
  const number = digits.length === 5 ? `${digits.slice(0, 3)}.${digits.slice(3)}` : digits;
  return `${m[1]}${series}-${number}`;
}

const licencePlate = z
  .string({ message: 'Vui lòng nhập biển số xe' })
  .trim()
  .min(1, { message: 'Vui lòng nhập biển số xe' })
  .max(20, { message: 'Biển số xe không hợp lệ' })
  .transform((v, ctx) => {
    const plate = normalizePlate(v);
    if (!plate) {
      ctx.addIssue({ code: 'custom', message: 'Biển số xe không hợp lệ (ví dụ: 30A-123.45 hoặc 51G-12345)' });
      return z.NEVER;
    }
    return plate;
  });

/** Digits typed with dot separators ("45.000") are numbers too. */
const groupedNumber = (label: string, min: number, max: number, required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.replace(/[.\s,]/g, '')) : v),
    z.coerce
      .number({ message: required })
      .int({ message: `${label} phải là số nguyên` })
      .min(min, { message: `${label} không hợp lệ` })
      .max(max, { message: `${label} không hợp lệ` }),
  );

const currentYear = () => Number(vnDayKey(new Date()).slice(0, 4));

const carYear = groupedNumber('Năm sản xuất', 1950, 9999, 'Vui lòng nhập năm sản xuất').refine(
  (y) => y <= currentYear() + 1,
  { message: 'Năm sản xuất không hợp lệ' },
);

// ---------------------------------------------------------------------------------------------
// The three public forms

export const testDriveForm = z
  .object({
    fullName,
    phone: phoneSchema,
    email: optionalEmail,
    carId: positiveId('Vui lòng chọn xe'),
    preferredDate,
    timeSlot,
    note: optionalText('Ghi chú', 1000),
    website: honeypot,
    clientRequestId,
  })
  .superRefine(slotNotPast);
export type TestDriveForm = z.input<typeof testDriveForm>;
export type TestDriveBody = z.output<typeof testDriveForm>;

export const maintenanceForm = z
  .object({
    fullName,
    phone: phoneSchema,
    email: optionalEmail,
    licencePlate,
    make: requiredText('Hãng xe', 50),
    model: requiredText('Dòng xe', 80),
    year: carYear,
    odometer: groupedNumber('Số km đã đi', 0, 2_000_000, 'Vui lòng nhập số km đã đi'),
    serviceType: z.enum(MAINTENANCE_SERVICE_TYPES, { message: 'Vui lòng chọn loại dịch vụ' }),
    preferredDate,
    timeSlot: z.preprocess(blankToUndefined, timeSlot.optional()),
    note: optionalText('Ghi chú', 1000),
    website: honeypot,
    clientRequestId,
  })
  .superRefine(slotNotPast);
export type MaintenanceForm = z.input<typeof maintenanceForm>;
export type MaintenanceBody = z.output<typeof maintenanceForm>;

export const consultingForm = z.object({
  fullName,
  phone: phoneSchema,
  email: emailSchema,
  topic: z.enum(CONSULTING_TOPICS, { message: 'Vui lòng chọn nội dung cần tư vấn' }),
  carId: optionalCarId,
  message: requiredText('Nội dung', 2000),
  website: honeypot,
  clientRequestId,
});
export type ConsultingForm = z.input<typeof consultingForm>;
export type ConsultingBody = z.output<typeof consultingForm>;

/** What a visitor gets back: no internal id, a reference to quote on the phone. */
export interface LeadReceipt {
  reference: string;
  type: LeadType;
  status: LeadStatus;
  fullName: string;
  carLabel: string | null;
  preferredDate: string | null;
  timeSlot: string | null;
  createdAt: string;
  message: string;
}

export const LEAD_THANK_YOU: Record<LeadType, string> = {
  TEST_DRIVE:
    'Đăng ký lái thử thành công! Nhân viên showroom sẽ liên hệ xác nhận lịch hẹn với bạn trong thời gian sớm nhất.',
  MAINTENANCE: 'Đặt lịch bảo dưỡng thành công! Nhân viên showroom sẽ liên hệ xác nhận lịch hẹn với bạn.',
  CONSULTING:
    'Gửi yêu cầu tư vấn thành công! Chuyên viên tư vấn sẽ liên hệ với bạn trong thời gian sớm nhất.',
};

export const LEAD_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
export const LEAD_RATE_LIMIT_MESSAGE = 'Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau 10 phút';

// ---------------------------------------------------------------------------------------------
// Management (MANAGE_SERVICE)

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

/**
 * GET {path}/admin: page (1-based), size (default 5), search (accent-insensitive: name, phone,
 * e-mail, reference, car, plate), status, from / to (yyyy-mm-dd or dd/mm/yyyy: the booked day for
 * test drives and maintenance, the day of submission for consulting), assigneeId, overdue.
 */
export const leadsQuery = pageQuery(5).extend({
  status: z.enum(LEAD_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  from: dateFilter('Từ ngày'),
  to: dateFilter('Đến ngày'),
  assigneeId: positiveId('Nhân viên không hợp lệ').optional(),
  overdue: z
    .enum(['true', 'false'], { message: 'Giá trị lọc quá hạn không hợp lệ' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
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

export interface StaffRef {
  userId: number;
  fullName: string;
}

/** One lead as the dashboard shows it; fields of the other forms are null. */
export interface LeadView {
  leadId: number;
  type: LeadType;
  typeLabel: string;
  reference: string;
  status: LeadStatus;
  statusLabel: string;
  fullName: string;
  phone: string;
  email: string | null;
  carId: number | null;
  carLabel: string | null;
  /** yyyy-mm-dd (Vietnam) of the appointment, test drives and maintenance only. */
  preferredDate: string | null;
  /** The same day as dd/mm/yyyy. */
  preferredDateText: string | null;
  timeSlot: string | null;
  /** Whole days from today's midnight to the booked day (0 today, negative when past); null without a date. */
  daysUntil: number | null;
  /** Still open (Mới, Đã liên hệ, Đã hẹn) while the booked moment has passed. */
  overdue: boolean;
  licencePlate: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  odometer: number | null;
  serviceType: MaintenanceServiceType | null;
  serviceTypeLabel: string | null;
  topic: ConsultingTopic | null;
  topicLabel: string | null;
  /** The visitor's note (test drive, maintenance) or message (consulting). */
  message: string | null;
  assignee: StaffRef | null;
  createdAt: string;
  updatedAt: string;
}

export const LEAD_EVENT_KINDS = ['CREATED', 'STATUS', 'ASSIGN', 'NOTE'] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];

export interface LeadEventView {
  eventId: number;
  kind: LeadEventKind;
  fromStatus: LeadStatus | null;
  toStatus: LeadStatus | null;
  assignee: StaffRef | null;
  note: string | null;
  /** The staff member who acted; null for the visitor's own submission. */
  by: StaffRef | null;
  createdAt: string;
  /** A Vietnamese sentence for the history list. */
  text: string;
}

export interface LeadDetail extends LeadView {
  /** Newest first. */
  events: LeadEventView[];
  /** Statuses the lead may move to now. */
  nextStatuses: LeadStatus[];
}

export type LeadPage = Page<LeadView>;

/** GET dashboard/service-requests?status= */
export const serviceRequestStatsQuery = z
  .object({
    status: z.enum(LEAD_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
    // The day the lead was sent (Vietnam), as on every dashboard statistic (src/contract/stats.ts).
    ...rangeFields,
  })
  .superRefine(checkRangeOrder);

export interface ServiceRequestStats {
  status: LeadStatus | null;
  total: number;
  byType: { type: LeadType; label: string; count: number }[];
  byStatus: { status: LeadStatus; label: string; count: number }[];
  /** Every (type, status) pair, zeros included. */
  byTypeAndStatus: { type: LeadType; status: LeadStatus; count: number }[];
}
