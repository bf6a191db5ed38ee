import { z } from 'zod';
import {
  blankToUndefined,
  emailSchema,
  pageQuery,
  phoneSchema,
  positiveId,
  requiredText,
  text,
  zaloConsentField,
} from './common';
import {
  PAYMENT_OUTCOMES,
  type PaymentOutcome,
  RESERVATION_STATUSES,
  type ReservationBank,
  type ReservationStatus,
} from './reservation-labels';

export * from './reservation-labels';

/**
 * Settings › Đặt cọc: how much, how long a paid deposit holds, and the account the deposits go to. How
 * long an unpaid request holds the car is the environment's RESERVATION_HOLD_MINUTES (a short hold is a
 * defence against taking cars off sale, not a business preference).
 */
export const reservationSettings = z.object({
  enabled: z.boolean({ message: 'Giá trị bật/tắt không hợp lệ' }),
  depositMode: z.enum(['fixed', 'percent'], { message: 'Cách tính tiền cọc không hợp lệ' }),
  depositAmount: z.coerce
    .number({ message: 'Tiền cọc không hợp lệ' })
    .int({ message: 'Tiền cọc phải là số nguyên' })
    .min(100_000, { message: 'Tiền cọc tối thiểu 100.000 đ' })
    .max(1_000_000_000, { message: 'Tiền cọc tối đa 1 tỷ' }),
  depositPercent: z.coerce
    .number({ message: 'Tỷ lệ cọc không hợp lệ' })
    .min(0.5, { message: 'Tỷ lệ cọc từ 0,5% đến 50%' })
    .max(50, { message: 'Tỷ lệ cọc từ 0,5% đến 50%' }),
  paidHoldDays: z.coerce
    .number({ message: 'Số ngày giữ xe không hợp lệ' })
    .int({ message: 'Số ngày giữ xe phải là số nguyên' })
    .min(1, { message: 'Số ngày giữ xe từ 1 đến 30' })
    .max(30, { message: 'Số ngày giữ xe từ 1 đến 30' }),
  bankBin: z
    .string()
    .trim()
    .refine((v) => v === '' || /^\d{6}$/.test(v), { message: 'Mã ngân hàng (BIN) gồm 6 chữ số' }),
  accountNumber: z
    .string()
    .trim()
    // The pattern's own bound, stated so the settings form can read it as its maxlength.
    .max(19, { message: 'Số tài khoản gồm 4 đến 19 chữ số hoặc chữ cái' })
    .refine((v) => v === '' || /^[0-9A-Za-z]{4,19}$/.test(v), {
      message: 'Số tài khoản gồm 4 đến 19 chữ số hoặc chữ cái',
    }),
  accountName: text('Tên chủ tài khoản', 100),
  /** The key the bank-transfer notifier sends as `Authorization: Apikey <key>`; blank refuses every call. */
  webhookApiKey: text('Khóa API webhook', 200),
});
export type ReservationSettings = z.infer<typeof reservationSettings>;

export const DEFAULT_RESERVATION_SETTINGS: ReservationSettings = {
  enabled: true,
  depositMode: 'fixed',
  depositAmount: 10_000_000,
  depositPercent: 5,
  paidHoldDays: 3,
  bankBin: '',
  accountNumber: '',
  accountName: '',
  webhookApiKey: '',
};

/** POST /api/reservations: the visitor's contact and the car. */
export const reservationCreateBody = z.object({
  carId: positiveId('Mã xe không hợp lệ'),
  fullName: requiredText('Họ tên', 100),
  phone: phoneSchema,
  zaloConsent: zaloConsentField,
  // The receipt goes there: an empty box asks for it, something typed can be "không hợp lệ".
  email: z
    .string({ message: 'Vui lòng nhập email' })
    .trim()
    .min(1, { message: 'Vui lòng nhập email' })
    .pipe(emailSchema),
  /** Retries of one submission carry the same id and get the same reservation. */
  clientRequestId: z.preprocess(blankToUndefined, z.uuid({ message: 'Mã yêu cầu không hợp lệ' }).optional()),
});
export type ReservationCreateBody = z.input<typeof reservationCreateBody>;
export type ReservationCreate = z.output<typeof reservationCreateBody>;

export const reservationCodeParam = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^DC[2-9A-HJKMNP-Z]{6}$/, { message: 'Mã đặt cọc không hợp lệ' }),
});
export const reservationTokenQuery = z.object({
  token: z.string({ message: 'Thiếu mã xác thực' }).min(10, { message: 'Mã xác thực không hợp lệ' }).max(200),
});
export const reservationCancelBody = reservationTokenQuery;

/** GET /api/reservations/admin?status&search&page&size */
export const reservationsAdminQuery = pageQuery(10).extend({
  status: z.preprocess(
    blankToUndefined,
    z.enum(RESERVATION_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional(),
  ),
  search: z.preprocess(blankToUndefined, text('Từ khóa', 100).optional()),
  carId: z.preprocess(blankToUndefined, positiveId('Mã xe không hợp lệ').optional()),
});
export type ReservationsAdminQuery = z.infer<typeof reservationsAdminQuery>;

export const markPaidBody = z.object({
  bankReference: requiredText('Mã giao dịch ngân hàng', 100),
  note: text('Ghi chú', 1000).default(''),
});
export const extendBody = z.object({
  hours: z.coerce
    .number({ message: 'Số giờ gia hạn không hợp lệ' })
    .int({ message: 'Số giờ gia hạn phải là số nguyên' })
    .min(1, { message: 'Gia hạn từ 1 đến 720 giờ' })
    .max(720, { message: 'Gia hạn từ 1 đến 720 giờ' }),
});
export const staffCancelBody = z.object({ reason: requiredText('Lý do hủy', 500) });
export const refundBody = z.object({
  amount: z.coerce
    .number({ message: 'Số tiền hoàn không hợp lệ' })
    .int({ message: 'Số tiền hoàn phải là số nguyên' })
    .min(1, { message: 'Số tiền hoàn phải lớn hơn 0' })
    .max(1_000_000_000, { message: 'Số tiền hoàn quá lớn' }),
  reason: requiredText('Lý do hoàn cọc', 500),
  reference: text('Mã giao dịch hoàn', 100).default(''),
});

export interface ReservationAdminView {
  reservationId: number;
  code: string;
  status: ReservationStatus;
  statusLabel: string;
  carId: number;
  carName: string;
  carPrice: number;
  customerName: string;
  phone: string;
  email: string;
  amount: number;
  bank: ReservationBank;
  expiresAt: string;
  holdUntil: string | null;
  paidAt: string | null;
  paidVia: 'webhook' | 'manual' | null;
  paidAmount: number | null;
  bankReference: string | null;
  saleId: number | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  refundedAt: string | null;
  refundAmount: number | null;
  refundReason: string | null;
  refundReference: string | null;
  note: string;
  createdAt: string;
  /** A paid hold past its end still holds the car: staff decide (extend, cancel and refund, or sell). */
  holdLapsed: boolean;
  /** The visitor's address when they reserved (null before it was recorded). */
  sourceIp: string | null;
  /** When the visitor said "Tôi đã chuyển khoản", or null. */
  claimedPaidAt: string | null;
  signals: ReservationSignals;
}

/**
 * Squatting signals: how many different cars the same phone, e-mail and address reserved in the last
 * SIGNAL_WINDOW_DAYS (this one included); more than one is worth a look.
 */
export interface ReservationSignals {
  phoneCars: number;
  emailCars: number;
  ipCars: number;
}
export const SIGNAL_WINDOW_DAYS = 30;

/**
 * SePay's webhook body (a Vietnamese bank-transfer notification service). Other fields they send
 * (subAccount, accumulated, code, description) are kept in the stored payload and not relied on.
 */
export const sepayWebhookBody = z.object({
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)], {
    message: 'Mã giao dịch (id) không hợp lệ',
  }),
  gateway: z.string({ message: 'Thiếu ngân hàng (gateway)' }).max(100),
  transactionDate: z.string({ message: 'Thiếu thời gian giao dịch' }).max(40),
  accountNumber: z.string({ message: 'Thiếu số tài khoản' }).max(40),
  content: z.string({ message: 'Thiếu nội dung chuyển khoản' }).max(1000),
  transferType: z.enum(['in', 'out'], { message: 'Loại giao dịch phải là in hoặc out' }),
  // Whole đồng as a JSON number: "10.000.000" or 10000000.5 is not an amount in VND.
  transferAmount: z
    .number({ message: 'Số tiền (transferAmount) phải là số nguyên đồng' })
    .int({ message: 'Số tiền (transferAmount) phải là số nguyên đồng' })
    .nonnegative({ message: 'Số tiền (transferAmount) không được âm' })
    .max(1_000_000_000_000, { message: 'Số tiền (transferAmount) quá lớn' }),
  referenceCode: z.string().max(100).nullish(),
});
export type SepayWebhookBody = z.infer<typeof sepayWebhookBody>;

/** GET /api/payments/admin?outcome&pending&page&size: the bank's notifications. */
export const paymentsAdminQuery = pageQuery(10).extend({
  outcome: z.preprocess(
    blankToUndefined,
    z.enum(PAYMENT_OUTCOMES, { message: 'Kết quả không hợp lệ' }).optional(),
  ),
  /** true: only those that confirmed nothing and no one has handled yet. */
  pending: z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)),
    z.boolean({ message: 'Giá trị lọc không hợp lệ' }).optional(),
  ),
});
export const paymentHandledBody = z.object({ note: requiredText('Ghi chú xử lý', 500) });

export interface PaymentNotificationView {
  paymentId: number;
  providerId: string;
  gateway: string;
  accountNumber: string;
  amount: number;
  content: string;
  referenceCode: string | null;
  transferType: 'in' | 'out';
  transactionDate: string;
  receivedAt: string;
  outcome: PaymentOutcome;
  outcomeLabel: string;
  reservationId: number | null;
  reservationCode: string | null;
  handledAt: string | null;
  handledNote: string | null;
}

const bankSchema = z.object({
  bin: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
const statusSchema = z.enum(RESERVATION_STATUSES);
const when = z.string().nullable();

export const reservationPublicViewSchema = z.object({
  code: z.string(),
  token: z.string(),
  status: statusSchema,
  statusLabel: z.string(),
  carId: z.number(),
  carName: z.string(),
  carPrice: z.number(),
  customerName: z.string(),
  amount: z.number(),
  bank: bankSchema,
  transferContent: z.string(),
  expiresAt: z.string(),
  expiresAtText: z.string(),
  claimedPaidAt: when,
  holdUntil: when,
  paidAt: when,
  url: z.string(),
  qrPayload: z.string(),
  qrImage: z.string(),
  createdAt: z.string(),
});

export const reservationAdminViewSchema = z.object({
  reservationId: z.number(),
  code: z.string(),
  status: statusSchema,
  statusLabel: z.string(),
  carId: z.number(),
  carName: z.string(),
  carPrice: z.number(),
  customerName: z.string(),
  phone: z.string(),
  email: z.string(),
  amount: z.number(),
  bank: bankSchema,
  expiresAt: z.string(),
  holdUntil: when,
  paidAt: when,
  paidVia: z.enum(['webhook', 'manual']).nullable(),
  paidAmount: z.number().nullable(),
  bankReference: z.string().nullable(),
  saleId: z.number().nullable(),
  cancelledAt: when,
  cancelReason: z.string().nullable(),
  refundedAt: when,
  refundAmount: z.number().nullable(),
  refundReason: z.string().nullable(),
  refundReference: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  holdLapsed: z.boolean(),
  sourceIp: z.string().nullable(),
  claimedPaidAt: when,
  signals: z.object({ phoneCars: z.number(), emailCars: z.number(), ipCars: z.number() }),
});

export const paymentNotificationViewSchema = z.object({
  paymentId: z.number(),
  providerId: z.string(),
  gateway: z.string(),
  accountNumber: z.string(),
  amount: z.number(),
  content: z.string(),
  referenceCode: z.string().nullable(),
  transferType: z.enum(['in', 'out']),
  transactionDate: z.string(),
  receivedAt: z.string(),
  outcome: z.enum(PAYMENT_OUTCOMES),
  outcomeLabel: z.string(),
  reservationId: z.number().nullable(),
  reservationCode: z.string().nullable(),
  handledAt: when,
  handledNote: z.string().nullable(),
});
