import { z } from 'zod';
import { intField } from './cars';
import { text } from './common';
import { parseVnDate, vnDayKey } from './format';

/**
 * What a stock car really costs the showroom (GET/POST /api/cars/admin/{carId}/costs, staff with
 * MANAGE_CAR only; never in a public answer). The rules and formulas are written out in docs/car-costs.md.
 * Not to be confused with contract/car-costs.ts: what a buyer pays to put a car on the road.
 */

/** What a ledger line is for. `recon` lines come from the reconditioning work items, never typed here. */
export const COST_CATEGORIES = [
  'purchase',
  'recon',
  'transport',
  'paperWithdrawal',
  'registrationTransfer',
  'inspection',
  'commission',
  'other',
] as const;
export type CostCategory = (typeof COST_CATEGORIES)[number];

/** The categories staff may type (reconditioning is the sum of completed work items). */
export const ENTERED_COST_CATEGORIES = [
  'purchase',
  'transport',
  'paperWithdrawal',
  'registrationTransfer',
  'inspection',
  'commission',
  'other',
] as const satisfies readonly CostCategory[];
export type EnteredCostCategory = (typeof ENTERED_COST_CATEGORIES)[number];

export const COST_CATEGORY_LABELS: Record<CostCategory, string> = {
  purchase: 'Giá mua xe',
  recon: 'Tân trang, sửa chữa',
  transport: 'Vận chuyển',
  paperWithdrawal: 'Phí rút hồ sơ',
  registrationTransfer: 'Phí sang tên',
  inspection: 'Phí đăng kiểm',
  commission: 'Hoa hồng môi giới',
  other: 'Chi phí khác',
};

/** Where a line's figure comes from: typed by staff, the buy-in's accepted offer, the work items. */
export const COST_SOURCES = ['entered', 'buyIn', 'recon'] as const;
export type CostSource = (typeof COST_SOURCES)[number];

export const COST_MESSAGES = {
  category: 'Loại chi phí không hợp lệ',
  reconTyped: 'Chi phí tân trang được tính từ các hạng mục sửa chữa đã hoàn thành, không nhập tay',
  futureDay: 'Ngày phát sinh không được ở tương lai',
  buyInPrice: 'Giá mua của xe này lấy từ phiếu mua xe của khách, không nhập tay',
  purchaseTwice: 'Xe này đã có giá mua; xóa dòng giá mua cũ trước khi nhập lại',
  lineNotFound: 'Không tìm thấy dòng chi phí',
  lineDerived: 'Dòng này được tính tự động, không xóa được',
} as const;

/** Up to 100 billion đồng, like every price the showroom types. */
export const MAX_COST_AMOUNT = 100_000_000_000;

/** POST /api/cars/admin/{carId}/costs: amount whole VND above 0; incurredOn dd/mm/yyyy or yyyy-mm-dd, default today. */
export const costLineInput = z.object({
  category: z
    .string({ message: COST_MESSAGES.category })
    .refine((c) => c !== 'recon', { message: COST_MESSAGES.reconTyped })
    .pipe(z.enum(ENTERED_COST_CATEGORIES, { message: COST_MESSAGES.category })),
  amount: intField('Số tiền', 1, MAX_COST_AMOUNT),
  note: z.preprocess((v) => v ?? '', text('Ghi chú', 500)),
  incurredOn: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ message: 'Ngày phát sinh không hợp lệ (dd/mm/yyyy)' })
      .transform((v, ctx) => {
        const date = parseVnDate(v);
        if (!date) {
          ctx.addIssue({ code: 'custom', message: 'Ngày phát sinh không hợp lệ (dd/mm/yyyy)' });
          return z.NEVER;
        }
        return vnDayKey(date);
      })
      .optional(),
  ),
});
export type CostLineBody = z.input<typeof costLineInput>;
export type CostLineData = z.output<typeof costLineInput>;

export const costLineParams = z.object({
  id: z.coerce.number({ message: 'Mã xe không hợp lệ' }).int().positive({ message: 'Mã xe không hợp lệ' }),
  lineId: z.coerce
    .number({ message: 'Mã dòng chi phí không hợp lệ' })
    .int({ message: 'Mã dòng chi phí không hợp lệ' })
    .positive({ message: 'Mã dòng chi phí không hợp lệ' }),
});

export const costLineSchema = z.object({
  /** null for a derived line (the buy-in's price, the reconditioning total). */
  id: z.number().nullable(),
  category: z.enum(COST_CATEGORIES),
  label: z.string(),
  amount: z.number(),
  note: z.string(),
  /** yyyy-mm-dd, the day the money went out (shown dd/mm/yyyy). */
  incurredOn: z.string(),
  source: z.enum(COST_SOURCES),
  enteredBy: z.object({ userId: z.number(), fullName: z.string() }).nullable(),
  enteredAt: z.string().nullable(),
});
export type CostLine = z.infer<typeof costLineSchema>;

export const carCostsSchema = z.object({
  carId: z.number(),
  lines: z.array(costLineSchema),
  /** The purchase price (buy-in offer or typed), or null while nobody has entered it. */
  purchasePrice: z.number().nullable(),
  reconCost: z.number(),
  /** Simple daily interest on every line from its day (not before the purchase day) to today or the sale day. */
  holdingCost: z.number(),
  holdingRate: z.number(),
  /** yyyy-mm-dd: the purchase day the holding cost runs from, and the day it runs to. */
  holdingFrom: z.string(),
  holdingUntil: z.string(),
  holdingDays: z.number(),
  /** The lines plus the holding cost to date. */
  trueCost: z.number(),
  /** The current asking price, or what the car sold for. */
  sellPrice: z.number(),
  sold: z.boolean(),
  /** sellPrice − trueCost, and its share of the sell price (null when the price is 0). */
  margin: z.number(),
  marginRate: z.number().nullable(),
});
export type CarCosts = z.infer<typeof carCostsSchema>;

/** GET /api/cars/admin/costs?ids=1,2,3: the figures a stock list shows beside each car. */
export const costSummariesQuery = z.object({
  ids: z
    .string({ message: 'Danh sách mã xe không hợp lệ' })
    .transform((v) => v.split(',').map((s) => Number(s.trim())))
    .refine((ids) => ids.length <= 200 && ids.every((n) => Number.isInteger(n) && n > 0), {
      message: 'Danh sách mã xe không hợp lệ',
    }),
});

export const costSummarySchema = z.object({
  carId: z.number(),
  purchasePrice: z.number().nullable(),
  trueCost: z.number(),
  sellPrice: z.number(),
  margin: z.number(),
  holdingCost: z.number(),
});
export type CostSummary = z.infer<typeof costSummarySchema>;
export const costSummariesSchema = z.array(costSummarySchema);

// ---------------------------------------------------------------------------------------------------
// The arithmetic, shared by the server and the web's warnings
// ---------------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Whole calendar days from one yyyy-mm-dd to another (0 when `to` is not after `from`). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.max(0, Math.round((b - a) / DAY_MS));
}

/**
 * Holding cost: simple interest at `annualRate` a year, 365 days a year, on each amount from its day
 * (never before the purchase day) to `until`. Summed exactly, rounded once to whole đồng.
 */
export function holdingCost(
  amounts: { amount: number; incurredOn: string }[],
  purchaseDay: string,
  until: string,
  annualRate: number,
): number {
  let total = 0;
  for (const a of amounts) {
    const from = a.incurredOn > purchaseDay ? a.incurredOn : purchaseDay;
    total += (a.amount * annualRate * daysBetween(from, until)) / 365;
  }
  return Math.round(total);
}

/** A price below the true cost sells at a loss: the staff forms warn before it is saved. */
export function belowTrueCost(price: number | null | undefined, trueCost: number | null | undefined) {
  return price != null && trueCost != null && trueCost > 0 && price < trueCost;
}

// ---------------------------------------------------------------------------------------------------
// The buy-in offer's starting point
// ---------------------------------------------------------------------------------------------------

export interface OfferStart {
  /** The valuation engine's market estimate for the seller's car. */
  estimate: number;
  /** Reconditioning the showroom expects to spend on it. */
  reconEstimate: number;
  /** The target margin (settings) and what it comes to on the estimate. */
  marginRate: number;
  margin: number;
  /** estimate − reconEstimate − margin, down to a whole million (never below 0). */
  amount: number;
}

/**
 * What the showroom can pay a seller and still sell at the market with its margin: the market estimate
 * less the expected reconditioning and the target margin on the estimate, rounded down to a million
 * (an offer is quoted in millions, and rounding down keeps the margin).
 */
export function offerStart(estimate: number, reconEstimate: number, marginRate: number): OfferStart {
  const margin = Math.round(estimate * marginRate);
  const raw = estimate - reconEstimate - margin;
  return {
    estimate,
    reconEstimate,
    marginRate,
    margin,
    amount: Math.max(0, Math.floor(raw / 1_000_000) * 1_000_000),
  };
}
