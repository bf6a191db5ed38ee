import { and, asc, count, eq, max } from 'drizzle-orm';
import { type CarPhoto, MAX_PHOTOS_PER_CAR } from '../../../contract/cars';
import type { Db, Executor, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { type PreparedImage, type StoredImage, storeImage, variantKeys } from '../../platform/images';
import { deleteQuietly, type Storage } from '../../platform/storage';
import { findCar, lockCar } from './lifecycle';
import { type CarViews, photosOf, SHARED_PHOTO_FOLDER } from './rows';
import { carPhotos, cars } from './schema';

/** Runs a write transaction and drops the public read cache once it has ended. */
export type Transactor = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;

/** Keeps cover and photo count on the car row in step with its photos. */
export async function refreshCover(tx: Executor, carId: number) {
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

/** Adds stored photos after the car's last one; refuses to pass the limit per car. */
export async function appendPhotos(tx: Executor, carId: number, stored: StoredImage[]) {
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

/** A car's photos: files written before the transaction and removed again if it fails; order; cover. */
export class CarPhotos {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly views: CarViews,
    private readonly transaction: Transactor,
    private readonly log?: { warn(obj: unknown, msg: string): void },
  ) {}

  /** Writes prepared images to storage before the transaction; they are removed again if it fails. */
  async storeAll(images: PreparedImage[]): Promise<StoredImage[]> {
    const stored: StoredImage[] = [];
    try {
      for (const img of images) stored.push(await storeImage(this.storage, 'cars', img));
    } catch (err) {
      await this.discard(stored);
      throw err;
    }
    return stored;
  }

  /** Deletes stored files of a failed or finished change; shared benchmark photos stay. */
  async discard(stored: { key: string }[]) {
    const own = stored.filter((s) => !s.key.startsWith(SHARED_PHOTO_FOLDER));
    await deleteQuietly(
      this.storage,
      own.flatMap((s) => variantKeys(s.key)),
      this.log,
    );
  }

  async photos(id: number): Promise<CarPhoto[]> {
    const rows = await photosOf(this.db, [id]);
    return (rows.get(id) ?? []).map((p) => this.views.photo(p));
  }

  async addPhotos(id: number, images: PreparedImage[], actor: Actor): Promise<CarPhoto[]> {
    if (images.length === 0) throw badRequest('Vui lòng chọn ít nhất một ảnh');
    if (!(await findCar(this.db, id))) throw notFound('Không tìm thấy xe');
    const stored = await this.storeAll(images);
    try {
      await this.transaction(async (tx) => {
        await lockCar(tx, id);
        await appendPhotos(tx, id, stored);
        await refreshCover(tx, id);
        await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
        await writeAudit(tx, actor, {
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

  async removePhoto(id: number, photoId: number, actor: Actor): Promise<CarPhoto[]> {
    const removed = await this.transaction(async (tx) => {
      await lockCar(tx, id);
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
      await refreshCover(tx, id);
      await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
      await writeAudit(tx, actor, {
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

  async reorderPhotos(id: number, photoIds: number[], actor: Actor): Promise<CarPhoto[]> {
    await this.transaction(async (tx) => {
      await lockCar(tx, id);
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
      await refreshCover(tx, id);
      await tx.update(cars).set({ updatedAt: new Date() }).where(eq(cars.id, id));
      await writeAudit(tx, actor, {
        action: 'reorder-photos',
        entity: 'car',
        entityId: id,
        before: { order: have },
        after: { order: photoIds },
      });
    });
    return this.photos(id);
  }
}
