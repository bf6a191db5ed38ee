import { z } from 'zod';
import { intField } from './cars';
import { CAR_STATUSES } from './cars-labels';
import { emailSchema, type Page, pageQuery, phoneSchema, positiveId, requiredText, text } from './common';
import { parseVnDate, vnDayKey } from './format';
import { imageViewSchema } from './images';

/** Sold history (dashboard: soldhistory, soldhistory/{transactionId}). */

export const PAYMENT_METHODS = ['CASH', 'TRANSFER', 'INSTALLMENT'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  CASH: 'Tiền mặt',
  TRANSFER: 'Chuyển khoản',
  INSTALLMENT: 'Trả góp',
};

export const SALE_STATUSES = ['active', 'cancelled'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SALE_STATUS_LABELS: Record<SaleStatus, string> = { active: 'Đã bán', cancelled: 'Đã hủy' };

/** A calendar day as dd/mm/yyyy or yyyy-mm-dd -> 'yyyy-mm-dd' (the day in Vietnam). */
const day = (label: string) =>
  z.string({ message: `${label} không hợp lệ` }).transform((v, ctx) => {
    const date = parseVnDate(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ (dd/mm/yyyy)` });
      return z.NEVER;
    }
    return vnDayKey(date);
  });

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const saleCreateBody = z.object({
  carId: positiveId('Mã xe không hợp lệ'),
  buyerName: requiredText('Tên người mua', 100),
  buyerPhone: phoneSchema,
  buyerEmail: z.preprocess(blank, emailSchema.optional()),
  salePrice: intField('Giá bán', 1_000_000, 100_000_000_000),
  /** What the showroom paid for the car: optional, for margin statistics. */
  purchasePrice: z.preprocess(blank, intField('Giá nhập', 0, 100_000_000_000).nullable().optional()),
  /** Default: today. Not in the future. */
  saleDate: z.preprocess(
    blank,
    day('Ngày bán')
      .optional()
      .refine((d) => d === undefined || d <= vnDayKey(new Date()), {
        message: 'Ngày bán không được ở tương lai',
      }),
  ),
  paymentMethod: z.enum(PAYMENT_METHODS, { message: 'Vui lòng chọn hình thức thanh toán' }),
  /** A staff user id; default: the signed-in user. */
  salespersonId: z.preprocess(blank, positiveId('Nhân viên bán hàng không hợp lệ').optional()),
  note: text('Ghi chú', 2000).default(''),
});
export type SaleCreateBody = z.input<typeof saleCreateBody>;
export type SaleCreate = z.output<typeof saleCreateBody>;

export const saleCancelBody = z.object({
  reason: requiredText('Lý do hủy', 500),
});

export const salesQuery = pageQuery(5)
  .extend({
    from: z.preprocess(blank, day('Từ ngày').optional()),
    to: z.preprocess(blank, day('Đến ngày').optional()),
    status: z.preprocess(blank, z.enum(SALE_STATUSES, { message: 'Trạng thái không hợp lệ' }).optional()),
    paymentMethod: z.preprocess(
      blank,
      z.enum(PAYMENT_METHODS, { message: 'Hình thức thanh toán không hợp lệ' }).optional(),
    ),
    salespersonId: z.preprocess(blank, positiveId('Nhân viên bán hàng không hợp lệ').optional()),
    carId: z.preprocess(blank, positiveId('Mã xe không hợp lệ').optional()),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'Từ ngày không được sau đến ngày' });
    }
  });
export type SalesQuery = z.output<typeof salesQuery>;

export const transactionIdParam = z.object({ transactionId: positiveId('Mã giao dịch không hợp lệ') });

export const staffRefSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
});
export type StaffRef = z.infer<typeof staffRefSchema>;

export const saleViewSchema = z.object({
  transactionId: z.number(),
  status: z.enum(SALE_STATUSES),
  carId: z.number(),
  /** As sold (kept even if the car is edited later). */
  carName: z.string(),
  brand: z.string(),
  listPrice: z.number(),
  carStatus: z.enum(CAR_STATUSES),
  cover: imageViewSchema.nullable(),
  buyerName: z.string(),
  buyerPhone: z.string(),
  buyerEmail: z.string().nullable(),
  salePrice: z.number(),
  purchasePrice: z.number().nullable(),
  /** salePrice - purchasePrice when the purchase price is known. */
  margin: z.number().nullable(),
  /**
   * The car's true cost on the sale day (its cost ledger plus holding cost, docs/car-costs.md) and the
   * realised margin on it (salePrice − trueCost), both fixed when the sale was recorded; null when unknown.
   */
  trueCost: z.number().nullable(),
  trueMargin: z.number().nullable(),
  /** yyyy-mm-dd (show with formatDate). */
  saleDate: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  salesperson: staffRefSchema.nullable(),
  note: z.string(),
  createdAt: z.string(),
  createdBy: staffRefSchema.nullable(),
  cancelledAt: z.string().nullable(),
  cancelledBy: staffRefSchema.nullable(),
  cancelReason: z.string().nullable(),
  /** The online deposit kept on the sale: the reservation's code and the amount received. */
  deposit: z.object({ code: z.string(), amount: z.number() }).nullable(),
});
export type SaleView = z.infer<typeof saleViewSchema>;

export type SalePage = Page<SaleView>;
