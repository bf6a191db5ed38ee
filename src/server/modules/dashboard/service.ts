import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import type { DashboardSummary, Period, StatsRange } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { leads, sales } from '../../db/schema';
import { firstResponseByStaff } from './first-response';
import { InventoryStats } from './inventory-stats';
import { LeadStats } from './lead-stats';
import { ACTIVE, addDays, addMonths, daysBetween, dmy, int, momentDays, money, monthStart } from './range';
import { type ReconStatsDeps, ReconStatsReader } from './recon-stats';
import { pendingHolds, reservationStats } from './reservation-stats';
import { SalesStats } from './sales-stats';

/**
 * The dashboard's statistics: read-only aggregates over cars, sales, leads and their events, grouped by
 * subject. Reporting is the one place allowed to read across modules' tables (docs/ARCHITECTURE.md).
 * Every figure follows docs/statistics.md.
 */
export class DashboardService {
  readonly inventory: InventoryStats;
  readonly sales: SalesStats;
  readonly leads: LeadStats;
  /** Reconditioning, true-cost margins and the stock's age; the board and the holding rate come from app.ts. */
  readonly recon: ReconStatsReader;

  constructor(
    private readonly db: Db,
    reconDeps: ReconStatsDeps,
  ) {
    this.inventory = new InventoryStats(db);
    this.sales = new SalesStats(db);
    this.leads = new LeadStats(db);
    this.recon = new ReconStatsReader(db, reconDeps);
  }

  /** GET dashboard/first-response */
  firstResponse(r: StatsRange) {
    return firstResponseByStaff(this.db, r);
  }

  /** GET dashboard/reservations */
  reservations(r: StatsRange) {
    return reservationStats(this.db, r);
  }

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
    const [stock, holds, [sold], [newLeads], [waiting]] = await Promise.all([
      this.inventory.statusCounts(custom ? period : {}),
      pendingHolds(this.db, custom ? period : {}),
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
      pendingHolds: holds,
      stockValue: stock.stockValue,
      stockFromPublic: stock.fromPublic,
      stockFromPublicShare:
        stock.available + stock.pending ? stock.fromPublic / (stock.available + stock.pending) : null,
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
}
