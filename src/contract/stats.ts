import { z } from 'zod';
import { CAR_STATUSES } from './cars-labels';
import { pageOf } from './common';
import { parseVnDate, vnDayKey } from './format';
import { LEAD_TYPES } from './leads/labels';

/**
 * Dashboard statistics (docs/statistics.md). Every call is for
 * signed-in staff and takes an optional date range `from` / `to` (inclusive Vietnamese calendar days,
 * dd/mm/yyyy, yyyy-mm-dd or an ISO moment with its offset). Days are Asia/Ho_Chi_Minh days: a sale is
 * counted on its sale_date, a car on the day it entered stock, a lead on the day it was sent.
 * Cancelled sales never count.
 */

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** dd/mm/yyyy, yyyy-mm-dd or an ISO moment with offset -> the Vietnamese day 'yyyy-mm-dd'; null when unreadable. */
export function parseStatsDay(text: string): string | null {
  const value = text.trim();
  const day = parseVnDate(value);
  if (day) return vnDayKey(day);
  if (ISO_MOMENT.test(value)) {
    const moment = new Date(value);
    if (!Number.isNaN(moment.getTime())) return vnDayKey(moment);
  }
  return null;
}

const rangeDay = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ message: `${label} không hợp lệ` })
      .max(40, { message: `${label} không hợp lệ (dd/mm/yyyy)` })
      .transform((v, ctx) => {
        const day = parseStatsDay(v);
        if (!day) {
          ctx.addIssue({ code: 'custom', message: `${label} không hợp lệ (dd/mm/yyyy)` });
          return z.NEVER;
        }
        return day;
      })
      .optional(),
  );

const RANGE_ORDER_MESSAGE = 'Từ ngày không được sau đến ngày';

/** The from / to fields, for other modules' statistics queries (with checkRangeOrder). */
export const rangeFields = { from: rangeDay('Từ ngày'), to: rangeDay('Đến ngày') };

export function checkRangeOrder(q: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: RANGE_ORDER_MESSAGE });
}

/** ?from=&to= on every statistic. */
export const statsRangeQuery = z.object(rangeFields).superRefine(checkRangeOrder);
export type StatsRangeQuery = z.input<typeof statsRangeQuery>;
export type StatsRange = z.output<typeof statsRangeQuery>;

const intIn = (label: string, min: number, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ message: `${label} không hợp lệ` })
      .int({ message: `${label} không hợp lệ` })
      .min(min, { message: `${label} không hợp lệ` })
      .max(max, { message: `${label} không hợp lệ` })
      .optional(),
  );

/** available-cars, pending-cars, sold-cars: ?from&to and, with list=true, page (1-based) and size (default 10). */
export const statusCarsQuery = z
  .object({
    ...rangeFields,
    list: z.preprocess(
      blank,
      z
        .enum(['true', 'false'], { message: 'Giá trị list phải là true hoặc false' })
        .optional()
        .transform((v) => v === 'true'),
    ),
    page: intIn('Số trang', 1, 100_000).transform((v) => v ?? 1),
    size: intIn('Kích thước trang', 1, 100).transform((v) => v ?? 10),
  })
  .superRefine(checkRangeOrder);
export type StatusCarsQuery = z.input<typeof statusCarsQuery>;

/** sold-cars-by-months: ?year= (the twelve months of that year) and/or ?from&to. */
export const monthsQuery = z
  .object({ ...rangeFields, year: intIn('Năm', 2000, 2100) })
  .superRefine(checkRangeOrder);
export type MonthsQuery = z.input<typeof monthsQuery>;

/** The range an answer was computed for, 'yyyy-mm-dd' or null when open. */
export const rangeEchoSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type RangeEcho = z.infer<typeof rangeEchoSchema>;

/** GET dashboard/cars */
export const carStatsSchema = z.object({
  range: rangeEchoSchema,
  /** available + pending + sold */
  total: z.number(),
  available: z.number(),
  pending: z.number(),
  sold: z.number(),
  byStatus: z.array(z.object({ status: z.enum(CAR_STATUSES), label: z.string(), count: z.number() })),
  /** available + pending */
  stockCount: z.number(),
  /** Sum of sell prices of the cars available or pending (VND). */
  stockValue: z.number(),
});
export type CarStats = z.infer<typeof carStatsSchema>;

/** One car of a status list (dashboard/available-cars?list=true, ...). */
export const dashboardCarSchema = z.object({
  carId: z.number(),
  carName: z.string(),
  brand: z.string(),
  year: z.number(),
  sellPrice: z.number(),
  odo: z.number(),
  status: z.enum(CAR_STATUSES),
  /** When the car entered stock (ISO). */
  createdAt: z.string(),
  /** The active sale, for sold cars. */
  sale: z.object({ transactionId: z.number(), saleDate: z.string(), salePrice: z.number() }).nullable(),
});
export type DashboardCar = z.infer<typeof dashboardCarSchema>;

/** GET dashboard/available-cars | pending-cars | sold-cars */
export const statusCarCountSchema = z.object({
  status: z.enum(CAR_STATUSES),
  label: z.string(),
  count: z.number(),
  range: rangeEchoSchema,
  /** Only with ?list=true: the cars, newest first (sold: latest sale first). */
  cars: pageOf(dashboardCarSchema).nullable(),
});
export type StatusCarCount = z.infer<typeof statusCarCountSchema>;

/** GET dashboard/sold-cars-by-brand: one row per brand, most sold first. */
export const brandSalesRowSchema = z.object({
  brand: z.string(),
  count: z.number(),
  revenue: z.number(),
});
export type BrandSalesRow = z.infer<typeof brandSalesRowSchema>;

/** GET dashboard/total-cars-by-brand: one row per brand, largest first. */
export const brandStockRowSchema = z.object({
  brand: z.string(),
  total: z.number(),
  available: z.number(),
  pending: z.number(),
  sold: z.number(),
  /** Sell prices of the brand's available and pending cars. */
  stockValue: z.number(),
});
export type BrandStockRow = z.infer<typeof brandStockRowSchema>;

/** GET dashboard/sold-cars-by-years: one row per year with sales, oldest first. */
export const yearSalesRowSchema = z.object({
  year: z.number(),
  count: z.number(),
  revenue: z.number(),
});
export type YearSalesRow = z.infer<typeof yearSalesRowSchema>;

/** GET dashboard/sold-cars-by-months: every month, zeros included, oldest first. */
export const monthSalesRowSchema = z.object({
  year: z.number(),
  /** 1-12 */
  month: z.number(),
  /** 'T1/2025' */
  label: z.string(),
  count: z.number(),
  revenue: z.number(),
  /** Sale price minus purchase price, over the sales of the month whose purchase price is known. */
  margin: z.number(),
});
export type MonthSalesRow = z.infer<typeof monthSalesRowSchema>;

/** A period with its Vietnamese caption ('Tháng 11/2025', '01/11/2025 - 15/11/2025'). */
export const periodSchema = z.object({
  from: z.string(),
  to: z.string(),
  label: z.string(),
});
export type Period = z.infer<typeof periodSchema>;

/**
 * GET dashboard/summary: the KPI cards. Without a range the period is this month (1st to today) and
 * it is compared with the whole previous month; new leads are today's. With a range, the period is the
 * range, compared with the same number of days just before it, and new leads are those of the range.
 * Cars for sale / pending count the current stock (with a range: the cars that entered stock in it).
 */
export const dashboardSummarySchema = z.object({
  period: periodSchema,
  previousPeriod: periodSchema,
  custom: z.boolean(),
  carsForSale: z.number(),
  pendingCars: z.number(),
  /**
   * What holds the pending cars (adds up to pendingCars): an online deposit received, an online hold still
   * waiting for the visitor's transfer, or no open reservation at all (staff set "Đang giao dịch" by hand,
   * for a deal made at the showroom).
   */
  pendingHolds: z.object({
    paidDeposit: z.number(),
    awaitingPayment: z.number(),
    heldByStaff: z.number(),
  }),
  stockValue: z.number(),
  /** Of the cars for sale and pending, those bought from the public (their origin is a buy-in lead). */
  stockFromPublic: z.number(),
  /** stockFromPublic / (carsForSale + pendingCars); null without stock. */
  stockFromPublicShare: z.number().nullable(),
  soldCount: z.number(),
  revenue: z.number(),
  previousSoldCount: z.number(),
  previousRevenue: z.number(),
  /** (revenue - previous) / previous; null when the previous period had no revenue. */
  revenueChange: z.number().nullable(),
  newLeads: z.number(),
  /** The days newLeads counts (today without a range). */
  newLeadsPeriod: periodSchema,
  /** Leads still in status NEW (with a range: sent in it). */
  leadsWaiting: z.number(),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** GET dashboard/sales-performance */
export const salesPerformanceSchema = z.object({
  range: rangeEchoSchema,
  count: z.number(),
  revenue: z.number(),
  /** revenue / count; null without sales. */
  averagePrice: z.number().nullable(),
  /** Sales with a purchase price recorded: the margin figures cover only these. */
  withPurchasePrice: z.number(),
  marginTotal: z.number(),
  averageMargin: z.number().nullable(),
  /** marginTotal / revenue of the sales with a purchase price; null when none. */
  marginRate: z.number().nullable(),
  /** Average of sale_date minus the day the car entered stock; null without sales. */
  averageDaysInStock: z.number().nullable(),
});
export type SalesPerformance = z.infer<typeof salesPerformanceSchema>;

/** GET dashboard/salespeople: one row per salesperson with sales, best revenue first. */
export const salespersonRowSchema = z.object({
  userId: z.number(),
  fullName: z.string(),
  count: z.number(),
  revenue: z.number(),
  marginTotal: z.number(),
});
export type SalespersonRow = z.infer<typeof salespersonRowSchema>;

/** GET dashboard/leads-by-week: Monday-to-Sunday weeks (Vietnam), zeros included, oldest first. */
export const leadWeekRowSchema = z.object({
  /** Monday, yyyy-mm-dd */
  weekStart: z.string(),
  /** Sunday, yyyy-mm-dd */
  weekEnd: z.string(),
  /** 'dd/mm' of the Monday */
  label: z.string(),
  total: z.number(),
  byType: z.record(z.enum(LEAD_TYPES), z.number()),
});
export type LeadWeekRow = z.infer<typeof leadWeekRowSchema>;

/**
 * GET dashboard/lead-response: how fast leads sent in the range were first contacted (their first
 * status change away from NEW). `considered` leaves out leads younger than 24 hours still waiting:
 * their window is not over. share = within24h / considered.
 */
export const leadResponseStatsSchema = z.object({
  range: rangeEchoSchema,
  total: z.number(),
  considered: z.number(),
  contacted: z.number(),
  within24h: z.number(),
  share: z.number().nullable(),
  /** Mean hours from sending to first contact over the contacted leads. */
  averageHours: z.number().nullable(),
});
export type LeadResponseStats = z.infer<typeof leadResponseStatsSchema>;

/**
 * GET dashboard/first-response: per handler (null: leads no one was given), the first response's wait
 * in opening-hour minutes over the leads answered, and the share answered within 5 minutes.
 */
export const firstResponseRowSchema = z.object({
  userId: z.number().nullable(),
  fullName: z.string(),
  answered: z.number(),
  unanswered: z.number(),
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  within5Share: z.number().nullable(),
});
export type FirstResponseRow = z.infer<typeof firstResponseRowSchema>;

/** Longest span leads-by-week and sold-cars-by-months cover (older weeks / months are left out). */
export const MAX_WEEKS = 260;
export const MAX_MONTHS = 120;

/** The statistics' car statuses (a car being prepared is not yet stock on sale). */
export const STATS_STATUSES = ['available', 'pending', 'sold'] as const;
export const STATUS_PATHS: Record<(typeof STATS_STATUSES)[number], string> = {
  available: 'available-cars',
  pending: 'pending-cars',
  sold: 'sold-cars',
};

/** 'T3/2025' */
export const monthLabel = (year: number, month: number) => `T${month}/${year}`;

/** GET dashboard/reservations: online deposits made in the range (by the day they were made). */
export const reservationStatsSchema = z.object({
  range: rangeEchoSchema,
  /** Reservations made. */
  created: z.number(),
  /** Of those, the ones whose deposit arrived (paid at some point). */
  paid: z.number(),
  /** Of those, the ones that became a sale. */
  sold: z.number(),
  expired: z.number(),
  cancelled: z.number(),
  refunded: z.number(),
  /** Deposits received (whole đồng), refunds not taken off. */
  depositsReceived: z.number(),
  /** sold / paid; null without a paid reservation. */
  paidToSaleRate: z.number().nullable(),
});
export type ReservationStats = z.infer<typeof reservationStatsSchema>;
