import { and, asc, count, desc, eq, inArray, min, ne, or, sql } from 'drizzle-orm';
import {
  type BrandCount,
  type CarDetail,
  type CarFilters,
  type CarSummary,
  type CarsQuery,
  HOMEPAGE_COUNT,
  matchKey,
  SIMILAR_COUNT,
} from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import { loadFilters } from './filters';
import { type CarSearch, inventoryPriceStats, type PriceStats, searchInventory } from './inventory-search';
import { CarListQuery } from './list-query';
import type { ReadCache } from './read-cache';
import {
  type CarRow,
  type CarViews,
  orderBy,
  type PhotoRow,
  photosOf,
  type SummaryRow,
  summaryColumns,
  visible,
} from './rows';
import { cars } from './schema';

export type HomepageKind = 'newest' | 'most-expensive' | 'cheapest';

/**
 * What visitors read: lists, the filter panel, a car's page, similar cars, compare, the home rows and
 * the sitemap, each answer kept a few seconds in the read cache (dropped on every change made here).
 */
export class CarCatalogue {
  private readonly listQuery: CarListQuery;
  private readonly detailQuery;

  constructor(
    private readonly db: Db,
    private readonly views: CarViews,
    private readonly cache: ReadCache,
  ) {
    this.listQuery = new CarListQuery(db);
    // One round trip, prepared once: the car and its photos in order.
    this.detailQuery = db
      .select({
        car: cars,
        photos: sql<PhotoRow[] | string>`coalesce((
          select json_agg(json_build_object('id', p.id, 'position', p.position, 'key', p.key, 'width', p.width, 'height', p.height) order by p.position, p.id)
          from car_photos p where p.car_id = cars.id), '[]'::json)`,
      })
      .from(cars)
      .where(eq(cars.id, sql.placeholder('id')))
      .prepare('car_detail');
  }

  list(q: CarsQuery): Promise<Page<CarSummary>> {
    return this.cache.get(`list:${JSON.stringify(q)}`, () => this.loadList(q));
  }

  private async loadList(q: CarsQuery): Promise<Page<CarSummary>> {
    const { rows, total } = await this.listQuery.run(q);
    return {
      content: rows.map((r) => this.views.summary(r as unknown as SummaryRow)),
      totalElements: total,
      totalPages: Math.ceil(total / q.pageSize),
      page: q.page,
      size: q.pageSize,
    };
  }

  filters(): Promise<CarFilters> {
    return this.cache.get('filters', () => loadFilters(this.db));
  }

  async findRow(exec: Executor, id: number): Promise<CarRow | undefined> {
    const [row] = await exec.select().from(cars).where(eq(cars.id, id));
    return row;
  }

  /** Any car visitors may see, sold ones too (their page still opens and says so); a preparing car is 404. */
  detail(id: number): Promise<CarDetail> {
    return this.cache.get(`detail:${id}`, async () => {
      const car = await this.loadDetail(id);
      if (car.status === 'preparing') throw notFound('Không tìm thấy xe');
      return car;
    });
  }

  /** A car's page read now, past the cache (staff screens). */
  async loadDetail(id: number): Promise<CarDetail> {
    const [row] = await this.detailQuery.execute({ id });
    if (!row) throw notFound('Không tìm thấy xe');
    const photos = (typeof row.photos === 'string' ? JSON.parse(row.photos) : row.photos) as PhotoRow[];
    return this.views.detail(row.car, photos);
  }

  /** Visible cars of the same body type or brand, nearest in price first. */
  similar(id: number, limit = SIMILAR_COUNT): Promise<CarSummary[]> {
    return this.cache.get(`similar:${id}:${limit}`, () => this.loadSimilar(id, limit));
  }

  private async loadSimilar(id: number, limit: number): Promise<CarSummary[]> {
    const base = await this.findRow(this.db, id);
    if (!base || base.status === 'preparing') throw notFound('Không tìm thấy xe');
    const rows = await this.db
      .select(summaryColumns)
      .from(cars)
      .where(
        and(
          visible(),
          ne(cars.id, id),
          or(eq(cars.bodyType, base.bodyType), eq(cars.brandKey, base.brandKey)),
        ),
      )
      .orderBy(
        sql`(${cars.bodyType} = ${base.bodyType})::int + (${cars.brandKey} = ${base.brandKey})::int desc`,
        sql`abs(${cars.sellPrice} - ${base.sellPrice})`,
        desc(cars.id),
      )
      .limit(limit);
    return rows.map((r) => this.views.summary(r as SummaryRow));
  }

  /** The advisor's multi-filter search (cars/inventory-search.ts): rows only, no count, not cached. */
  searchInventory(s: CarSearch, limit: number) {
    return searchInventory(this.db, s, limit);
  }

  inventoryPriceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null> {
    return inventoryPriceStats(this.db, s);
  }

  /** Every car a visitor can open from the list, with its last change, newest first (the sitemap). */
  sitemapEntries(): Promise<{ carId: number; updatedAt: Date }[]> {
    return this.db
      .select({ carId: cars.id, updatedAt: cars.updatedAt })
      .from(cars)
      .where(visible())
      .orderBy(desc(cars.updatedAt));
  }

  brands(): Promise<BrandCount[]> {
    return this.cache.get('brands', () => this.loadBrands());
  }

  private async loadBrands(): Promise<BrandCount[]> {
    const rows = await this.db
      .select({ brand: min(cars.brand), n: count() })
      .from(cars)
      .where(visible())
      .groupBy(cars.brandKey)
      .orderBy(asc(min(cars.brand)));
    return rows.map((r) => ({ brand: r.brand ?? '', count: r.n }));
  }

  byBrand(brand: string): Promise<CarSummary[]> {
    return this.cache.get(`brand:${matchKey(brand)}`, () => this.loadByBrand(brand));
  }

  private async loadByBrand(brand: string): Promise<CarSummary[]> {
    const rows = await this.db
      .select(summaryColumns)
      .from(cars)
      .where(and(visible(), eq(cars.brandKey, matchKey(brand))))
      .orderBy(asc(cars.carName), desc(cars.year), desc(cars.id))
      .limit(500);
    return rows.map((r) => this.views.summary(r as SummaryRow));
  }

  compare(ids: number[]): Promise<CarDetail[]> {
    return this.cache.get(`compare:${ids.join(',')}`, () => this.loadCompare(ids));
  }

  private async loadCompare(ids: number[]): Promise<CarDetail[]> {
    const rows = await this.db
      .select()
      .from(cars)
      .where(and(inArray(cars.id, ids), ne(cars.status, 'preparing')));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(`Không tìm thấy xe mã ${missing.join(', ')}`);
    const photos = await photosOf(this.db, ids);
    return ids.map((id) => this.views.detail(byId.get(id)!, photos.get(id) ?? []));
  }

  homepage(kind: HomepageKind): Promise<CarSummary[]> {
    return this.cache.get(`home:${kind}`, () => this.loadHomepage(kind));
  }

  private async loadHomepage(kind: HomepageKind): Promise<CarSummary[]> {
    const order =
      kind === 'most-expensive'
        ? [desc(cars.sellPrice), desc(cars.id)]
        : kind === 'cheapest'
          ? [asc(cars.sellPrice), asc(cars.id)]
          : orderBy('newest');
    const rows = await this.db
      .select(summaryColumns)
      .from(cars)
      .where(visible())
      .orderBy(...order)
      .limit(HOMEPAGE_COUNT);
    return rows.map((r) => this.views.summary(r as SummaryRow));
  }
}
