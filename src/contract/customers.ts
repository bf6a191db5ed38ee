import { z } from 'zod';
import { pageOf, pageQuery, positiveId } from './common';
import { VN_PHONE } from './patterns';

/**
 * The customer record: one person, found by phone, to whom every lead, reservation, alert
 * subscription, deal and message attaches. Staff only (MANAGE_SERVICE or MANAGE_CAR); nothing here is
 * ever part of a public answer.
 */

/**
 * A Vietnamese mobile number in the one form the customer record keys on and ZNS expects: `84` and the
 * nine digits after the leading 0 (`0912 345 678`, `+84912345678`, `84912345678` → `84912345678`).
 * Null for anything that is not a Vietnamese mobile number.
 */
export function normalisePhone(input: string | null | undefined): string | null {
  if (!input) return null;
  const compact = input.trim().replace(/[\s.\-()]/g, '');
  if (!VN_PHONE.test(compact)) return null;
  const digits = compact.replace(/^\+/, '');
  return digits.startsWith('0') ? `84${digits.slice(1)}` : digits;
}

/** `84912345678` → `0912 345 678`, as staff read and dial it. */
export function displayPhone(normalised: string | null | undefined): string {
  if (!normalised) return '';
  const local = normalised.startsWith('84') ? `0${normalised.slice(2)}` : normalised;
  return local.length === 10 ? `${local.slice(0, 4)} ${local.slice(4, 7)} ${local.slice(7)}` : local;
}

/** "KH-000042": what staff quote; made from the record's number. */
export const customerCode = (id: number) => `KH-${String(id).padStart(6, '0')}`;

/** What a timeline entry speaks of. */
export const CUSTOMER_ENTRY_KINDS = [
  'LEAD',
  'RESERVATION',
  'ALERT',
  'DEAL',
  'MESSAGE',
  'CALL',
  'NOTE',
  'MERGE',
  'CONSENT',
] as const;
export type CustomerEntryKind = (typeof CUSTOMER_ENTRY_KINDS)[number];

export const CUSTOMER_ENTRY_LABELS: Record<CustomerEntryKind, string> = {
  LEAD: 'Yêu cầu',
  RESERVATION: 'Đặt cọc',
  ALERT: 'Đăng ký nhận tin',
  DEAL: 'Giao dịch',
  MESSAGE: 'Tin nhắn',
  CALL: 'Cuộc gọi',
  NOTE: 'Ghi chú',
  MERGE: 'Gộp hồ sơ',
  CONSENT: 'Đồng ý nhận tin',
};

export const CALL_OUTCOMES = ['REACHED', 'NO_ANSWER', 'BUSY', 'WRONG_NUMBER', 'CALL_BACK'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  REACHED: 'Đã nói chuyện',
  NO_ANSWER: 'Không nghe máy',
  BUSY: 'Máy bận',
  WRONG_NUMBER: 'Sai số',
  CALL_BACK: 'Hẹn gọi lại',
};

export const customerTimelineEntry = z.object({
  entryId: z.number(),
  kind: z.enum(CUSTOMER_ENTRY_KINDS),
  kindLabel: z.string(),
  /** What it is: "Lái thử Toyota Vios 2020 (LT-1A2B3C4D)". */
  title: z.string(),
  /** Its state when last told (a message's delivery, a call's outcome), or null. */
  status: z.string().nullable(),
  /** Where staff open it in the dashboard, or null. */
  link: z.string().nullable(),
  occurredAt: z.string(),
  /** Who did it (a call, a note, a merge), or null for what the customer did. */
  byName: z.string().nullable(),
});
export type CustomerTimelineEntry = z.infer<typeof customerTimelineEntry>;

export const customerSummarySchema = z.object({
  customerId: z.number(),
  code: z.string(),
  fullName: z.string(),
  /** `0912 345 678`, or '' when only an e-mail is known. */
  phone: z.string(),
  emails: z.array(z.string()),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  zaloConsent: z.boolean(),
  /** How many leads, reservations, subscriptions, deals and messages are attached. */
  entries: z.number(),
  lastActivityAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerDetailSchema = customerSummarySchema.extend({
  /** Every number known for the person (a merge keeps the other's). */
  phones: z.array(z.string()),
  notes: z.string().nullable(),
  /** When the customer said they no longer want Zalo messages; never messaged again after. */
  zaloOptedOutAt: z.string().nullable(),
  createdAt: z.string(),
  /** Codes of the records merged into this one. */
  mergedCodes: z.array(z.string()),
  /** Everything, newest first. */
  timeline: z.array(customerTimelineEntry),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customersPage = pageOf(customerSummarySchema);
export const customersQuery = pageQuery(20, 100);
export type CustomersQuery = z.infer<typeof customersQuery>;

export const customerIdParam = z.object({ customerId: positiveId('Mã khách hàng không hợp lệ') });

export const CUSTOMER_MESSAGES = {
  notFound: 'Không tìm thấy khách hàng',
  mergeSelf: 'Không thể gộp một khách hàng với chính mình',
  alreadyMerged: 'Khách hàng này đã được gộp vào hồ sơ khác',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  noPhone: 'Khách hàng chưa có số điện thoại',
} as const;

export const customerMergeBody = z.object({
  otherId: positiveId('Vui lòng chọn khách hàng cần gộp'),
});
export type CustomerMergeBody = z.infer<typeof customerMergeBody>;

/** While staff type a phone: the customer already known by it, or null. */
export const customerLookupQuery = z.object({
  phone: z.string().max(30, { message: CUSTOMER_MESSAGES.phoneInvalid }),
});
export const customerLookupSchema = z.object({ customer: customerSummarySchema.nullable() });

export const customerCallBody = z.object({
  /** The lead the call answers: the lead's history shows it and its first response is timed from it. */
  leadId: positiveId('Mã yêu cầu không hợp lệ').optional(),
  outcome: z.enum(CALL_OUTCOMES, { message: 'Vui lòng chọn kết quả cuộc gọi' }),
  note: z
    .string()
    .trim()
    .max(1000, { message: 'Ghi chú tối đa 1000 ký tự' })
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type CustomerCallBody = z.infer<typeof customerCallBody>;

export const customerUpdateBody = z.object({
  notes: z.string().max(4000, { message: 'Ghi chú tối đa 4000 ký tự' }).nullable().optional(),
  ownerId: positiveId('Nhân viên không hợp lệ').nullable().optional(),
  zaloConsent: z.boolean().optional(),
});
export type CustomerUpdateBody = z.infer<typeof customerUpdateBody>;
