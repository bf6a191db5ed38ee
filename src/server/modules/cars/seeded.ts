import { and, eq, inArray } from 'drizzle-orm';
import type { CarData, CarStatus } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import type { StoredImage } from '../../platform/images';
import { insertReadings } from '../odometer/service';
import { listingReading } from './admin';
import { appendPhotos, refreshCover } from './photos';
import { carValues } from './rows';
import { carPhotos, carPriceChanges, cars } from './schema';

/**
 * Cars written without a request: the demo showroom, the test fixtures and the benchmarks' generated
 * stock. They take the same column values as a staff save (carValues) but write no audit entry; callers
 * drop the cars service's read cache afterwards (CarsService.invalidate). The cars module owns these
 * tables, so the seed reaches them through this file (re-exported by index.ts), never directly.
 */

export type SeededCarInput = Omit<CarData, 'status'> & { status: CarStatus; createdAt?: Date };

/** One car with its photos already stored; returns its id. */
export async function insertSeededCar(
  exec: Executor,
  data: SeededCarInput,
  photos: StoredImage[],
): Promise<number> {
  const [row] = await exec
    .insert(cars)
    .values({
      ...carValues(data),
      status: data.status,
      // A seeded car on sale (or sold) was listed the day it entered stock.
      listedAt: data.status === 'preparing' ? null : (data.createdAt ?? new Date()),
      ...(data.createdAt ? { createdAt: data.createdAt, updatedAt: data.createdAt } : {}),
    })
    .returning({ id: cars.id });
  await insertReadings(exec, [listingReading(row.id, data.odo, data.createdAt ?? new Date())]);
  await appendPhotos(exec, row.id, photos);
  if (photos.length) await refreshCover(exec, row.id);
  return row.id;
}

/**
 * Bulk insert, 500 cars a statement (the demo showroom, the benchmarks' generated stock): each car gets
 * the given photo as its only photo (or none: the demo draws its photos after start, addSeededPhotos),
 * and its price drop when it has one.
 * Photos under "bench/" are shared between generated cars and never deleted with one of them.
 */
export async function insertSeededCars(
  exec: Executor,
  rows: (Omit<CarData, 'status'> & {
    status: CarStatus;
    createdAt: Date;
    photo?: StoredImage | null;
    /** An earlier, higher price: written as a staff save would (the drop columns and the recorded change). */
    priceDrop?: { oldPrice: number; at: Date } | null;
  })[],
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
          listedAt: r.status === 'preparing' ? null : r.createdAt,
          createdAt: r.createdAt,
          updatedAt: r.createdAt,
          coverKey: r.photo?.key ?? null,
          coverWidth: r.photo?.width ?? null,
          coverHeight: r.photo?.height ?? null,
          photoCount: r.photo ? 1 : 0,
          // A change upwards is recorded in the history, but only a drop shows as one ("Vừa giảm").
          ...(r.priceDrop && r.priceDrop.oldPrice > r.sellPrice
            ? { priceDropFrom: r.priceDrop.oldPrice, priceDroppedAt: r.priceDrop.at }
            : {}),
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
    const changes = inserted.flatMap((row, j) => {
      const { priceDrop, sellPrice } = chunk[j];
      return priceDrop
        ? [{ carId: row.id, oldPrice: priceDrop.oldPrice, newPrice: sellPrice, changedAt: priceDrop.at }]
        : [];
    });
    if (changes.length) await exec.insert(carPriceChanges).values(changes);
    await insertReadings(
      exec,
      inserted.map((row, j) => listingReading(row.id, chunk[j].odo, chunk[j].createdAt)),
    );
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/**
 * A seeded car's earlier price: one recorded change from `oldPrice` to the car's price at `at`, and the
 * drop columns a staff save would have written (demo data: "Vừa giảm X triệu" on a few cars).
 */
export async function insertSeededPriceDrop(
  exec: Executor,
  car: { id: number; sellPrice: number },
  oldPrice: number,
  at: Date,
): Promise<void> {
  await exec
    .insert(carPriceChanges)
    .values({ carId: car.id, oldPrice, newPrice: car.sellPrice, changedAt: at });
  if (oldPrice > car.sellPrice)
    await exec.update(cars).set({ priceDropFrom: oldPrice, priceDroppedAt: at }).where(eq(cars.id, car.id));
}

/**
 * Photos of a seeded car drawn after it was written (the demo showroom's, after start): added only while
 * the car has none, so a run cut short and repeated never adds them twice. Answers whether it added them.
 */
export async function addSeededPhotos(
  exec: Executor,
  carId: number,
  photos: StoredImage[],
): Promise<boolean> {
  const [row] = await exec.select({ n: cars.photoCount }).from(cars).where(eq(cars.id, carId)).for('update');
  if (!row || row.n > 0) return false;
  await appendPhotos(exec, carId, photos);
  await refreshCover(exec, carId);
  return true;
}

/** Of these cars, those that exist and have no photo yet. */
export async function carsWithoutPhotos(exec: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec
    .select({ id: cars.id })
    .from(cars)
    .where(and(inArray(cars.id, ids), eq(cars.photoCount, 0)));
  return new Set(rows.map((r) => r.id));
}
