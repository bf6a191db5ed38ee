import { z } from 'zod';
import { rangeEchoSchema } from './stats';

/**
 * The numbers a showroom manager runs the lot on (docs/statistics.md, "Reconditioning and stock"):
 * time to line, the board's load, what reconditioning costs, the margin on true cost, holding cost,
 * how fast cars sell and how old the stock is.
 */

/**
 * Time to line (purchase → listed), in days: the target is the showroom's setting
 * (stockCosts.timeToLineTargetDays, 3 by default: what the best dealers keep); still acceptable is up to
 * twice the target and a day (7 for 3).
 */
export const acceptableTimeToLine = (targetDays: number) => 2 * targetDays + 1;

/** A sale "within 30 days" is one made at most this many days after the car's purchase day. */
export const QUICK_SALE_DAYS = 30;

export const TIME_TO_LINE_VERDICTS = ['TARGET', 'ACCEPTABLE', 'SLOW'] as const;
export type TimeToLineVerdict = (typeof TIME_TO_LINE_VERDICTS)[number];
export const TIME_TO_LINE_VERDICT_LABELS: Record<TimeToLineVerdict, string> = {
  TARGET: 'Đạt mục tiêu',
  ACCEPTABLE: 'Chấp nhận được',
  SLOW: 'Chậm',
};

/** The verdict on an average time to line; null without a listed car. */
export function timeToLineVerdict(averageDays: number | null, targetDays: number): TimeToLineVerdict | null {
  if (averageDays === null) return null;
  if (averageDays <= targetDays) return 'TARGET';
  if (averageDays <= acceptableTimeToLine(targetDays)) return 'ACCEPTABLE';
  return 'SLOW';
}

/** Stock by days since purchase, in the buckets a repricing plan uses. */
export const STOCK_AGE_BUCKETS = ['0-15', '16-30', '31-45', '46-60', '60+'] as const;
export type StockAgeBucket = (typeof STOCK_AGE_BUCKETS)[number];
export const STOCK_AGE_BUCKET_LABELS: Record<StockAgeBucket, string> = {
  '0-15': '0–15 ngày',
  '16-30': '16–30 ngày',
  '31-45': '31–45 ngày',
  '46-60': '46–60 ngày',
  '60+': 'Trên 60 ngày',
};

export function stockAgeBucket(days: number): StockAgeBucket {
  if (days <= 15) return '0-15';
  if (days <= 30) return '16-30';
  if (days <= 45) return '31-45';
  if (days <= 60) return '46-60';
  return '60+';
}

export const reconStatsSchema = z.object({
  range: rangeEchoSchema,
  /**
   * Cars listed in the range with a recorded purchase price: days from the purchase day to the day they
   * were first listed. Listed cars without one are counted apart (their purchase day is unknown).
   */
  timeToLine: z.object({
    cars: z.number(),
    withoutPurchase: z.number(),
    /** One decimal; null without a listed car. */
    averageDays: z.number().nullable(),
    targetDays: z.number(),
    acceptableDays: z.number(),
    withinTarget: z.number(),
    withinAcceptable: z.number(),
    verdict: z.enum(TIME_TO_LINE_VERDICTS).nullable(),
    verdictLabel: z.string().nullable(),
  }),
  /** The board now (not the range): preparing cars per stage, and those over their stage's limit. */
  stages: z.object({
    preparing: z.number(),
    late: z.number(),
    byStage: z.array(z.object({ key: z.string(), name: z.string(), count: z.number(), late: z.number() })),
  }),
  /** Work items completed in the range: their actual cost per car, and against their estimate. */
  reconCost: z.object({
    cars: z.number(),
    itemsCompleted: z.number(),
    actualTotal: z.number(),
    estimateTotal: z.number(),
    /** actualTotal / cars, whole VND; null without a completed item. */
    averagePerCar: z.number().nullable(),
    /** actualTotal / estimateTotal, 4 decimals (1.08 = 8 % over the estimates); null when nothing was estimated. */
    actualToEstimate: z.number().nullable(),
    /** Items whose actual cost exceeded their estimate. */
    overEstimate: z.number(),
  }),
  /** Active sales in the range, on the true cost fixed at the sale. */
  margin: z.object({
    sold: z.number(),
    /** Sales with a true cost (the others had no purchase price): the figures below cover only these. */
    withTrueCost: z.number(),
    revenue: z.number(),
    trueCostTotal: z.number(),
    marginTotal: z.number(),
    /** marginTotal / withTrueCost, whole VND; null when none. */
    averageMargin: z.number().nullable(),
    /** marginTotal / revenue, 4 decimals; null when none. */
    marginRate: z.number().nullable(),
  }),
  /** Holding cost accrued over the period (this month, or the range): the ledger's rule, day by day. */
  holding: z.object({
    from: z.string(),
    to: z.string(),
    cars: z.number(),
    total: z.number(),
    rate: z.number(),
  }),
  /** Of the active sales in the range, those made at most 30 days after the car's purchase day. */
  quickSales: z.object({
    sold: z.number(),
    withinDays: z.number(),
    count: z.number(),
    share: z.number().nullable(),
  }),
  /** The stock now (preparing, on sale, pending) by days since its purchase day. */
  agedStock: z.object({
    total: z.number(),
    buckets: z.array(
      z.object({
        bucket: z.enum(STOCK_AGE_BUCKETS),
        label: z.string(),
        count: z.number(),
        value: z.number(),
      }),
    ),
  }),
});
export type ReconStats = z.infer<typeof reconStatsSchema>;
