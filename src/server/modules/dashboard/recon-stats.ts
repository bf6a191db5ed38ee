import { and, count, countDistinct, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import type { ReconBoard } from '../../../contract/recon';
import {
  acceptableTimeToLine,
  QUICK_SALE_DAYS,
  type ReconStats,
  STOCK_AGE_BUCKET_LABELS,
  STOCK_AGE_BUCKETS,
  stockAgeBucket,
  TIME_TO_LINE_VERDICT_LABELS,
  timeToLineVerdict,
} from '../../../contract/recon-stats';
import type { StatsRange } from '../../../contract/stats';
import type { StockCosts } from '../../../contract/web-config';
import type { Db } from '../../db/client';
import { carCostLines, cars, reconCars, reconItems, sales } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { ACTIVE, addDays, dayStart, daysBetween, echo, int, money, monthStart, saleDays } from './range';

/** What the reconditioning figures read beyond the tables: the board, the clock and the stock settings. */
export interface ReconStatsDeps {
  clock: Clock;
  /** The recon module's board (time in stage counts working hours: its rule, not redone here). */
  board(): Promise<ReconBoard>;
  /** The showroom's stock settings: the yearly holding rate and the time-to-line target. */
  stockCosts(): Promise<StockCosts>;
}

const IN_STOCK = ['preparing', 'available', 'pending'];
const vnDay = (column: SQL | typeof cars.createdAt) => sql`(${column} at time zone 'Asia/Ho_Chi_Minh')::date`;

/**
 * A car's purchase day, the start of its time to line, its age in stock and its quick-sale clock: the
 * earliest of the day it entered stock, the day the board says it reached the showroom, and the day of
 * its typed purchase price (needs `recon_cars` left-joined).
 */
const purchaseDay = sql<string>`least(
  ${vnDay(cars.createdAt)},
  ${vnDay(sql`${reconCars.receivedAt}`)},
  (select min(${carCostLines.incurredOn}) from ${carCostLines}
    where ${carCostLines.carId} = ${cars.id} and ${carCostLines.category} = 'purchase')
)::text`;

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;
/** Signed days from a to b, never below 0 (a car listed "before" its typed purchase day took 0 days). */
const daysFrom = (a: string, b: string) => Math.max(0, daysBetween(a, b));

/** GET dashboard/recon and the overview's stock cards (docs/statistics.md, "Reconditioning and stock"). */
export class ReconStatsReader {
  constructor(
    private readonly db: Db,
    private readonly deps: ReconStatsDeps,
  ) {}

  async stats(r: StatsRange): Promise<ReconStats> {
    const today = vnDayKey(this.deps.clock.now());
    const [timeToLine, stages, reconCost, margin, holding, quickSales, agedStock] = await Promise.all([
      this.timeToLine(r),
      this.stages(),
      this.reconCost(r),
      this.margin(r),
      this.holding(r, today),
      this.quickSales(r),
      this.agedStock(today),
    ]);
    return { range: echo(r), timeToLine, stages, reconCost, margin, holding, quickSales, agedStock };
  }

  private async timeToLine(r: StatsRange): Promise<ReconStats['timeToLine']> {
    const rows = await this.db
      .select({
        bought: purchaseDay,
        listed: sql<string>`${vnDay(sql`${cars.listedAt}`)}::text`,
        known: sql<boolean>`(${cars.originLeadId} is not null and ${cars.purchasePrice} is not null)
          or exists (select 1 from ${carCostLines}
            where ${carCostLines.carId} = ${cars.id} and ${carCostLines.category} = 'purchase')`,
      })
      .from(cars)
      .leftJoin(reconCars, eq(reconCars.carId, cars.id))
      .where(and(isNotNull(cars.listedAt), momentIn(cars.listedAt, r)));
    // Without a purchase price nobody recorded the purchase: its day is a guess, left out.
    const days = rows.filter((x) => x.known).map((x) => daysFrom(x.bought, x.listed));
    const averageDays = days.length ? round(days.reduce((s, d) => s + d, 0) / days.length, 1) : null;
    const targetDays = (await this.deps.stockCosts()).timeToLineTargetDays;
    const acceptableDays = acceptableTimeToLine(targetDays);
    const verdict = timeToLineVerdict(averageDays, targetDays);
    return {
      cars: days.length,
      withoutPurchase: rows.length - days.length,
      averageDays,
      targetDays,
      acceptableDays,
      withinTarget: days.filter((d) => d <= targetDays).length,
      withinAcceptable: days.filter((d) => d <= acceptableDays).length,
      verdict,
      verdictLabel: verdict && TIME_TO_LINE_VERDICT_LABELS[verdict],
    };
  }

  private async stages(): Promise<ReconStats['stages']> {
    const board = await this.deps.board();
    const byStage = board.stages.map((s) => {
      const cards = board.cards.filter((c) => c.stage === s.key);
      return { key: s.key, name: s.name, count: cards.length, late: cards.filter((c) => c.late).length };
    });
    return {
      preparing: board.cards.length,
      late: board.cards.filter((c) => c.late).length,
      byStage,
    };
  }

  private async reconCost(r: StatsRange): Promise<ReconStats['reconCost']> {
    const estimate = sql`${reconItems.estimateParts} + ${reconItems.estimateLabour}`;
    const [row] = await this.db
      .select({
        cars: countDistinct(reconItems.carId),
        items: count(),
        actual: money(sql`sum(${reconItems.actualCost})`),
        estimate: money(sql`sum(${estimate})`),
        over: int(sql`count(*) filter (where ${reconItems.actualCost} > ${estimate})`),
      })
      .from(reconItems)
      .where(and(eq(reconItems.status, 'DONE'), momentIn(reconItems.updatedAt, r)));
    return {
      cars: row.cars,
      itemsCompleted: row.items,
      actualTotal: row.actual,
      estimateTotal: row.estimate,
      averagePerCar: row.cars ? Math.round(row.actual / row.cars) : null,
      actualToEstimate: row.estimate > 0 ? round(row.actual / row.estimate, 4) : null,
      overEstimate: row.over,
    };
  }

  private async margin(r: StatsRange): Promise<ReconStats['margin']> {
    const known = sql`${sales.trueCost} is not null`;
    const [row] = await this.db
      .select({
        sold: count(),
        known: int(sql`count(*) filter (where ${known})`),
        revenue: money(sql`sum(${sales.salePrice}) filter (where ${known})`),
        cost: money(sql`sum(${sales.trueCost})`),
        margin: money(sql`sum(${sales.trueMargin})`),
      })
      .from(sales)
      .where(and(ACTIVE, saleDays(r)));
    return {
      sold: row.sold,
      withTrueCost: row.known,
      revenue: row.revenue,
      trueCostTotal: row.cost,
      marginTotal: row.margin,
      averageMargin: row.known ? Math.round(row.margin / row.known) : null,
      marginRate: row.revenue > 0 ? round(row.margin / row.revenue, 4) : null,
    };
  }

  private async quickSales(r: StatsRange): Promise<ReconStats['quickSales']> {
    const rows = await this.db
      .select({ bought: purchaseDay, sold: sql<string>`${sales.saleDate}::text` })
      .from(sales)
      .innerJoin(cars, eq(cars.id, sales.carId))
      .leftJoin(reconCars, eq(reconCars.carId, cars.id))
      .where(and(ACTIVE, saleDays(r)));
    const quick = rows.filter((x) => daysFrom(x.bought, x.sold) <= QUICK_SALE_DAYS).length;
    return {
      sold: rows.length,
      withinDays: QUICK_SALE_DAYS,
      count: quick,
      share: rows.length ? round(quick / rows.length, 4) : null,
    };
  }

  private async agedStock(today: string): Promise<ReconStats['agedStock']> {
    const rows = await this.db
      .select({ bought: purchaseDay, price: cars.sellPrice })
      .from(cars)
      .leftJoin(reconCars, eq(reconCars.carId, cars.id))
      .where(inArray(cars.status, IN_STOCK));
    const buckets = STOCK_AGE_BUCKETS.map((bucket) => ({
      bucket,
      label: STOCK_AGE_BUCKET_LABELS[bucket],
      count: 0,
      value: 0,
    }));
    for (const row of rows) {
      const slot = buckets[STOCK_AGE_BUCKETS.indexOf(stockAgeBucket(daysFrom(row.bought, today)))];
      slot.count += 1;
      slot.value += row.price;
    }
    return { total: rows.length, buckets };
  }

  /**
   * Holding cost accrued over the period, by the ledger's own rule (docs/car-costs.md): simple daily
   * interest on every line from its day (never before the purchase day) to the sale day or today; a day's
   * interest belongs to that day, so the period takes the days after the eve of its first day. Cars in
   * stock and cars sold in the period; the sum is kept exact and rounded once.
   */
  private async holding(r: StatsRange, today: string): Promise<ReconStats['holding']> {
    const to = r.to && r.to < today ? r.to : today;
    const from = r.from ?? monthStart(to);
    const eve = addDays(from, -1);
    const rate = (await this.deps.stockCosts()).holdingRate;
    const soldInPeriod = and(ACTIVE, gte(sales.saleDate, from));
    const carRows = await this.db
      .select({
        id: cars.id,
        created: sql<string>`${vnDay(cars.createdAt)}::text`,
        originLeadId: cars.originLeadId,
        purchasePrice: cars.purchasePrice,
        saleDate: sql<string | null>`${sales.saleDate}::text`,
      })
      .from(cars)
      .leftJoin(sales, and(eq(sales.carId, cars.id), ACTIVE))
      .where(or(inArray(cars.status, IN_STOCK), and(isNotNull(sales.id), soldInPeriod)));
    if (carRows.length === 0 || from > to) return { from, to, cars: 0, total: 0, rate };
    const ids = carRows.map((c) => c.id);
    const [lines, recon] = await Promise.all([
      this.db
        .select({
          carId: carCostLines.carId,
          category: carCostLines.category,
          amount: carCostLines.amount,
          day: carCostLines.incurredOn,
        })
        .from(carCostLines)
        .where(inArray(carCostLines.carId, ids)),
      this.db
        .select({ carId: reconItems.carId, cost: money(sql`sum(${reconItems.actualCost})`) })
        .from(reconItems)
        .where(and(inArray(reconItems.carId, ids), eq(reconItems.status, 'DONE')))
        .groupBy(reconItems.carId),
    ]);
    const reconOf = new Map(recon.map((x) => [x.carId, x.cost]));
    let total = 0;
    let accruing = 0;
    for (const car of carRows) {
      const own = lines.filter((l) => l.carId === car.id);
      const bought = car.originLeadId !== null && car.purchasePrice !== null;
      const typed = own.find((l) => l.category === 'purchase');
      // The ledger's purchase day: a bought-in car's day in stock, else its typed purchase, else its day in stock.
      const start = bought ? car.created : (typed?.day ?? car.created);
      const amounts = own.map((l) => ({ amount: l.amount, day: l.day }));
      if (bought) amounts.push({ amount: car.purchasePrice as number, day: start });
      const reconCost = reconOf.get(car.id) ?? 0;
      if (reconCost > 0) amounts.push({ amount: reconCost, day: start });
      const until = car.saleDate && car.saleDate < to ? car.saleDate : to;
      let carTotal = 0;
      for (const a of amounts) {
        // The latest of the three days ('yyyy-mm-dd' sorts as text).
        const begin = [a.day, start, eve].sort()[2];
        carTotal += (a.amount * rate * daysFrom(begin, until)) / 365;
      }
      if (carTotal > 0) accruing += 1;
      total += carTotal;
    }
    return { from, to, cars: accruing, total: Math.round(total), rate };
  }
}

/** A timestamptz column within the range's Vietnamese days. */
function momentIn(
  column: typeof cars.listedAt | typeof reconItems.updatedAt,
  r: StatsRange,
): SQL | undefined {
  return and(
    r.from ? gte(column, dayStart(r.from)) : undefined,
    r.to ? lt(column, dayStart(addDays(r.to, 1))) : undefined,
  );
}
