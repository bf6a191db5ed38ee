import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  like,
  lte,
  max,
  min,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import {
  BODY_TYPE_LABELS,
  type BodyType,
  type BrandCount,
  CAR_SORT_LABELS,
  CAR_SORTS,
  type CarAdminDetail,
  type CarAdminRow,
  type CarData,
  type CarDetail,
  type CarFilters,
  type CarPhoto,
  type CarSort,
  type CarStatus,
  type CarSummary,
  type CarsAdminQuery,
  type CarsQuery,
  carSearchText,
  type Drivetrain,
  FUEL_LABELS,
  type Fuel,
  HOMEPAGE_COUNT,
  MAX_PHOTOS_PER_CAR,
  matchKey,
  type Origin,
  SIMILAR_COUNT,
  searchTokens,
  TRANSMISSION_LABELS,
  type Transmission,
} from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import type { Db, Executor, Tx } from '../../db/client';
import { carPhotos, cars, sales } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  imageView,
  type PreparedImage,
  type StoredImage,
  storeImage,
  variantKeys,
} from '../../platform/images';
import { deleteQuietly, type Storage } from '../../platform/storage';
import { type CarSearch, inventoryPriceStats, type PriceStats, searchInventory } from './inventory-search';
import { ReadCache } from './read-cache';

type CarRow = typeof cars.$inferSelect;
type PhotoRow = typeof carPhotos.$inferSelect;

/** The columns a list needs (no description, no features). */
const summaryColumns = {
  id: cars.id,
  carName: cars.carName,
  brand: cars.brand,
  model: cars.model,
  version: cars.version,
  year: cars.year,
  sellPrice: cars.sellPrice,
  odo: cars.odo,
  bodyType: cars.bodyType,
  size: cars.size,
  fuel: cars.fuel,
  transmission: cars.transmission,
  exteriorColor: cars.exteriorColor,
  origin: cars.origin,
  status: cars.status,
  coverKey: cars.coverKey,
  coverWidth: cars.coverWidth,
  coverHeight: cars.coverHeight,
  createdAt: cars.createdAt,
};
type SummaryRow = Pick<CarRow, keyof typeof summaryColumns>;

/** Photos of generated benchmark cars live here, shared between cars: never deleted with one car. */
export const SHARED_PHOTO_FOLDER = 'bench/';

export type HomepageKind = 'newest' | 'most-expensive' | 'cheapest';

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Written as the partial indexes' predicate, so the planner can use them (VISIBLE_STATUSES in the contract). */
const visible = () => sql`${cars.status} in ('available', 'pending')`;

/** DESC as the indexes are built (drizzle writes them NULLS LAST; a bare DESC means NULLS FIRST). */
const down = (column: PgColumn) => sql`${column} desc nulls last`;

function orderBy(sort: CarSort | 'updated'): SQL[] {
  // Each sort matches one partial index of schema/cars.ts, tie-breaker included, so a page is an index scan.
  switch (sort) {
    case 'price_asc':
      return [asc(cars.sellPrice), asc(cars.id)];
    case 'price_desc':
      return [desc(cars.sellPrice), desc(cars.id)];
    case 'odo_asc':
      return [asc(cars.odo), asc(cars.id)];
    case 'year_desc':
      return [down(cars.year), down(cars.createdAt), down(cars.id)];
    case 'updated':
      return [desc(cars.updatedAt), desc(cars.id)];
    default:
      return [down(cars.createdAt), down(cars.id)];
  }
}

function searchCondition(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const tokens = searchTokens(query);
  if (tokens.length === 0) return undefined;
  return and(
    ...tokens.map((t) =>
      or(
        like(cars.searchText, `%${escapeLike(t.text)}%`),
        t.compact ? like(cars.searchCompact, `%${escapeLike(t.compact)}%`) : undefined,
      ),
    ),
  );
}

/** What a car row holds beyond the contract's data: keys and the search columns, written on every save. */
function derived(data: Omit<CarData, 'status'>) {
  const search = carSearchText(data);
  return {
    brandKey: matchKey(data.brand),
    exteriorColorKey: matchKey(data.exteriorColor),
    interiorColorKey: matchKey(data.interiorColor),
    searchText: search.text,
    searchCompact: search.compact,
  };
}

function carValues(data: Omit<CarData, 'status'>) {
  return {
    carName: data.carName,
    brand: data.brand,
    model: data.model,
    version: data.version,
    year: data.year,
    sellPrice: data.sellPrice,
    odo: data.odo,
    bodyType: data.bodyType,
    size: data.size,
    fuel: data.fuel,
    transmission: data.transmission,
    drivetrain: data.drivetrain,
    engine: data.engine,
    exteriorColor: data.exteriorColor,
    interiorColor: data.interiorColor,
    origin: data.origin,
    licensePlateRegion: data.licensePlateRegion,
    previousOwners: data.previousOwners,
    description: data.description,
    features: data.features,
    ...derived(data),
  };
}

/** The part of a row the audit log keeps (no search columns). */
function auditable(row: CarRow) {
  const {
    searchText: _s,
    searchCompact: _c,
    brandKey: _b,
    exteriorColorKey: _e,
    interiorColorKey: _i,
    ...rest
  } = row;
  return rest;
}

export class CarsService {
  private readonly cache: ReadCache;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly log?: { warn(obj: unknown, msg: string): void },
    cacheMs = 0,
  ) {
    this.cache = new ReadCache(cacheMs);
  }

  /** Drops cached public reads: call after committing any change to cars, photos or sales. */
  invalidate() {
    this.cache.clear();
  }

  /** A write transaction; cached reads are dropped once it has ended. */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } finally {
      this.invalidate();
    }
  }

  // ----------------------------------------------------------------------------- views

  private summary(row: SummaryRow): CarSummary {
    return {
      carId: row.id,
      carName: row.carName,
      brand: row.brand,
      model: row.model,
      version: row.version,
      year: row.year,
      sellPrice: row.sellPrice,
      odo: row.odo,
      bodyType: row.bodyType as BodyType,
      size: row.size,
      fuel: row.fuel as Fuel,
      transmission: row.transmission as Transmission,
      exteriorColor: row.exteriorColor,
      origin: row.origin as Origin,
      status: row.status as CarStatus,
      cover:
        row.coverKey && row.coverWidth && row.coverHeight
          ? imageView(this.storage, row.coverKey, row.coverWidth, row.coverHeight)
          : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  private photo(row: PhotoRow): CarPhoto {
    return {
      photoId: row.id,
      position: row.position,
      ...imageView(this.storage, row.key, row.width, row.height),
    };
  }

  private detailView(row: CarRow, photos: PhotoRow[]): CarDetail {
    return {
      ...this.summary(row),
      drivetrain: (row.drivetrain as Drivetrain | null) ?? null,
      engine: row.engine,
      interiorColor: row.interiorColor,
      licensePlateRegion: row.licensePlateRegion,
      previousOwners: row.previousOwners,
      description: row.description,
      features: row.features ?? [],
      photos: photos.map((p) => this.photo(p)),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  private async photosOf(exec: Executor, carIds: number[]): Promise<Map<number, PhotoRow[]>> {
    const map = new Map<number, PhotoRow[]>();
    if (carIds.length === 0) return map;
    const rows = await exec
      .select()
      .from(carPhotos)
      .where(inArray(carPhotos.carId, carIds))
      .orderBy(asc(carPhotos.position), asc(carPhotos.id));
    for (const r of rows) {
      const list = map.get(r.carId) ?? [];
      list.push(r);
      map.set(r.carId, list);
    }
    return map;
  }

  // ----------------------------------------------------------------------------- public

  list(q: CarsQuery): Promise<Page<CarSummary>> {
    return this.cache.get(`list:${JSON.stringify(q)}`, () => this.loadList(q));
  }

  private async loadList(q: CarsQuery): Promise<Page<CarSummary>> {
    const where = and(
      visible(),
      q.brand ? eq(cars.brandKey, matchKey(q.brand)) : undefined,
      q.bodyType ? eq(cars.bodyType, q.bodyType) : undefined,
      q.minPrice !== undefined ? gte(cars.sellPrice, q.minPrice) : undefined,
      q.maxPrice !== undefined ? lte(cars.sellPrice, q.maxPrice) : undefined,
      q.minOdo !== undefined ? gte(cars.odo, q.minOdo) : undefined,
      q.maxOdo !== undefined ? lte(cars.odo, q.maxOdo) : undefined,
      q.exteriorColor ? eq(cars.exteriorColorKey, matchKey(q.exteriorColor)) : undefined,
      q.interiorColor ? eq(cars.interiorColorKey, matchKey(q.interiorColor)) : undefined,
      q.year !== undefined ? eq(cars.year, q.year) : undefined,
      q.size !== undefined ? eq(cars.size, q.size) : undefined,
      q.fuel ? eq(cars.fuel, q.fuel) : undefined,
      q.transmission ? eq(cars.transmission, q.transmission) : undefined,
      searchCondition(q.carName),
    );
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(cars).where(where),
      this.db
        .select(summaryColumns)
        .from(cars)
        .where(where)
        .orderBy(...orderBy(q.sort))
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize),
    ]);
    return {
      content: rows.map((r) => this.summary(r as SummaryRow)),
      totalElements: total,
      totalPages: Math.ceil(total / q.pageSize),
      page: q.page,
      size: q.pageSize,
    };
  }

  filters(): Promise<CarFilters> {
    return this.cache.get('filters', () => this.loadFilters());
  }

  private async loadFilters(): Promise<CarFilters> {
    const v = visible();
    const grouped = async (key: PgColumn, label: PgColumn) =>
      this.db
        .select({ key, label: sql<string | null>`min(${label})`, n: count() })
        .from(cars)
        .where(v)
        .groupBy(key)
        .orderBy(sql`min(${label})`);
    const [brands, bodyTypes, fuels, transmissions, exterior, interior, years, sizes, bounds] =
      await Promise.all([
        grouped(cars.brandKey, cars.brand),
        this.db.select({ key: cars.bodyType, n: count() }).from(cars).where(v).groupBy(cars.bodyType),
        this.db.select({ key: cars.fuel, n: count() }).from(cars).where(v).groupBy(cars.fuel),
        this.db.select({ key: cars.transmission, n: count() }).from(cars).where(v).groupBy(cars.transmission),
        grouped(cars.exteriorColorKey, cars.exteriorColor),
        grouped(cars.interiorColorKey, cars.interiorColor),
        this.db.selectDistinct({ y: cars.year }).from(cars).where(v).orderBy(desc(cars.year)),
        this.db.selectDistinct({ s: cars.size }).from(cars).where(v).orderBy(asc(cars.size)),
        this.db
          .select({
            minPrice: min(cars.sellPrice),
            maxPrice: max(cars.sellPrice),
            minOdo: min(cars.odo),
            maxOdo: max(cars.odo),
            n: count(),
          })
          .from(cars)
          .where(v),
      ]);
    const order =
      <T extends string>(keys: readonly T[]) =>
      (a: { value: T }, b: { value: T }) =>
        keys.indexOf(a.value) - keys.indexOf(b.value);
    const b = bounds[0];
    return {
      brands: brands.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
      bodyTypes: bodyTypes
        .map((r) => ({
          value: r.key as BodyType,
          label: BODY_TYPE_LABELS[r.key as BodyType] ?? r.key,
          count: r.n,
        }))
        .sort(order(Object.keys(BODY_TYPE_LABELS) as BodyType[])),
      fuels: fuels
        .map((r) => ({ value: r.key as Fuel, label: FUEL_LABELS[r.key as Fuel] ?? r.key, count: r.n }))
        .sort(order(Object.keys(FUEL_LABELS) as Fuel[])),
      transmissions: transmissions
        .map((r) => ({
          value: r.key as Transmission,
          label: TRANSMISSION_LABELS[r.key as Transmission] ?? r.key,
          count: r.n,
        }))
        .sort(order(Object.keys(TRANSMISSION_LABELS) as Transmission[])),
      exteriorColors: exterior.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
      interiorColors: interior.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
      years: years.map((r) => r.y),
      sizes: sizes.map((r) => r.s),
      price: { min: Number(b?.minPrice ?? 0), max: Number(b?.maxPrice ?? 0) },
      odo: { min: Number(b?.minOdo ?? 0), max: Number(b?.maxOdo ?? 0) },
      sorts: CAR_SORTS.map((value) => ({ value, label: CAR_SORT_LABELS[value] })),
      total: b?.n ?? 0,
    };
  }

  async findRow(exec: Executor, id: number): Promise<CarRow | undefined> {
    const [row] = await exec.select().from(cars).where(eq(cars.id, id));
    return row;
  }

  /** Any car, sold ones too (their page still opens and says so). */
  detail(id: number): Promise<CarDetail> {
    return this.cache.get(`detail:${id}`, () => this.loadDetail(id));
  }

  private async loadDetail(id: number): Promise<CarDetail> {
    // One round trip: the car and its photos in order.
    const [row] = await this.db
      .select({
        car: cars,
        photos: sql<{ id: number; position: number; key: string; width: number; height: number }[]>`coalesce((
          select json_agg(json_build_object('id', p.id, 'position', p.position, 'key', p.key, 'width', p.width, 'height', p.height) order by p.position, p.id)
          from car_photos p where p.car_id = cars.id), '[]'::json)`,
      })
      .from(cars)
      .where(eq(cars.id, id));
    if (!row) throw notFound('Không tìm thấy xe');
    const photos = (typeof row.photos === 'string' ? JSON.parse(row.photos) : row.photos) as PhotoRow[];
    return this.detailView(row.car, photos);
  }

  /** Visible cars of the same body type or brand, nearest in price first. */
  similar(id: number, limit = SIMILAR_COUNT): Promise<CarSummary[]> {
    return this.cache.get(`similar:${id}:${limit}`, () => this.loadSimilar(id, limit));
  }

  private async loadSimilar(id: number, limit: number): Promise<CarSummary[]> {
    const base = await this.findRow(this.db, id);
    if (!base) throw notFound('Không tìm thấy xe');
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
    return rows.map((r) => this.summary(r as SummaryRow));
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
    return rows.map((r) => this.summary(r as SummaryRow));
  }

  compare(ids: number[]): Promise<CarDetail[]> {
    return this.cache.get(`compare:${ids.join(',')}`, () => this.loadCompare(ids));
  }

  private async loadCompare(ids: number[]): Promise<CarDetail[]> {
    const rows = await this.db.select().from(cars).where(inArray(cars.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) throw notFound(`Không tìm thấy xe mã ${missing.join(', ')}`);
    const photos = await this.photosOf(this.db, ids);
    return ids.map((id) => this.detailView(byId.get(id)!, photos.get(id) ?? []));
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
    return rows.map((r) => this.summary(r as SummaryRow));
  }

  // ----------------------------------------------------------------------------- staff

  async adminList(q: CarsAdminQuery): Promise<Page<CarAdminRow>> {
    const search = q.search?.trim();
    const where = and(
      q.status ? eq(cars.status, q.status) : undefined,
      q.brand ? eq(cars.brandKey, matchKey(q.brand)) : undefined,
      q.minPrice !== undefined ? gte(cars.sellPrice, q.minPrice) : undefined,
      q.maxPrice !== undefined ? lte(cars.sellPrice, q.maxPrice) : undefined,
      search
        ? /^\d{1,9}$/.test(search)
          ? or(eq(cars.id, Number(search)), searchCondition(search))
          : searchCondition(search)
        : undefined,
    );
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(cars).where(where),
      this.db
        .select({
          ...summaryColumns,
          photoCount: cars.photoCount,
          updatedAt: cars.updatedAt,
          saleId: sales.id,
        })
        .from(cars)
        .leftJoin(sales, and(eq(sales.carId, cars.id), isNull(sales.cancelledAt)))
        .where(where)
        .orderBy(...orderBy(q.sort))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    return {
      content: rows.map((r) => ({
        ...this.summary(r as SummaryRow),
        photoCount: r.photoCount,
        updatedAt: r.updatedAt.toISOString(),
        saleId: r.saleId ?? null,
      })),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  async activeSaleId(exec: Executor, carId: number): Promise<number | null> {
    const [row] = await exec
      .select({ id: sales.id })
      .from(sales)
      .where(and(eq(sales.carId, carId), isNull(sales.cancelledAt)));
    return row?.id ?? null;
  }

  async adminDetail(id: number): Promise<CarAdminDetail> {
    const detail = await this.loadDetail(id);
    return { ...detail, saleId: await this.activeSaleId(this.db, id) };
  }

  /** Writes prepared images to storage before the transaction; they are removed again if it fails. */
  private async storeAll(images: PreparedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const img of images) stored.push(await storeImage(this.storage, 'cars', img));
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    return stored;
  }

  private async discard(stored: { key: string }[]) {
    const own = stored.filter((s) => !s.key.startsWith(SHARED_PHOTO_FOLDER));
    await deleteQuietly(
      this.storage,
      own.flatMap((s) => variantKeys(s.key)),
      this.log,
    );
  }

  /** Locks the car row for the rest of the transaction (sales, status changes, photo edits). */
  async lock(tx: Executor, id: number): Promise<CarRow> {
    const [row] = await tx.select().from(cars).where(eq(cars.id, id)).for('update');
    if (!row) throw notFound('Không tìm thấy xe');
    return row;
  }

  /** Keeps cover and photo count on the car row in step with its photos. */
  private async refreshCover(tx: Executor, carId: number) {
    const photos = await tx
      .select()
      .from(carPhotos)
      .where(eq(carPhotos.carId, carId))
      .orderBy(asc(carPhotos.position), asc(carPhotos.id));
    const cover = photos[0];
    await tx
      .update(cars)
      .set({
        coverKey: cover?.key ?? null,
        coverWidth: cover?.width ?? null,
        coverHeight: cover?.height ?? null,
        photoCount: photos.length,
      })
      .where(eq(cars.id, carId));
    return photos;
  }

  private async appendPhotos(tx: Executor, carId: number, stored: StoredImage[]) {
    if (stored.length === 0) return;
    const [{ n, top }] = await tx
      .select({ n: count(), top: max(carPhotos.position) })
      .from(carPhotos)
      .where(eq(carPhotos.carId, carId));
    if (n + stored.length > MAX_PHOTOS_PER_CAR) {
      throw badRequest(`Mỗi xe có tối đa ${MAX_PHOTOS_PER_CAR} ảnh (xe đang có ${n} ảnh)`);
    }
    const start = top === null ? 0 : top + 1;
    await tx
      .insert(carPhotos)
      .values(
        stored.map((s, i) => ({ carId, position: start + i, key: s.key, width: s.width, height: s.height })),
      );
  }

  async create(data: CarData, images: PreparedImage[], req: FastifyRequest | null): Promise<CarAdminDetail> {
    if (images.length > MAX_PHOTOS_PER_CAR) throw badRequest(`Mỗi xe có tối đa ${MAX_PHOTOS_PER_CAR} ảnh`);
    const stored = await this.storeAll(images);
    let id: number;
    try {
      id = await this.transaction(async (tx) => {
        const [row] = await tx
          .insert(cars)
          .values({ ...carValues(data), status: data.status ?? 'available' })
          .returning();
        await this.appendPhotos(tx, row.id, stored);
        await this.refreshCover(tx, row.id);
        await writeAudit(tx, req, {
          action: 'create',
          entity: 'car',
          entityId: row.id,
          after: { ...auditable(row), photos: stored.map((s) => s.key) },
        });
        return row.id;
      });
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    return this.adminDetail(id);
  }

  async update(
    id: number,
    data: CarData,
    images: PreparedImage[],
    req: FastifyRequest,
  ): Promise<CarAdminDetail> {
    const stored = await this.storeAll(images);
    try {
      await this.transaction(async (tx) => {
        const before = await this.lock(tx, id);
        let status = before.status as CarStatus;
        if (data.status && data.status !== before.status) {
          if (before.status === 'sold') {
            throw conflict('Xe đã bán: hãy hủy giao dịch bán trong lịch sử bán hàng để mở bán lại');
          }
          status = data.status;
        }
        const [after] = await tx
          .update(cars)
          .set({ ...carValues(data), status, updatedAt: new Date() })
          .where(eq(cars.id, id))
          .returning();
        await this.appendPhotos(tx, id, stored);
        if (stored.length) await this.refreshCover(tx, id);
        await writeAudit(tx, req, {
          action: 'update',
          entity: 'car',
          entityId: id,
          before: auditable(before),
          after: { ...auditable(after), ...(stored.length ? { addedPhotos: stored.map((s) => s.key) } : {}) },
        });
      });
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    return this.adminDetail(id);
  }

  async photos(id: number): Promise<CarPhoto[]> {
    const rows = await this.photosOf(this.db, [id]);
    return (rows.get(id) ?? []).map((p) => this.photo(p));
  }

  async addPhotos(id: number, images: PreparedImage[], req: FastifyRequest): Promise<CarPhoto[]> {
    if (images.length === 0) throw badRequest('Vui lòng chọn ít nhất một ảnh');
    if (!(await this.findRow(this.db, id))) throw notFound('Không tìm thấy xe');
    const stored = await this.storeAll(images);
    try {
      await this.transaction(async (tx) => {
        await this.lock(tx, id);
        await this.appendPhotos(tx, id, stored);
        await this.refreshCover(tx, id);
        await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
        await writeAudit(tx, req, {
          action: 'add-photos',
          entity: 'car',
          entityId: id,
          after: { photos: stored.map((s) => s.key) },
        });
      });
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    return this.photos(id);
  }

  async removePhoto(id: number, photoId: number, req: FastifyRequest): Promise<CarPhoto[]> {
    const removed = await this.transaction(async (tx) => {
      await this.lock(tx, id);
      const [photo] = await tx
        .delete(carPhotos)
        .where(and(eq(carPhotos.id, photoId), eq(carPhotos.carId, id)))
        .returning();
      if (!photo) throw notFound('Không tìm thấy ảnh của xe này');
      // Close the gap so positions stay 0..n-1.
      const rest = await tx
        .select({ id: carPhotos.id })
        .from(carPhotos)
        .where(eq(carPhotos.carId, id))
        .orderBy(asc(carPhotos.position), asc(carPhotos.id));
      for (const [i, p] of rest.entries()) {
        await tx.update(carPhotos).set({ position: i }).where(eq(carPhotos.id, p.id));
      }
      await this.refreshCover(tx, id);
      await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
      await writeAudit(tx, req, {
        action: 'remove-photo',
        entity: 'car',
        entityId: id,
        before: { photoId, key: photo.key, position: photo.position },
      });
      return photo;
    });
    await this.discard([removed]);
    return this.photos(id);
  }

  async reorderPhotos(id: number, photoIds: number[], req: FastifyRequest): Promise<CarPhoto[]> {
    await this.transaction(async (tx) => {
      await this.lock(tx, id);
      const current = await tx
        .select({ id: carPhotos.id })
        .from(carPhotos)
        .where(eq(carPhotos.carId, id))
        .orderBy(asc(carPhotos.position), asc(carPhotos.id));
      const have = current.map((p) => p.id);
      const same =
        photoIds.length === have.length &&
        new Set(photoIds).size === photoIds.length &&
        photoIds.every((p) => have.includes(p));
      if (!same) throw badRequest('Danh sách ảnh phải gồm đúng các ảnh hiện có của xe, mỗi ảnh một lần');
      for (const [i, photoId] of photoIds.entries()) {
        await tx.update(carPhotos).set({ position: i }).where(eq(carPhotos.id, photoId));
      }
      await this.refreshCover(tx, id);
      await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
      await writeAudit(tx, req, {
        action: 'reorder-photos',
        entity: 'car',
        entityId: id,
        before: { order: have },
        after: { order: photoIds },
      });
    });
    return this.photos(id);
  }

  async setStatus(id: number, status: CarStatus, req: FastifyRequest): Promise<CarAdminDetail> {
    if (status === 'sold') {
      throw badRequest('Để chuyển xe sang "Đã bán", hãy ghi nhận giao dịch bán trong lịch sử bán hàng');
    }
    await this.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      if (before.status === status) return;
      if (before.status === 'sold') {
        throw conflict('Xe đã bán: hãy hủy giao dịch bán trong lịch sử bán hàng để mở bán lại');
      }
      await this.setStatusIn(tx, id, status);
      await writeAudit(tx, req, {
        action: 'set-status',
        entity: 'car',
        entityId: id,
        before: { status: before.status },
        after: { status },
      });
    });
    return this.adminDetail(id);
  }

  /** For the sales service, inside its transaction (after lock()). */
  async setStatusIn(tx: Executor, id: number, status: CarStatus) {
    await tx.update(cars).set({ status, updatedAt: new Date() }).where(eq(cars.id, id));
  }

  async remove(id: number, req: FastifyRequest): Promise<void> {
    const photos = await this.transaction(async (tx) => {
      const before = await this.lock(tx, id);
      const [sale] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.carId, id)).limit(1);
      if (sale) throw conflict('Không thể xóa xe đã có giao dịch bán trong lịch sử bán hàng');
      const photoRows = await tx.select().from(carPhotos).where(eq(carPhotos.carId, id));
      await tx.delete(carPhotos).where(eq(carPhotos.carId, id));
      await tx.delete(cars).where(eq(cars.id, id));
      await writeAudit(tx, req, {
        action: 'delete',
        entity: 'car',
        entityId: id,
        before: { ...auditable(before), photos: photoRows.map((p) => p.key) },
      });
      return photoRows;
    });
    await this.discard(photos);
  }

  /** Inserts cars without requests (demo seeding, benchmarks): photos already stored. */
  async insertSeeded(
    exec: Executor,
    data: Omit<CarData, 'status'> & { status: CarStatus; createdAt?: Date },
    photos: StoredImage[],
  ): Promise<number> {
    const [row] = await exec
      .insert(cars)
      .values({
        ...carValues(data),
        status: data.status,
        ...(data.createdAt ? { createdAt: data.createdAt, updatedAt: data.createdAt } : {}),
      })
      .returning({ id: cars.id });
    await this.appendPhotos(exec, row.id, photos);
    if (photos.length) await this.refreshCover(exec, row.id);
    return row.id;
  }

  /**
   * Bulk insert for generated data (benchmarks): each car gets the given photo as its only photo.
   * Photos under "bench/" are shared between generated cars and never deleted with one of them.
   */
  async insertMany(
    exec: Executor,
    rows: (Omit<CarData, 'status'> & { status: CarStatus; createdAt: Date; photo: StoredImage | null })[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < rows.length; i += 500) {
      const chunk = rows.slice(i, i + 500);
      const inserted = await exec
        .insert(cars)
        .values(
          chunk.map((r) => ({
            ...carValues(r),
            status: r.status,
            createdAt: r.createdAt,
            updatedAt: r.createdAt,
            coverKey: r.photo?.key ?? null,
            coverWidth: r.photo?.width ?? null,
            coverHeight: r.photo?.height ?? null,
            photoCount: r.photo ? 1 : 0,
          })),
        )
        .returning({ id: cars.id });
      const photoRows = inserted.flatMap((row, j) => {
        const photo = chunk[j].photo;
        return photo
          ? [{ carId: row.id, position: 0, key: photo.key, width: photo.width, height: photo.height }]
          : [];
      });
      if (photoRows.length) await exec.insert(carPhotos).values(photoRows);
      ids.push(...inserted.map((r) => r.id));
    }
    return ids;
  }

  /** How many cars exist (any status). */
  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(cars);
    return row.n;
  }
}
