import { and, count, desc, eq, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { CAR_STATUS_LABELS, CAR_STATUSES, type CarStatus, matchKey } from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import { LEAD_TYPES, type LeadType } from '../../../contract/leads';
import {
  type BrandSalesRow,
  type BrandStockRow,
  type CarStats,
  type DashboardCar,
  type DashboardSummary,
  type LeadResponseStats,
  type LeadWeekRow,
  MAX_MONTHS,
  MAX_WEEKS,
  type MonthSalesRow,
  monthLabel,
  type Period,
  type RangeEcho,
  type SalesPerformance,
  type SalespersonRow,
  type StatsRange,
  type StatusCarCount,
  type YearSalesRow,
} from '../../../contract/stats';
import type { Db } from '../../db/client';
import { cars, leadEvents, leads, sales, users } from '../../db/schema';

const DAY_MS = 86_400_000;

/** The moment a Vietnamese calendar day ('yyyy-mm-dd') starts (UTC+7, no daylight saving). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** 'yyyy-mm-dd' plus n days (calendar arithmetic on the date itself). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from a to b ('yyyy-mm-dd'), b - a. */
const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const monthStart = (day: string) => `${day.slice(0, 8)}01`;
const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);
function addMonths(firstOfMonth: string, n: number): string {
  const y = Number(firstOfMonth.slice(0, 4));
  const m = Number(firstOfMonth.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${yy}-${String(mm + 1).padStart(2, '0')}-01`;
}

const echo = (r: StatsRange): RangeEcho => ({ from: r.from ?? null, to: r.to ?? null });

/** A column in VND summed as a JavaScript number (sums stay far below 2^53). */
const money = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::float8`.mapWith(Number);
const int = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

const ACTIVE = isNull(sales.cancelledAt);
const VN_TZ = sql.raw(`'Asia/Ho_Chi_Minh'`);

/** Sales whose sale_date (already a Vietnamese day) lies in the range. */
function saleDays(r: { from?: string; to?: string }): SQL | undefined {
  return and(r.from ? gte(sales.saleDate, r.from) : undefined, r.to ? lte(sales.saleDate, r.to) : undefined);
}

/** A timestamptz column within the range's Vietnamese days: index-friendly bounds on the moment. */
function momentDays(
  column: typeof cars.createdAt | typeof leads.createdAt,
  r: { from?: string; to?: string },
): SQL | undefined {
  return and(
    r.from ? gte(column, dayStart(r.from)) : undefined,
    r.to ? lt(column, dayStart(addDays(r.to, 1))) : undefined,
  );
}

/**
 * The dashboard's statistics (spec section 7): read-only aggregates over cars, sales, leads and their
 * events. Every figure follows docs/statistics.md.
 */
export class DashboardService {
  constructor(private readonly db: Db) {}

  // ----------------------------------------------------------------------------------------- cars

  private async statusCounts(r: StatsRange) {
    const [stock, [sold]] = await Promise.all([
      this.db
        .select({ status: cars.status, n: count(), value: money(sql`sum(${cars.sellPrice})`) })
        .from(cars)
        .where(and(inArray(cars.status, ['available', 'pending']), momentDays(cars.createdAt, r)))
        .groupBy(cars.status),
      this.db
        .select({ n: count() })
        .from(sales)
        .where(and(ACTIVE, saleDays(r))),
    ]);
    const of = (s: CarStatus) => stock.find((x) => x.status === s);
    return {
      available: of('available')?.n ?? 0,
      pending: of('pending')?.n ?? 0,
      sold: sold.n,
      stockValue: (of('available')?.value ?? 0) + (of('pending')?.value ?? 0),
    };
  }

  /** GET dashboard/cars: cars for sale and pending (entered stock in the range), cars sold in the range. */
  async cars(r: StatsRange): Promise<CarStats> {
    const c = await this.statusCounts(r);
    return {
      range: echo(r),
      total: c.available + c.pending + c.sold,
      available: c.available,
      pending: c.pending,
      sold: c.sold,
      byStatus: CAR_STATUSES.map((status) => ({
        status,
        label: CAR_STATUS_LABELS[status],
        count: c[status],
      })),
      stockCount: c.available + c.pending,
      stockValue: c.stockValue,
    };
  }

  /** GET dashboard/{available,pending,sold}-cars, with the cars when list is true. */
  async byStatus(
    status: CarStatus,
    q: StatsRange & { list?: boolean; page: number; size: number },
  ): Promise<StatusCarCount> {
    const base = { status, label: CAR_STATUS_LABELS[status], range: echo(q) };
    if (status === 'sold') {
      const where = and(ACTIVE, saleDays(q));
      const [{ n }] = await this.db.select({ n: count() }).from(sales).where(where);
      if (!q.list) return { ...base, count: n, cars: null };
      const rows = await this.db
        .select({
          car: {
            id: cars.id,
            carName: cars.carName,
            brand: cars.brand,
            year: cars.year,
            sellPrice: cars.sellPrice,
            odo: cars.odo,
            status: cars.status,
            createdAt: cars.createdAt,
          },
          saleId: sales.id,
          saleDate: sales.saleDate,
          salePrice: sales.salePrice,
        })
        .from(sales)
        .innerJoin(cars, eq(cars.id, sales.carId))
        .where(where)
        .orderBy(desc(sales.saleDate), desc(sales.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const content = rows.map((r) =>
        this.car(r.car, { transactionId: r.saleId, saleDate: r.saleDate, salePrice: r.salePrice }),
      );
      return { ...base, count: n, cars: this.page(content, n, q) };
    }
    const where = and(eq(cars.status, status), momentDays(cars.createdAt, q));
    const [{ n }] = await this.db.select({ n: count() }).from(cars).where(where);
    if (!q.list) return { ...base, count: n, cars: null };
    const rows = await this.db
      .select({
        id: cars.id,
        carName: cars.carName,
        brand: cars.brand,
        year: cars.year,
        sellPrice: cars.sellPrice,
        odo: cars.odo,
        status: cars.status,
        createdAt: cars.createdAt,
      })
      .from(cars)
      .where(where)
      .orderBy(sql`${cars.createdAt} desc nulls last`, sql`${cars.id} desc nulls last`)
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return {
      ...base,
      count: n,
      cars: this.page(
        rows.map((r) => this.car(r, null)),
        n,
        q,
      ),
    };
  }

  private car(
    r: {
      id: number;
      carName: string;
      brand: string;
      year: number;
      sellPrice: number;
      odo: number;
      status: string;
      createdAt: Date;
    },
    sale: DashboardCar['sale'],
  ): DashboardCar {
    return {
      carId: r.id,
      carName: r.carName,
      brand: r.brand,
      year: r.year,
      sellPrice: r.sellPrice,
      odo: r.odo,
      status: r.status as CarStatus,
      createdAt: r.createdAt.toISOString(),
      sale,
    };
  }

  private page<T>(content: T[], total: number, q: { page: number; size: number }): Page<T> {
    return {
      content,
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  /** GET dashboard/total-cars-by-brand: every car (any status) entered in the range, per brand. */
  async totalByBrand(r: StatsRange): Promise<BrandStockRow[]> {
    const rows = await this.db
      .select({
        // The spelling used most names the brand.
        brand: sql<string>`mode() within group (order by ${cars.brand})`,
        total: count(),
        available: int(sql`count(*) filter (where ${cars.status} = 'available')`),
        pending: int(sql`count(*) filter (where ${cars.status} = 'pending')`),
        sold: int(sql`count(*) filter (where ${cars.status} = 'sold')`),
        stockValue: money(
          sql`sum(${cars.sellPrice}) filter (where ${cars.status} in ('available', 'pending'))`,
        ),
      })
      .from(cars)
      .where(momentDays(cars.createdAt, r))
      .groupBy(cars.brandKey);
    return rows.sort((a, b) => b.total - a.total || a.brand.localeCompare(b.brand, 'vi'));
  }

  // ----------------------------------------------------------------------------------------- sales

  /** GET dashboard/sold-cars-by-brand: active sales in the range per brand (as sold; spellings merged). */
  async soldByBrand(r: StatsRange): Promise<BrandSalesRow[]> {
    const rows = await this.db
      .select({ brand: sales.brand, n: count(), revenue: money(sql`sum(${sales.salePrice})`) })
      .from(sales)
      .where(and(ACTIVE, saleDays(r)))
      .groupBy(sales.brand);
    const merged = new Map<string, BrandSalesRow & { top: number }>();
    for (const row of rows) {
      const key = matchKey(row.brand);
      const current = merged.get(key);
      if (!current) {
        merged.set(key, { brand: row.brand, count: row.n, revenue: row.revenue, top: row.n });
        continue;
      }
      current.count += row.n;
      current.revenue += row.revenue;
      // The spelling used most names the brand.
      if (row.n > current.top) {
        current.brand = row.brand;
        current.top = row.n;
      }
    }
    return [...merged.values()]
      .map(({ top: _top, ...row }) => row)
      .sort((a, b) => b.count - a.count || b.revenue - a.revenue || a.brand.localeCompare(b.brand, 'vi'));
  }

  /** GET dashboard/sold-cars-by-years */
  async soldByYears(r: StatsRange): Promise<YearSalesRow[]> {
    const year = sql<number>`extract(year from ${sales.saleDate})::int`.mapWith(Number);
    const rows = await this.db
      .select({ year, n: count(), revenue: money(sql`sum(${sales.salePrice})`) })
      .from(sales)
      .where(and(ACTIVE, saleDays(r)))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
    return rows.map((x) => ({ year: x.year, count: x.n, revenue: x.revenue }));
  }

  /**
   * GET dashboard/sold-cars-by-months: with ?year the twelve months of that year (within the range
   * when one is given too); with only a range, every month it touches; with neither, this year.
   */
  async soldByMonths(q: StatsRange & { year?: number }, now = new Date()): Promise<MonthSalesRow[]> {
    let first: string;
    let last: string;
    if (q.year !== undefined || (!q.from && !q.to)) {
      const year = q.year ?? Number(vnDayKey(now).slice(0, 4));
      first = `${year}-01-01`;
      last = `${year}-12-01`;
    } else {
      const today = vnDayKey(now);
      first = monthStart(q.from ?? q.to ?? today);
      last = monthStart(q.to ?? (q.from && q.from > today ? q.from : today));
      // An open start reaches back a year before the end at most.
      if (!q.from) first = addMonths(last, -11);
    }
    const months: string[] = [];
    for (let m = first; m <= last; m = addMonths(m, 1)) months.push(m);
    const kept = months.slice(-MAX_MONTHS);
    const lower = q.from && q.from > kept[0] ? q.from : kept[0];
    const upperEnd = monthEnd(kept[kept.length - 1]);
    const upper = q.to && q.to < upperEnd ? q.to : upperEnd;
    const key = sql<string>`to_char(${sales.saleDate}, 'YYYY-MM')`;
    const rows =
      lower > upper
        ? []
        : await this.db
            .select({
              key,
              n: count(),
              revenue: money(sql`sum(${sales.salePrice})`),
              margin: money(sql`sum(${sales.salePrice} - ${sales.purchasePrice})`),
            })
            .from(sales)
            .where(and(ACTIVE, gte(sales.saleDate, lower), lte(sales.saleDate, upper)))
            .groupBy(sql`1`);
    const byKey = new Map(rows.map((x) => [x.key, x]));
    return kept.map((m) => {
      const year = Number(m.slice(0, 4));
      const month = Number(m.slice(5, 7));
      const row = byKey.get(m.slice(0, 7));
      return {
        year,
        month,
        label: monthLabel(year, month),
        count: row?.n ?? 0,
        revenue: row?.revenue ?? 0,
        margin: row?.margin ?? 0,
      };
    });
  }

  /** GET dashboard/sales-performance: revenue, margin where the purchase price is known, days in stock. */
  async salesPerformance(r: StatsRange): Promise<SalesPerformance> {
    const [row] = await this.db
      .select({
        n: count(),
        revenue: money(sql`sum(${sales.salePrice})`),
        withPurchase: int(sql`count(${sales.purchasePrice})::int`),
        margin: money(sql`sum(${sales.salePrice} - ${sales.purchasePrice})`),
        revenueWithPurchase: money(
          sql`sum(${sales.salePrice}) filter (where ${sales.purchasePrice} is not null)`,
        ),
        days: sql<
          number | null
        >`avg(greatest(0, ${sales.saleDate} - (${cars.createdAt} at time zone ${VN_TZ})::date))::float8`,
      })
      .from(sales)
      .innerJoin(cars, eq(cars.id, sales.carId))
      .where(and(ACTIVE, saleDays(r)));
    const days = row.days === null ? null : Number(row.days);
    return {
      range: echo(r),
      count: row.n,
      revenue: row.revenue,
      averagePrice: row.n ? Math.round(row.revenue / row.n) : null,
      withPurchasePrice: row.withPurchase,
      marginTotal: row.margin,
      averageMargin: row.withPurchase ? Math.round(row.margin / row.withPurchase) : null,
      marginRate: row.revenueWithPurchase ? row.margin / row.revenueWithPurchase : null,
      averageDaysInStock: days === null ? null : Math.round(days * 10) / 10,
    };
  }

  /** GET dashboard/salespeople: sales per salesperson in the range, best revenue first. */
  async salespeople(r: StatsRange): Promise<SalespersonRow[]> {
    const rows = await this.db
      .select({
        userId: sales.salespersonId,
        fullName: sql<string>`min(${users.fullName})`,
        n: count(),
        revenue: money(sql`sum(${sales.salePrice})`),
        margin: money(sql`sum(${sales.salePrice} - ${sales.purchasePrice})`),
      })
      .from(sales)
      .innerJoin(users, eq(users.id, sales.salespersonId))
      .where(and(ACTIVE, saleDays(r)))
      .groupBy(sales.salespersonId);
    return rows
      .map((x) => ({
        userId: x.userId,
        fullName: x.fullName,
        count: x.n,
        revenue: x.revenue,
        marginTotal: x.margin,
      }))
      .sort(
        (a, b) => b.revenue - a.revenue || b.count - a.count || a.fullName.localeCompare(b.fullName, 'vi'),
      );
  }

  // ----------------------------------------------------------------------------------------- summary

  /** GET dashboard/summary: the KPI cards (see DashboardSummary in the contract). */
  async summary(r: StatsRange, now = new Date()): Promise<DashboardSummary> {
    const today = vnDayKey(now);
    const custom = Boolean(r.from || r.to);
    let period: Period;
    let previous: Period;
    if (!custom) {
      const start = monthStart(today);
      const prevStart = addMonths(start, -1);
      period = { from: start, to: today, label: `Tháng ${today.slice(5, 7)}/${today.slice(0, 4)}` };
      previous = {
        from: prevStart,
        to: addDays(start, -1),
        label: `Tháng ${prevStart.slice(5, 7)}/${prevStart.slice(0, 4)}`,
      };
    } else {
      const to = r.to ?? (r.from && r.from > today ? r.from : today);
      const from = r.from ?? monthStart(to);
      const days = daysBetween(from, to) + 1;
      const pFrom = addDays(from, -days);
      const pTo = addDays(from, -1);
      period = { from, to, label: `${dmy(from)} - ${dmy(to)}` };
      previous = { from: pFrom, to: pTo, label: `${dmy(pFrom)} - ${dmy(pTo)}` };
    }
    const leadDays = custom ? period : { from: today, to: today, label: `Hôm nay, ${dmy(today)}` };
    const inPeriod = sql`${sales.saleDate} between ${period.from} and ${period.to}`;
    const inPrevious = sql`${sales.saleDate} between ${previous.from} and ${previous.to}`;
    const [stock, [sold], [newLeads], [waiting]] = await Promise.all([
      this.statusCounts(custom ? period : {}),
      this.db
        .select({
          n: int(sql`count(*) filter (where ${inPeriod})`),
          revenue: money(sql`sum(${sales.salePrice}) filter (where ${inPeriod})`),
          pn: int(sql`count(*) filter (where ${inPrevious})`),
          previous: money(sql`sum(${sales.salePrice}) filter (where ${inPrevious})`),
        })
        .from(sales)
        .where(and(ACTIVE, gte(sales.saleDate, previous.from), lte(sales.saleDate, period.to))),
      this.db.select({ n: count() }).from(leads).where(momentDays(leads.createdAt, leadDays)),
      this.db
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.status, 'NEW'), custom ? momentDays(leads.createdAt, period) : undefined)),
    ]);
    return {
      period,
      previousPeriod: previous,
      custom,
      carsForSale: stock.available,
      pendingCars: stock.pending,
      stockValue: stock.stockValue,
      soldCount: sold.n,
      revenue: sold.revenue,
      previousSoldCount: sold.pn,
      previousRevenue: sold.previous,
      revenueChange: sold.previous ? (sold.revenue - sold.previous) / sold.previous : null,
      newLeads: newLeads.n,
      newLeadsPeriod: leadDays,
      leadsWaiting: waiting.n,
    };
  }

  // ----------------------------------------------------------------------------------------- leads

  /** GET dashboard/leads-by-week: leads sent per Monday-to-Sunday week (default: the last 12 weeks). */
  async leadsByWeek(r: StatsRange, now = new Date()): Promise<LeadWeekRow[]> {
    const today = vnDayKey(now);
    const lastWeek = mondayOf(r.to ?? (r.from && r.from > today ? r.from : today));
    let firstWeek = r.from ? mondayOf(r.from) : addDays(lastWeek, -7 * 11);
    if (r.from && daysBetween(firstWeek, lastWeek) / 7 >= 12) {
      // A long range starts at its first lead rather than at an empty year.
      const [{ first }] = await this.db
        .select({ first: sql<Date | string | null>`min(${leads.createdAt})` })
        .from(leads)
        .where(momentDays(leads.createdAt, r));
      if (first) firstWeek = mondayOf(vnDayKey(first));
    }
    if (daysBetween(firstWeek, lastWeek) / 7 >= MAX_WEEKS)
      firstWeek = addDays(lastWeek, -7 * (MAX_WEEKS - 1));
    const lower = r.from && r.from > firstWeek ? r.from : firstWeek;
    const upper = r.to ?? addDays(lastWeek, 6);
    const week = sql<string>`to_char(date_trunc('week', ${leads.createdAt} at time zone ${VN_TZ}), 'YYYY-MM-DD')`;
    const rows = await this.db
      .select({ week, type: leads.type, n: count() })
      .from(leads)
      .where(momentDays(leads.createdAt, { from: lower, to: upper }))
      .groupBy(sql`1`, leads.type);
    const out: LeadWeekRow[] = [];
    for (let w = firstWeek; w <= lastWeek; w = addDays(w, 7)) {
      const byType = Object.fromEntries(LEAD_TYPES.map((t) => [t, 0])) as Record<LeadType, number>;
      for (const row of rows) if (row.week === w) byType[row.type as LeadType] = row.n;
      out.push({
        weekStart: w,
        weekEnd: addDays(w, 6),
        label: `${w.slice(8, 10)}/${w.slice(5, 7)}`,
        total: LEAD_TYPES.reduce((n, t) => n + byType[t], 0),
        byType,
      });
    }
    return out;
  }

  /** GET dashboard/lead-response: the share of leads first contacted within 24 hours. */
  async leadResponse(r: StatsRange, now = new Date()): Promise<LeadResponseStats> {
    // The first status change away from NEW of each lead: one grouped pass over the events (a first
    // contact never precedes the lead, so the range's start bounds the events too).
    const first = this.db
      .select({ leadId: leadEvents.leadId, at: sql<Date>`min(${leadEvents.createdAt})`.as('first_at') })
      .from(leadEvents)
      .where(
        and(
          eq(leadEvents.kind, 'STATUS'),
          eq(leadEvents.fromStatus, 'NEW'),
          r.from ? gte(leadEvents.createdAt, dayStart(r.from)) : undefined,
        ),
      )
      .groupBy(leadEvents.leadId)
      .as('fc');
    const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
    const [row] = await this.db
      .select({
        total: count(),
        contacted: int(sql`count(${first.at})::int`),
        within: int(
          sql`count(*) filter (where ${first.at} <= ${leads.createdAt} + interval '24 hours')::int`,
        ),
        considered: int(
          sql`count(*) filter (where ${first.at} is not null or ${leads.createdAt} <= ${dayAgo}::timestamptz)::int`,
        ),
        hours: sql<number | null>`avg(extract(epoch from (${first.at} - ${leads.createdAt})) / 3600)::float8`,
      })
      .from(leads)
      .leftJoin(first, eq(first.leadId, leads.id))
      .where(momentDays(leads.createdAt, r));
    const hours = row.hours === null ? null : Number(row.hours);
    return {
      range: echo(r),
      total: row.total,
      considered: row.considered,
      contacted: row.contacted,
      within24h: row.within,
      share: row.considered ? row.within / row.considered : null,
      averageHours: hours === null ? null : Math.round(hours * 10) / 10,
    };
  }
}
