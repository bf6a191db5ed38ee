import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { CAR_STATUS_LABELS, type CarStatus } from '../../../contract/cars';
import type {
  BrandStockRow,
  CarStats,
  DashboardCar,
  StatsRange,
  StatusCarCount,
} from '../../../contract/stats';
import { STATS_STATUSES } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { cars, sales } from '../../db/schema';
import { pageOf } from '../../platform/paging';
import { ACTIVE, echo, int, momentDays, money, saleDays } from './range';

/** Stock figures: cars by status and brand, entered in a range (docs/statistics.md). */
export class InventoryStats {
  constructor(private readonly db: Db) {}

  async statusCounts(r: StatsRange) {
    const [stock, [sold]] = await Promise.all([
      this.db
        .select({
          status: cars.status,
          n: count(),
          value: money(sql`sum(${cars.sellPrice})`),
          // Bought from the public: the car records the buy-in lead it came from.
          fromPublic: int(sql`count(${cars.originLeadId})::int`),
        })
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
      fromPublic: (of('available')?.fromPublic ?? 0) + (of('pending')?.fromPublic ?? 0),
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
      byStatus: STATS_STATUSES.map((status) => ({
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
      return { ...base, count: n, cars: pageOf(content, n, q) };
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
      cars: pageOf(
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
}
