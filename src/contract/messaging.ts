import { z } from 'zod';
import { positiveId } from './common';

/**
 * Zalo Notification Service (ZNS) messages beside e-mail: which messages exist, the template each uses
 * (settings), and what staff see of each message on the customer's timeline.
 */

export const ZALO_MESSAGE_KINDS = [
  'BOOKING_CONFIRMED',
  'BOOKING_REMINDER',
  'RESERVATION_PAYMENT_REQUEST',
  'RESERVATION_PAID',
  'RESERVATION_CLAIM_RECEIVED',
  'PURCHASE_OFFER',
  'DEAL_STEP',
  'TRANSFER_STEP',
  'PRICE_DROP',
  'SAVED_SEARCH',
  'FOLLOW_UP',
] as const;
export type ZaloMessageKind = (typeof ZALO_MESSAGE_KINDS)[number];

export const ZALO_MESSAGE_LABELS: Record<ZaloMessageKind, string> = {
  BOOKING_CONFIRMED: 'Xác nhận lịch hẹn',
  BOOKING_REMINDER: 'Nhắc lịch hẹn ngày mai',
  RESERVATION_PAYMENT_REQUEST: 'Yêu cầu chuyển tiền cọc',
  RESERVATION_PAID: 'Biên nhận tiền cọc',
  RESERVATION_CLAIM_RECEIVED: 'Đã nhận báo chuyển khoản',
  PURCHASE_OFFER: 'Báo giá thu mua xe',
  DEAL_STEP: 'Bước giao dịch',
  TRANSFER_STEP: 'Bước sang tên',
  PRICE_DROP: 'Xe giảm giá',
  SAVED_SEARCH: 'Xe mới phù hợp',
  FOLLOW_UP: 'Chăm sóc khách hàng',
};

/** What staff may send by hand from a lead or customer page (the others follow the showroom's steps). */
export const STAFF_ZALO_KINDS = ['FOLLOW_UP'] as const;

export const ZALO_STATES = ['QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'SKIPPED', 'OUTBOX'] as const;
export type ZaloState = (typeof ZALO_STATES)[number];
export const ZALO_STATE_LABELS: Record<ZaloState, string> = {
  QUEUED: 'Đang chờ gửi',
  SENT: 'Đã gửi',
  DELIVERED: 'Khách đã nhận',
  FAILED: 'Gửi không thành công',
  SKIPPED: 'Không gửi',
  OUTBOX: 'Chưa cấu hình Zalo: lưu vào hộp thư đi',
};

const templateId = z
  .string()
  .trim()
  .max(20, { message: 'Mã mẫu ZNS tối đa 20 ký tự' })
  .regex(/^\d*$/, { message: 'Mã mẫu ZNS chỉ gồm chữ số' });

/** Settings: the approved ZNS template id of each message kind; blank: that message is not sent by Zalo. */
export const zaloSettings = z.object({
  templates: z.object(
    Object.fromEntries(ZALO_MESSAGE_KINDS.map((k) => [k, templateId.default('')])) as Record<
      ZaloMessageKind,
      z.ZodDefault<typeof templateId>
    >,
  ),
});
export type ZaloSettings = z.infer<typeof zaloSettings>;
export const DEFAULT_ZALO_SETTINGS: ZaloSettings = {
  templates: Object.fromEntries(ZALO_MESSAGE_KINDS.map((k) => [k, ''])) as Record<ZaloMessageKind, string>,
};

/** POST /api/customers/{customerId}/zalo: one click from the customer or lead page. */
export const staffZaloBody = z.object({
  kind: z.enum(STAFF_ZALO_KINDS, { message: 'Vui lòng chọn mẫu tin Zalo' }),
  /** The lead the message answers: its first response is timed from it. */
  leadId: positiveId('Mã yêu cầu không hợp lệ').optional(),
});
export type StaffZaloBody = z.infer<typeof staffZaloBody>;

export const staffZaloAnswer = z.object({
  messageId: z.number().nullable(),
  state: z.enum(ZALO_STATES),
  stateLabel: z.string(),
  message: z.string(),
});

export const ZALO_MESSAGES = {
  noPhone: 'Khách hàng chưa có số điện thoại để nhận tin Zalo',
  noConsent: 'Khách hàng chưa đồng ý nhận thông báo qua Zalo',
  optedOut: 'Khách hàng đã ngừng nhận tin Zalo',
  capped: 'Số điện thoại này đã nhận đủ số tin Zalo cho phép trong ngày',
  queued: 'Đã xếp tin Zalo vào hàng gửi',
  outbox: 'Chưa cấu hình Zalo: tin được lưu vào hộp thư đi',
  noTemplate: 'Chưa có mã mẫu ZNS cho loại tin này trong cấu hình',
  badSignature: 'Chữ ký webhook Zalo không hợp lệ',
} as const;
