import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import { matchKey } from '../../../contract/cars';
import { vnDayKey } from '../../../contract/format';
import {
  type BrandSalesRow,
  MAX_MONTHS,
  type MonthSalesRow,
  monthLabel,
  type SalesPerformance,
  type SalespersonRow,
  type StatsRange,
  type YearSalesRow,
} from '../../../contract/stats';
import type { Db } from '../../db/client';
import { cars, sales, users } from '../../db/schema';
import { ACTIVE, addMonths, echo, int, money, monthEnd, monthStart, saleDays, VN_TZ } from './range';

/** Sales figures: active sales by brand, year, month and salesperson (docs/statistics.md). */
export class SalesStats {
  constructor(private readonly db: Db) {}

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
}
