import { z } from 'zod';
import { emailSchema, phoneSchema, positiveId, requiredText, text, zaloConsentField } from '../common';
import { vnDayKey } from '../format';
import { preferredDate, slotNotPast, timeSlot } from './booking';
import {
  CONSULTING_TOPICS,
  LEAD_STATUSES,
  LEAD_TYPES,
  type LeadType,
  MAINTENANCE_SERVICE_TYPES,
} from './labels';
import { leadSourceInput } from './source';

/** The three public lead forms (test drive, maintenance, consulting) and what a visitor gets back. */

/** '' and null mean "not given" (what an empty form field sends). */
export const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const optionalEmail = z.preprocess(blankToUndefined, emailSchema.optional());

export const optionalText = (label: string, max: number) =>
  text(label, max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

/** An optional car chosen from the list: empty means none. */
export const optionalCarId = z.preprocess(blankToUndefined, positiveId('Xe không hợp lệ').optional());

/** The hidden field only robots fill in (docs/leads.md: such a submission is answered but not stored). */
export const HONEYPOT_FIELD = 'website';
export const honeypot = z.string().max(500).optional().nullable();

export const clientRequestId = z
  .string({ message: 'Thiếu mã yêu cầu' })
  .uuid({ message: 'Mã yêu cầu không hợp lệ' });

/**
 * Optional: the form sends one so a retry is one lead; a client may send the Idempotency-Key header
 * instead, or neither (a repeat within a few minutes is then the same lead, docs/leads.md).
 */
const optionalRequestId = z.preprocess(blankToUndefined, clientRequestId.optional());

export const fullName = requiredText('Họ và tên', 100);

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
export const groupedNumber = (label: string, min: number, max: number, required: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.replace(/[.\s,]/g, '')) : v),
    z.coerce
      .number({ message: required })
      .int({ message: `${label} phải là số nguyên` })
      .min(min, { message: `${label} không hợp lệ` })
      .max(max, { message: `${label} không hợp lệ` }),
  );

const currentYear = () => Number(vnDayKey(new Date()).slice(0, 4));

export const carYear = groupedNumber('Năm sản xuất', 1950, 9999, 'Vui lòng nhập năm sản xuất').refine(
  (y) => y <= currentYear() + 1,
  { message: 'Năm sản xuất không hợp lệ' },
);

// ---------------------------------------------------------------------------------------------
// The three public forms

export const testDriveForm = z
  .object({
    fullName,
    phone: phoneSchema,
    zaloConsent: zaloConsentField,
    email: optionalEmail,
    carId: positiveId('Vui lòng chọn xe'),
    preferredDate,
    timeSlot,
    note: optionalText('Ghi chú', 1000),
    website: honeypot,
    clientRequestId: optionalRequestId,
    /** Where the visitor came from (web app, first page of the visit). */
    source: leadSourceInput,
  })
  .superRefine(slotNotPast);
export type TestDriveForm = z.input<typeof testDriveForm>;
export type TestDriveBody = z.output<typeof testDriveForm>;

export const maintenanceForm = z
  .object({
    fullName,
    phone: phoneSchema,
    zaloConsent: zaloConsentField,
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
    clientRequestId: optionalRequestId,
    /** Where the visitor came from (web app, first page of the visit). */
    source: leadSourceInput,
  })
  .superRefine(slotNotPast);
export type MaintenanceForm = z.input<typeof maintenanceForm>;
export type MaintenanceBody = z.output<typeof maintenanceForm>;

export const consultingForm = z.object({
  fullName,
  phone: phoneSchema,
  zaloConsent: zaloConsentField,
  email: emailSchema,
  topic: z.enum(CONSULTING_TOPICS, { message: 'Vui lòng chọn nội dung cần tư vấn' }),
  carId: optionalCarId,
  message: requiredText('Nội dung', 2000),
  website: honeypot,
  clientRequestId: optionalRequestId,
  source: leadSourceInput,
});
export type ConsultingForm = z.input<typeof consultingForm>;
export type ConsultingBody = z.output<typeof consultingForm>;

/** What a visitor gets back: no internal id, a reference to quote on the phone. */
export const leadReceiptSchema = z.object({
  reference: z.string(),
  type: z.enum(LEAD_TYPES),
  status: z.enum(LEAD_STATUSES),
  fullName: z.string(),
  carLabel: z.string().nullable(),
  preferredDate: z.string().nullable(),
  timeSlot: z.string().nullable(),
  createdAt: z.string(),
  message: z.string(),
  /** The customer's own page for a booked day (move or cancel it), behind a signed link. */
  manageUrl: z.string().nullable().optional(),
});
export type LeadReceipt = z.infer<typeof leadReceiptSchema>;

export const LEAD_THANK_YOU: Record<LeadType, string> = {
  TEST_DRIVE:
    'Đăng ký lái thử thành công! Nhân viên showroom sẽ liên hệ xác nhận lịch hẹn với bạn trong thời gian sớm nhất.',
  MAINTENANCE: 'Đặt lịch bảo dưỡng thành công! Nhân viên showroom sẽ liên hệ xác nhận lịch hẹn với bạn.',
  CONSULTING:
    'Gửi yêu cầu tư vấn thành công! Chuyên viên tư vấn sẽ liên hệ với bạn trong thời gian sớm nhất.',
  PURCHASE:
    'Gửi thông tin bán xe thành công! Nhân viên thu mua sẽ liên hệ để hẹn kiểm tra xe và báo giá chính thức cho bạn.',
};

export const LEAD_RATE_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
export const LEAD_RATE_LIMIT_MESSAGE = 'Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau 10 phút';

/**
 * POST /api/consulting/admin: a consulting request staff take by hand (a phone call, a walk-in). While
 * the phone is typed the existing customer is offered; the lead joins that customer's timeline.
 */
export const leadByHandForm = z.object({
  fullName,
  phone: phoneSchema,
  email: optionalEmail,
  topic: z.enum(CONSULTING_TOPICS, { message: 'Vui lòng chọn nội dung cần tư vấn' }),
  message: requiredText('Nội dung', 2000),
});
export type LeadByHandForm = z.input<typeof leadByHandForm>;
export type LeadByHandBody = z.output<typeof leadByHandForm>;
