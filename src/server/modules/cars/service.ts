import { eq, inArray, sql } from 'drizzle-orm';
import type {
  BodyType,
  BrandCount,
  CarAdminDetail,
  CarAdminRow,
  CarData,
  CarDetail,
  CarFilters,
  CarPhoto,
  CarPriceHistory,
  CarStatus,
  CarSummary,
  CarsAdminQuery,
  CarsQuery,
  Fuel,
  Transmission,
} from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import type { ImageView } from '../../../contract/images';
import type { InspectionSummary } from '../../../contract/inspections-labels';
import type { StoredPriceRating } from '../../../contract/pricing';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { imageView, type PreparedImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { CarAdmin, type CarOrigin } from './admin';
import { CarCatalogue, type HomepageKind } from './catalogue';
import type { CarSearch, InventoryRow, PriceStats } from './inventory-search';
import { CarLifecycle, findCar, type ListingGate, lockCar } from './lifecycle';
import { CarPhotos } from './photos';
import { priceHistory } from './price-history';
import { storePriceRatings } from './price-ratings';
import { ReadCache } from './read-cache';
import { type CarRow, CarViews } from './rows';
import { cars } from './schema';
import { CarWatchReads, type ListFilters } from './watch-reads';

export type { CarOrigin } from './admin';
export { registerAnswerCache } from './answer-cache';
export type { HomepageKind } from './catalogue';
export type { CarSearch, InventoryRow, ModelFilter, PriceStats } from './inventory-search';
export type { ListingGate } from './lifecycle';
export { SHARED_PHOTO_FOLDER } from './rows';
export type { ListFilters } from './watch-reads';

/**
 * The cars module's one entry point for routes and other modules. Each use case lives in its own part:
 * the public catalogue with its read cache (catalogue.ts), staff administration (admin.ts), photos
 * (photos.ts) and the status lifecycle (lifecycle.ts). Every write goes through `transaction`, which
 * drops the cached public reads once it has ended.
 */
/** A car as another module shows it beside its own records (a sale, a reservation). */
export interface CarThumbnail {
  status: CarStatus;
  cover: ImageView | null;
}

/** A car as the valuation engine reads it: what it is, its price and status, and when it entered stock. */
export interface CarEvidence {
  id: number;
  carName: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  odo: number;
  sellPrice: number;
  status: CarStatus;
  bodyType: BodyType;
  fuel: Fuel;
  transmission: Transmission;
  licensePlateRegion: string;
  createdAt: Date;
}

/** A car as another module sees it while holding its lock. */
export interface LockedCar {
  id: number;
  carName: string;
  brand: string;
  sellPrice: number;
  status: CarStatus;
}

export class CarsService {
  /** The public reads' cache; the routes serve whole answers from it too (answer-cache.ts). */
  readonly cache: ReadCache;
  private readonly catalogue: CarCatalogue;
  private readonly admin: CarAdmin;
  private readonly photoStore: CarPhotos;
  private readonly lifecycle: CarLifecycle;
  private readonly watch: CarWatchReads;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    log?: { warn(obj: unknown, msg: string): void },
    cacheMs = 0,
  ) {
    this.cache = new ReadCache(cacheMs);
    const views = new CarViews(storage);
    const transaction = <T>(fn: (tx: Tx) => Promise<T>) => this.transaction(fn);
    this.catalogue = new CarCatalogue(db, views, this.cache);
    this.photoStore = new CarPhotos(db, storage, views, transaction, log);
    this.lifecycle = new CarLifecycle(transaction);
    this.admin = new CarAdmin(db, views, this.catalogue, this.photoStore, transaction, this.lifecycle);
    this.watch = new CarWatchReads(db, views);
  }

  /** Drops cached public reads: call after committing any change to cars, photos or sales. */
  invalidate() {
    this.cache.clear();
    for (const fn of this.listeners) fn();
  }

  /** Called after every change to cars (the valuations module refreshes the deal labels). */
  onChange(fn: () => void) {
    this.listeners.push(fn);
  }

  /** The deal labels derived by the valuations module; true when any changed (the reads are then dropped). */
  setPriceRatings(ratings: StoredPriceRating[]): Promise<boolean> {
    return storePriceRatings(this.db, (fn) => this.transaction(fn), ratings);
  }

  /** A write transaction; cached reads are dropped once it has ended. */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(fn);
    } finally {
      this.invalidate();
    }
  }

  // ----------------------------------------------------------------------------- public catalogue

  list(q: CarsQuery): Promise<Page<CarSummary>> {
    return this.catalogue.list(q);
  }

  filters(): Promise<CarFilters> {
    return this.catalogue.filters();
  }

  /** Every change of a car's sell price, newest first (public: without who made it). */
  priceHistory(id: number): Promise<CarPriceHistory> {
    return priceHistory(this.db, id);
  }

  /** Any car visitors may see, sold ones too (their page still opens and says so); never a preparing one. */
  detail(id: number): Promise<CarDetail> {
    return this.catalogue.detail(id);
  }

  /** Visible cars of the same body type or brand, nearest in price first. */
  similar(id: number, limit?: number): Promise<CarSummary[]> {
    return this.catalogue.similar(id, limit);
  }

  brands(): Promise<BrandCount[]> {
    return this.catalogue.brands();
  }

  byBrand(brand: string): Promise<CarSummary[]> {
    return this.catalogue.byBrand(brand);
  }

  compare(ids: number[]): Promise<CarDetail[]> {
    return this.catalogue.compare(ids);
  }

  homepage(kind: HomepageKind): Promise<CarSummary[]> {
    return this.catalogue.homepage(kind);
  }

  /** Every car a visitor can open from the list, with its last change, newest first (the sitemap). */
  sitemapEntries(): Promise<{ carId: number; updatedAt: Date }[]> {
    return this.catalogue.sitemapEntries();
  }

  /** The advisor's multi-filter search (cars/inventory-search.ts): rows only, no count, not cached. */
  searchInventory(s: CarSearch, limit: number): Promise<InventoryRow[]> {
    return this.catalogue.searchInventory(s, limit);
  }

  inventoryPriceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null> {
    return this.catalogue.inventoryPriceStats(s);
  }

  // ----------------------------------------------------------------------------- visitors who come back

  /** These cars as lists show them (sold ones too), in the order asked; missing ones left out. */
  summaries(ids: number[]): Promise<CarSummary[]> {
    return this.watch.summaries(ids);
  }

  /** The highest car id so far: what a saved search has seen when it is made. */
  lastCarId(): Promise<number> {
    return this.watch.lastId();
  }

  /** Visible cars matching the list's filters added after `afterId` up to `upToId`, newest first. */
  listedBetween(filters: ListFilters, afterId: number, upToId: number, limit: number) {
    return this.watch.listedBetween(filters, afterId, upToId, limit);
  }

  findRow(exec: Executor, id: number): Promise<CarRow | undefined> {
    return findCar(exec, id);
  }

  // ----------------------------------------------------------------------------- staff administration

  adminList(q: CarsAdminQuery): Promise<Page<CarAdminRow>> {
    return this.admin.list(q);
  }

  adminDetail(id: number): Promise<CarAdminDetail> {
    return this.admin.detail(id);
  }

  create(data: CarData, images: PreparedImage[], actor: Actor, origin?: CarOrigin): Promise<CarAdminDetail> {
    return this.admin.create(data, images, actor, origin);
  }

  update(id: number, data: CarData, images: PreparedImage[], actor: Actor): Promise<CarAdminDetail> {
    return this.admin.update(id, data, images, actor);
  }

  remove(id: number, actor: Actor): Promise<void> {
    return this.admin.remove(id, actor);
  }

  /** A new sell price alone, recorded in the price history and audited like any edit. */
  reprice(id: number, sellPrice: number, actor: Actor): Promise<CarAdminDetail> {
    return this.admin.reprice(id, sellPrice, actor);
  }

  /** Every car with what a valuation reads of it (the market evidence of the showroom's own stock). */
  async valuationRows(): Promise<CarEvidence[]> {
    const rows = await this.db
      .select({
        id: cars.id,
        carName: cars.carName,
        brand: cars.brand,
        model: cars.model,
        version: cars.version,
        year: cars.year,
        odo: cars.odo,
        sellPrice: cars.sellPrice,
        status: cars.status,
        bodyType: cars.bodyType,
        fuel: cars.fuel,
        transmission: cars.transmission,
        licensePlateRegion: cars.licensePlateRegion,
        createdAt: cars.createdAt,
      })
      .from(cars);
    return rows as CarEvidence[];
  }

  // ----------------------------------------------------------------------------- photos

  photos(id: number): Promise<CarPhoto[]> {
    return this.photoStore.photos(id);
  }

  addPhotos(id: number, images: PreparedImage[], actor: Actor): Promise<CarPhoto[]> {
    return this.photoStore.addPhotos(id, images, actor);
  }

  removePhoto(id: number, photoId: number, actor: Actor): Promise<CarPhoto[]> {
    return this.photoStore.removePhoto(id, photoId, actor);
  }

  reorderPhotos(id: number, photoIds: number[], actor: Actor): Promise<CarPhoto[]> {
    return this.photoStore.reorderPhotos(id, photoIds, actor);
  }

  // ----------------------------------------------------------------------------- status lifecycle

  /** To "available" only through the listing gate, or with a reason (audited) when it refuses. */
  async setStatus(
    id: number,
    status: CarStatus,
    actor: Actor,
    overrideReason?: string,
  ): Promise<CarAdminDetail> {
    await this.lifecycle.setStatus(id, status, actor, overrideReason);
    return this.adminDetail(id);
  }

  /** The rule a preparing car must pass to be listed (the recon module's, set in app.ts). */
  setListingGate(gate: ListingGate) {
    this.lifecycle.setListingGate(gate);
  }

  /** For the sales service, inside its transaction (after lock()). */
  setStatusIn(tx: Executor, id: number, status: CarStatus): Promise<void> {
    return this.lifecycle.setStatusIn(tx, id, status);
  }

  // ----------------------------------------------------------------------------- inspection summary

  /**
   * Keeps the inspection report's summary on the car row (lists show and filter "Đã kiểm định" without a
   * join). The inspections service calls it inside its transaction, after lock(), then invalidate().
   */
  async setInspectionIn(tx: Executor, id: number, summary: InspectionSummary | null): Promise<void> {
    await tx.update(cars).set({ inspection: summary }).where(eq(cars.id, id));
  }

  /** The same for many cars at once (demo data, generated stock): one statement per 1,000 cars. */
  async setInspectionsIn(tx: Executor, entries: { carId: number; summary: InspectionSummary }[]) {
    for (let i = 0; i < entries.length; i += 1000) {
      const rows = entries
        .slice(i, i + 1000)
        .map((e) => sql`(${e.carId}::int, ${JSON.stringify(e.summary)}::jsonb)`);
      await tx.execute(
        sql`update ${cars} set inspection = v.s from (values ${sql.join(rows, sql`, `)}) as v(id, s) where ${cars.id} = v.id`,
      );
    }
  }

  /** Each car's status now and its cover picture, in one query: how other modules show the cars they name. */
  async thumbnails(ids: number[]): Promise<Map<number, CarThumbnail>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: cars.id,
        status: cars.status,
        coverKey: cars.coverKey,
        coverWidth: cars.coverWidth,
        coverHeight: cars.coverHeight,
      })
      .from(cars)
      .where(inArray(cars.id, [...new Set(ids)]));
    return new Map(
      rows.map((r) => [
        r.id,
        {
          status: r.status as CarStatus,
          cover:
            r.coverKey && r.coverWidth && r.coverHeight
              ? imageView(this.storage, r.coverKey, r.coverWidth, r.coverHeight)
              : null,
        },
      ]),
    );
  }

  /** Cars being prepared, oldest first, with their cover: the reconditioning board's cards. */
  async preparing(): Promise<
    { carId: number; carName: string; year: number; createdAt: Date; cover: ImageView | null }[]
  > {
    const rows = await this.db
      .select({ carId: cars.id, carName: cars.carName, year: cars.year, createdAt: cars.createdAt })
      .from(cars)
      .where(eq(cars.status, 'preparing'))
      .orderBy(cars.createdAt, cars.id);
    const thumbs = await this.thumbnails(rows.map((r) => r.carId));
    return rows.map((r) => ({ ...r, cover: thumbs.get(r.carId)?.cover ?? null }));
  }

  /** Each existing car's name and year ('Toyota Vios 1.5G CVT 2021'): how the audit log names a car it refers to. */
  async namesOf(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: cars.id, carName: cars.carName, year: cars.year })
      .from(cars)
      .where(inArray(cars.id, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.id, `${r.carName} ${r.year}`]));
  }

  /**
   * Locks the car for the rest of the caller's transaction (a sale, a reservation) and says what it is
   * now: the caller decides, then changes its status through setStatusIn.
   */
  async lock(tx: Executor, id: number): Promise<LockedCar> {
    const { carName, brand, sellPrice, status } = await lockCar(tx, id);
    return { id, carName, brand, sellPrice, status: status as CarStatus };
  }
}
