import { z } from 'zod';
import { intField } from './cars';
import { CAR_STATUSES } from './cars-labels';
import {
  blankToUndefined,
  emailSchema,
  pageQuery,
  phoneSchema,
  positiveId,
  requiredText,
  text,
} from './common';
import { DEAL_DOCUMENT_KINDS } from './deal-documents';
import {
  CHECKLIST_ITEMS,
  CHECKLIST_STATUSES,
  DEAL_PAYMENT_METHODS,
  DEAL_STATUSES,
  type DealStatus,
  LOAN_STATUSES,
  PAYMENT_KINDS,
  TRANSFER_STEPS,
} from './deal-labels';

export * from './deal-labels';

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const money = (label: string, min = 0) => intField(label, min, 100_000_000_000);

/** The buyer, kept on the deal itself (name, phone; the CCCD and address the contract needs). */
export const dealCustomerSchema = z.object({
  fullName: requiredText('Họ tên khách hàng', 100),
  phone: phoneSchema,
  email: optional(emailSchema),
  idNumber: optional(
    z
      .string()
      .trim()
      .regex(/^\d{12}$/, { message: 'Số CCCD gồm 12 chữ số' }),
  ),
  address: optional(text('Địa chỉ', 300)),
});
export type DealCustomer = z.output<typeof dealCustomerSchema>;

/** A car taken in part-exchange: a buy-in lead or a valuation, its agreed value taken off the price. */
export const tradeInSchema = z.object({
  description: requiredText('Mô tả xe đổi', 200),
  value: money('Giá trị xe đổi', 1),
  purchaseLeadId: optional(positiveId('Mã yêu cầu thu mua không hợp lệ')),
});

/** POST /api/deals */
export const dealCreateBody = z.object({
  carId: positiveId('Mã xe không hợp lệ'),
  customer: dealCustomerSchema,
  reservationCode: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^DC[2-9A-HJKMNP-Z]{6}$/, { message: 'Mã đặt cọc không hợp lệ' }),
  ),
  tradeIn: optional(tradeInSchema),
  /** The agreed price; default the car's listed price. */
  price: optional(money('Giá bán', 1_000_000)),
  /** The buy-in or consulting lead the deal started from, for the record. */
  leadId: optional(positiveId('Mã khách hàng tiềm năng không hợp lệ')),
});
export type DealCreateBody = z.input<typeof dealCreateBody>;
export type DealCreate = z.output<typeof dealCreateBody>;

/** The car's identity from its registration (cà vẹt) and what is handed over with it. */
export const dealVehicleSchema = z.object({
  vin: optional(text('Số khung', 30)),
  engineNumber: optional(text('Số máy', 30)),
  plate: optional(text('Biển số', 20)),
});

export const dealHandoverSchema = z.object({
  odometerKm: intField('Số km khi bàn giao', 0, 2_000_000),
  keys: intField('Số chìa khóa', 0, 10),
  papers: z.array(text('Giấy tờ', 100)).max(20, { message: 'Tối đa 20 giấy tờ' }),
  accessories: z.array(text('Phụ kiện', 100)).max(30, { message: 'Tối đa 30 phụ kiện' }),
  condition: text('Tình trạng xe', 1000),
});

/** PUT /api/deals/{dealId}: any part; price and trade-in only before the contract is signed. */
export const dealUpdateBody = z
  .object({
    customer: dealCustomerSchema,
    price: money('Giá bán', 1_000_000),
    tradeIn: tradeInSchema.nullable(),
    vehicle: dealVehicleSchema,
    handover: dealHandoverSchema,
    note: text('Ghi chú', 2000),
  })
  .partial()
  .strict();
export type DealUpdate = z.output<typeof dealUpdateBody>;

export const DEAL_MESSAGES = {
  reasonRequired: 'Vui lòng nhập lý do',
} as const;

/** PUT /api/deals/{dealId}/status */
export const dealStatusBody = z.object({
  status: z.enum(DEAL_STATUSES, { message: 'Trạng thái giao dịch không hợp lệ' }),
  reason: optional(text('Lý do', 500)),
});

/** POST /api/deals/{dealId}/payments */
export const dealPaymentBody = z
  .object({
    kind: z.enum(PAYMENT_KINDS, { message: 'Loại khoản tiền không hợp lệ' }),
    method: z.enum(DEAL_PAYMENT_METHODS, { message: 'Hình thức thanh toán không hợp lệ' }),
    amount: money('Số tiền', 1),
    reference: text('Mã giao dịch', 100).default(''),
    note: text('Ghi chú', 500).default(''),
  })
  .refine((p) => (p.kind === 'loan') === (p.method === 'loan'), {
    message: 'Khoản giải ngân đi với hình thức "Vay ngân hàng" và ngược lại',
    path: ['method'],
  });
export type DealPaymentCreate = z.output<typeof dealPaymentBody>;

export const dealIdParam = z.object({ dealId: positiveId('Mã giao dịch không hợp lệ') });
export const dealDocumentParam = dealIdParam.extend({
  kind: z.enum(DEAL_DOCUMENT_KINDS, { message: 'Loại giấy tờ không hợp lệ' }),
});

/** GET /api/deals?status&search&page&size */
export const dealsQuery = pageQuery(20).extend({
  status: optional(z.enum(DEAL_STATUSES, { message: 'Trạng thái không hợp lệ' })),
  search: optional(text('Từ khóa', 100)),
  carId: optional(positiveId('Mã xe không hợp lệ')),
});
export type DealsQuery = z.infer<typeof dealsQuery>;

/** POST /api/deals/{dealId}/loans: an application to a partner bank (its rules checked). */
export const loanCreateBody = z.object({
  bankName: requiredText('Ngân hàng', 100),
  amount: money('Số tiền vay', 1_000_000),
  termMonths: intField('Thời hạn vay', 1, 120),
});
export type LoanCreate = z.output<typeof loanCreateBody>;

/** PUT /api/deals/{dealId}/loans/{loanId}/status: the bank's answer, with its conditions. */
export const loanStatusBody = z.object({
  status: z.enum(LOAN_STATUSES, { message: 'Trạng thái hồ sơ vay không hợp lệ' }),
  conditions: text('Điều kiện của ngân hàng', 1000).default(''),
});
export const loanIdParam = dealIdParam.extend({ loanId: positiveId('Mã hồ sơ vay không hợp lệ') });

export const loanViewSchema = z.object({
  loanId: z.number(),
  bankName: z.string(),
  amount: z.number(),
  termMonths: z.number(),
  interestRate: z.number(),
  /** The first month's payment on a declining balance (equal principal), as the car page computes it. */
  monthlyPayment: z.number(),
  status: z.enum(LOAN_STATUSES),
  conditions: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  disbursedAt: z.string().nullable(),
});
export type LoanView = z.infer<typeof loanViewSchema>;

/** PUT /api/deals/{dealId}/checklist/{item} */
export const checklistParam = dealIdParam.extend({
  item: z.enum(CHECKLIST_ITEMS, { message: 'Loại giấy tờ không hợp lệ' }),
});
export const checklistBody = z.object({
  status: z.enum(CHECKLIST_STATUSES, { message: 'Trạng thái giấy tờ không hợp lệ' }),
});

/** PUT /api/deals/{dealId}/transfer/{step}: done (or undone), and who owns it. */
export const transferParam = dealIdParam.extend({
  step: z.enum(TRANSFER_STEPS, { message: 'Bước sang tên không hợp lệ' }),
});
export const transferBody = z.object({
  done: z.boolean({ message: 'Giá trị hoàn thành không hợp lệ' }),
  ownerId: optional(positiveId('Người phụ trách không hợp lệ')),
});

export const transferStepViewSchema = z.object({
  step: z.enum(TRANSFER_STEPS),
  label: z.string(),
  /** yyyy-mm-dd (Vietnam), null until the previous step (or the handover) starts the clock. */
  dueOn: z.string().nullable(),
  doneOn: z.string().nullable(),
  late: z.boolean(),
});

/** GET /api/deals/public/{token}: what the buyer's page shows, nothing more. */
export const dealPublicViewSchema = z.object({
  code: z.string(),
  carName: z.string(),
  status: z.enum(DEAL_STATUSES),
  statusLabel: z.string(),
  buyerName: z.string(),
  steps: z.array(transferStepViewSchema),
  showroomName: z.string(),
  showroomPhone: z.string(),
});
export type DealPublicView = z.infer<typeof dealPublicViewSchema>;
export const dealTokenParam = z.object({
  token: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{32}$/, { message: 'Đường dẫn không hợp lệ' }),
});

const staffRef = z.object({ userId: z.number(), fullName: z.string() }).nullable();

export const dealMoneySchema = z.object({
  price: z.number(),
  fees: z.number(),
  tradeInValue: z.number(),
  total: z.number(),
  deposit: z.number(),
  loanDisbursed: z.number(),
  refunded: z.number(),
  paid: z.number(),
  balanceDue: z.number(),
});

export const dealSummarySchema = z.object({
  dealId: z.number(),
  code: z.string(),
  status: z.enum(DEAL_STATUSES),
  carId: z.number(),
  carName: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  salesperson: staffRef,
  price: z.number(),
  balanceDue: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DealSummary = z.infer<typeof dealSummarySchema>;

export const dealViewSchema = dealSummarySchema.extend({
  customer: z.object({
    fullName: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    idNumber: z.string().nullable(),
    address: z.string().nullable(),
  }),
  car: z.object({
    carId: z.number(),
    carName: z.string(),
    brand: z.string(),
    model: z.string(),
    year: z.number(),
    color: z.string(),
    odometerKm: z.number(),
    listPrice: z.number(),
    status: z.enum(CAR_STATUSES),
    vin: z.string().nullable(),
    engineNumber: z.string().nullable(),
    plate: z.string().nullable(),
  }),
  reservationCode: z.string().nullable(),
  leadId: z.number().nullable(),
  tradeIn: z
    .object({ description: z.string(), value: z.number(), purchaseLeadId: z.number().nullable() })
    .nullable(),
  fees: z.array(z.object({ label: z.string(), amount: z.number(), basis: z.string() })),
  money: dealMoneySchema,
  handover: dealHandoverSchema.nullable(),
  note: z.string(),
  saleId: z.number().nullable(),
  payments: z.array(
    z.object({
      paymentId: z.number(),
      kind: z.enum(PAYMENT_KINDS),
      method: z.enum(DEAL_PAYMENT_METHODS),
      amount: z.number(),
      reference: z.string(),
      note: z.string(),
      recordedBy: staffRef,
      recordedAt: z.string(),
    }),
  ),
  timeline: z.array(
    z.object({
      from: z.enum(DEAL_STATUSES).nullable(),
      to: z.enum(DEAL_STATUSES),
      reason: z.string().nullable(),
      by: staffRef,
      at: z.string(),
    }),
  ),
  loans: z.array(loanViewSchema),
  checklist: z.array(
    z.object({
      item: z.enum(CHECKLIST_ITEMS),
      label: z.string(),
      status: z.enum(CHECKLIST_STATUSES),
      hasScan: z.boolean(),
      updatedAt: z.string().nullable(),
      updatedBy: staffRef,
    }),
  ),
  transfer: z.array(transferStepViewSchema.extend({ owner: staffRef })),
  /** The buyer's signed link to follow the transfer (/deal/{token}). */
  publicUrl: z.string(),
  /** Where the deal may go next, for the buttons. */
  moves: z.array(z.enum(DEAL_STATUSES)),
});
export type DealView = z.infer<typeof dealViewSchema>;

export type { DealStatus };

/** GET /api/deals/{dealId}/payment-qr: the balance due as a VietQR transfer to the showroom's account. */
export const dealPaymentQrSchema = z.object({
  amount: z.number(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  content: z.string(),
  qrPayload: z.string(),
  qrImage: z.string(),
});
export type DealPaymentQr = z.infer<typeof dealPaymentQrSchema>;
