import { eq, inArray } from 'drizzle-orm';
import type { StoredPriceRating } from '../../../contract/pricing';
import type { Db, Tx } from '../../db/client';
import { cars } from './schema';

/**
 * Stores the public deal labels the valuations module derived (never typed by anyone), writing only the
 * cars whose label or count changed. Answers whether anything changed: only then are the public reads
 * dropped. Cars not named keep no label.
 */
export async function storePriceRatings(
  db: Db,
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>,
  ratings: StoredPriceRating[],
): Promise<boolean> {
  const wanted = new Map(ratings.map((r) => [r.carId, r]));
  const current = await db
    .select({ id: cars.id, rating: cars.priceRating, comparables: cars.priceRatingComparables })
    .from(cars);
  const changes: StoredPriceRating[] = [];
  for (const row of current) {
    const w = wanted.get(row.id);
    const rating = w?.priceRating ?? null;
    const comparables = rating === null ? null : (w?.comparables ?? null);
    if (row.rating !== rating || row.comparables !== comparables)
      changes.push({ carId: row.id, priceRating: rating, comparables });
  }
  if (changes.length === 0) return false;
  await transaction(async (tx) => {
    // Grouped by value: one statement per distinct label and count (a handful), not per car.
    const groups = new Map<string, StoredPriceRating[]>();
    for (const c of changes) {
      const key = `${c.priceRating}:${c.comparables}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const group of groups.values()) {
      const { priceRating, comparables } = group[0];
      const ids = group.map((c) => c.carId);
      await tx
        .update(cars)
        .set({ priceRating, priceRatingComparables: comparables })
        .where(ids.length === 1 ? eq(cars.id, ids[0]) : inArray(cars.id, ids));
    }
  });
  return true;
}
