import { and, desc, gt, inArray, lte, max, ne, sql } from 'drizzle-orm';
import type { CarSummary, CarsQuery } from '../../../contract/cars';
import type { Db } from '../../db/client';
import { listConditions } from './list-query';
import { type CarViews, type SummaryRow, summaryColumns } from './rows';
import { cars } from './schema';

/** The filters of the public list, without its page, size and sort. */
export type ListFilters = Omit<Partial<CarsQuery>, 'page' | 'pageSize' | 'sort'>;

/**
 * Reads for the visitors who come back (the alerts module): the cars of a favourites list, sold ones
 * too, and the cars a saved search has not seen yet. Never cached: each answer is read once per
 * visit or per digest.
 */
export class CarWatchReads {
  constructor(
    private readonly db: Db,
    private readonly views: CarViews,
  ) {}

  /** These cars as a list shows them, in the order asked; a car that no longer exists is left out. */
  async summaries(ids: number[]): Promise<CarSummary[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    // A car taken back into preparation is out of sight, as if it were not there.
    const rows = await this.db
      .select(summaryColumns)
      .from(cars)
      .where(and(inArray(cars.id, unique), ne(cars.status, 'preparing')));
    const byId = new Map(rows.map((r) => [r.id, this.views.summary(r as SummaryRow)]));
    return unique.map((id) => byId.get(id)).filter((c): c is CarSummary => c !== undefined);
  }

  /** The highest car id so far (0 without cars): a saved search's mark of what it has seen. */
  async lastId(): Promise<number> {
    const [row] = await this.db.select({ id: max(cars.id) }).from(cars);
    return row?.id ?? 0;
  }

  /**
   * Visible cars matching the list's filters, added after `afterId` and up to `upToId`, newest first:
   * the first `limit` of them and how many there are.
   */
  async listedBetween(
    filters: ListFilters,
    afterId: number,
    upToId: number,
    limit: number,
  ): Promise<{ cars: CarSummary[]; total: number }> {
    if (upToId <= afterId) return { cars: [], total: 0 };
    const where = and(listConditions(filters as CarsQuery), gt(cars.id, afterId), lte(cars.id, upToId));
    const rows = await this.db
      .select({ ...summaryColumns, total: sql<number>`count(*) over ()` })
      .from(cars)
      .where(where)
      .orderBy(desc(cars.id))
      .limit(limit);
    return {
      cars: rows.map((r) => this.views.summary(r as SummaryRow)),
      total: rows.length ? Number(rows[0].total) : 0,
    };
  }
}
