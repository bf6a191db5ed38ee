import { and, count, eq, gte, lte, or } from 'drizzle-orm';
import {
  type CarAdminDetail,
  type CarAdminRow,
  type CarData,
  type CarStatus,
  type CarsAdminQuery,
  MAX_PHOTOS_PER_CAR,
  matchKey,
} from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import { vnDayKey } from '../../../contract/format';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, pgCode } from '../../platform/errors';
import type { PreparedImage, StoredImage } from '../../platform/images';
import { carsWithRollback, recordReading } from '../odometer/service';
import type { CarCatalogue } from './catalogue';
import { type CarLifecycle, lockCar } from './lifecycle';
import { appendPhotos, type CarPhotos, refreshCover, type Transactor } from './photos';
import { recordPriceChange } from './price-history';
import {
  auditable,
  type CarViews,
  carValues,
  listedAtOn,
  orderBy,
  type SummaryRow,
  searchCondition,
  summaryColumns,
} from './rows';
import { carPhotos, cars } from './schema';

/** The listing's odometer, read on the day it is written: it joins the car's history (odometer module). */
export const listingReading = (carId: number, km: number, at: Date) => ({
  carId,
  source: 'listing' as const,
  sourceId: null,
  readOn: vnDayKey(at),
  km,
});

/** Where a new car came from, when it was bought from the public (a buy-in lead). */
export interface CarOrigin {
  /** Photos already stored (the seller's, copied), placed before the uploaded ones. */
  stored?: StoredImage[];
  originLeadId?: number;
  purchasePrice?: number;
  /** Runs inside the car's transaction once its row exists: the lead is marked bought with it. */
  inTx?: (tx: Tx, carId: number) => Promise<void>;
}

/** Staff administration of the stock: the searchable list, a car's record, add, edit and delete. */
export class CarAdmin {
  constructor(
    private readonly db: Db,
    private readonly views: CarViews,
    private readonly catalogue: CarCatalogue,
    private readonly photos: CarPhotos,
    private readonly transaction: Transactor,
    private readonly lifecycle: CarLifecycle,
  ) {}

  async list(q: CarsAdminQuery): Promise<Page<CarAdminRow>> {
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
        })
        .from(cars)
        .where(where)
        .orderBy(...orderBy(q.sort))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    const flagged = await carsWithRollback(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      content: rows.map((r) => ({
        ...this.views.summary(r as SummaryRow),
        photoCount: r.photoCount,
        updatedAt: r.updatedAt.toISOString(),
        odometerRollback: flagged.has(r.id),
      })),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  async detail(id: number): Promise<CarAdminDetail> {
    return this.catalogue.loadDetail(id);
  }

  async create(
    data: CarData,
    images: PreparedImage[],
    actor: Actor,
    origin: CarOrigin = {},
  ): Promise<CarAdminDetail> {
    const copied = origin.stored ?? [];
    if (images.length + copied.length > MAX_PHOTOS_PER_CAR) {
      await this.photos.discard(copied);
      throw badRequest(`Mỗi xe có tối đa ${MAX_PHOTOS_PER_CAR} ảnh`);
    }
    let stored: StoredImage[] = copied;
    let id: number;
    try {
      stored = [...copied, ...(await this.photos.storeAll(images))];
      id = await this.transaction(async (tx) => {
        const [row] = await tx
          .insert(cars)
          .values({
            ...carValues(data),
            // Not listed until staff say so: a new car is prepared first (docs/reconditioning.md).
            status: data.status ?? 'preparing',
            listedAt: data.status === 'available' || data.status === 'pending' ? new Date() : null,
            originLeadId: origin.originLeadId ?? null,
            purchasePrice: origin.purchasePrice ?? null,
          })
          .returning();
        await recordReading(tx, listingReading(row.id, data.odo, new Date()));
        await appendPhotos(tx, row.id, stored);
        await refreshCover(tx, row.id);
        await writeAudit(tx, actor, {
          action: 'create',
          entity: 'car',
          entityId: row.id,
          after: {
            ...auditable(row),
            photos: stored.map((s) => s.key),
            ...(origin.originLeadId
              ? { originLeadId: origin.originLeadId, purchasePrice: origin.purchasePrice }
              : {}),
          },
        });
        await origin.inTx?.(tx, row.id);
        return row.id;
      });
    } catch (err) {
      await this.photos.discard(stored);
      throw err;
    }
    return this.detail(id);
  }

  async update(id: number, data: CarData, images: PreparedImage[], actor: Actor): Promise<CarAdminDetail> {
    const stored = await this.photos.storeAll(images);
    try {
      await this.transaction(async (tx) => {
        const before = await lockCar(tx, id);
        let status = before.status as CarStatus;
        if (data.status && data.status !== before.status) {
          if (before.status === 'sold') {
            throw conflict('Xe đã bán: hãy hủy giao dịch bán trong lịch sử bán hàng để mở bán lại');
          }
          // The edit form lists no car the gate refuses: the status action says what is missing.
          const missing = await this.lifecycle.missingToList(tx, before, data.status);
          if (missing.length > 0) throw conflict(`Chưa thể đăng bán xe: ${missing.join('; ')}`);
          status = data.status;
        }
        const now = new Date();
        const drop = await recordPriceChange(tx, before, data.sellPrice, actor, now);
        if (data.odo !== before.odo) await recordReading(tx, listingReading(id, data.odo, now));
        const [after] = await tx
          .update(cars)
          .set({ ...carValues(data), ...drop, status, listedAt: listedAtOn(status, now), updatedAt: now })
          .where(eq(cars.id, id))
          .returning();
        await appendPhotos(tx, id, stored);
        if (stored.length) await refreshCover(tx, id);
        await writeAudit(tx, actor, {
          action: 'update',
          entity: 'car',
          entityId: id,
          before: auditable(before),
          after: { ...auditable(after), ...(stored.length ? { addedPhotos: stored.map((s) => s.key) } : {}) },
        });
      });
    } catch (err) {
      await this.photos.discard(stored);
      throw err;
    }
    return this.detail(id);
  }

  /**
   * A new sell price and nothing else (a markdown decided on the stock-ageing page): the same record of
   * the change in the price history, drop columns and audit row as a full edit. A sold car keeps its price.
   */
  async reprice(id: number, sellPrice: number, actor: Actor): Promise<CarAdminDetail> {
    await this.transaction(async (tx) => {
      const before = await lockCar(tx, id);
      if (before.status === 'sold') throw conflict('Xe đã bán: không đổi giá bán được');
      if (before.sellPrice === sellPrice) return;
      const now = new Date();
      const drop = await recordPriceChange(tx, before, sellPrice, actor, now);
      await tx
        .update(cars)
        .set({ sellPrice, ...drop, updatedAt: now })
        .where(eq(cars.id, id));
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'car',
        entityId: id,
        before: { sellPrice: before.sellPrice },
        after: { sellPrice },
      });
    });
    return this.detail(id);
  }

  async remove(id: number, actor: Actor): Promise<void> {
    const photos = await this.transaction(async (tx) => {
      const before = await lockCar(tx, id);
      const photoRows = await tx.select().from(carPhotos).where(eq(carPhotos.carId, id));
      await tx.delete(carPhotos).where(eq(carPhotos.carId, id));
      await tx.delete(cars).where(eq(cars.id, id));
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'car',
        entityId: id,
        before: { ...auditable(before), photos: photoRows.map((p) => p.key) },
      });
      return photoRows;
    }).catch((err) => {
      // A sale (or any other record) still points at the car: the database refuses, the car stays.
      if (pgCode(err) === '23001' || pgCode(err) === '23503')
        throw conflict('Không thể xóa xe đã có giao dịch bán trong lịch sử bán hàng');
      throw err;
    });
    await this.photos.discard(photos);
  }
}
