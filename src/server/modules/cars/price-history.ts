import { desc, eq } from 'drizzle-orm';
import type { CarPriceHistory } from '../../../contract/cars';
import { PRICE_DROP_DAYS } from '../../../contract/cars-labels';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { notFound } from '../../platform/errors';
import type { CarRow } from './rows';
import { carPriceChanges, cars } from './schema';

const DROP_WINDOW_MS = PRICE_DROP_DAYS * 86_400_000;

type DropColumns = Pick<CarRow, 'priceDropFrom' | 'priceDroppedAt'>;

/** The drop a list shows: the price before the drops of the last 30 days minus today's, when positive. */
export function recentDrop(
  row: Pick<CarRow, 'sellPrice'> & DropColumns,
  now: number,
): { priceDrop: number | null; priceDroppedAt: string | null } {
  const at = row.priceDroppedAt;
  if (!at || row.priceDropFrom == null || now - at.getTime() > DROP_WINDOW_MS)
    return { priceDrop: null, priceDroppedAt: null };
  const drop = row.priceDropFrom - row.sellPrice;
  return drop > 0
    ? { priceDrop: drop, priceDroppedAt: at.toISOString() }
    : { priceDrop: null, priceDroppedAt: null };
}

/**
 * Records a change of the sell price (inside the write's transaction) and answers the car row's drop
 * columns: a fall keeps the highest price of the 30-day window as the "from"; a rise back to it or
 * above ends the drop. No change, no record.
 */
export async function recordPriceChange(
  tx: Executor,
  before: CarRow,
  newPrice: number,
  actor: Actor,
  now: Date,
): Promise<Partial<DropColumns>> {
  const oldPrice = before.sellPrice;
  if (newPrice === oldPrice) return {};
  await tx
    .insert(carPriceChanges)
    .values({ carId: before.id, oldPrice, newPrice, changedBy: actor.userId, changedAt: now });
  const open =
    before.priceDroppedAt != null &&
    before.priceDropFrom != null &&
    now.getTime() - before.priceDroppedAt.getTime() <= DROP_WINDOW_MS;
  if (newPrice < oldPrice) {
    const from = open ? Math.max(before.priceDropFrom as number, oldPrice) : oldPrice;
    return { priceDropFrom: from, priceDroppedAt: now };
  }
  if (open && newPrice < (before.priceDropFrom as number)) return {};
  return { priceDropFrom: null, priceDroppedAt: null };
}

/** GET cars/{carId}/price-history: what visitors see of the changes (never who made them). */
export async function priceHistory(db: Db, carId: number): Promise<CarPriceHistory> {
  const [car] = await db.select({ id: cars.id, status: cars.status }).from(cars).where(eq(cars.id, carId));
  if (!car || car.status === 'preparing') throw notFound('Không tìm thấy xe');
  const rows = await db
    .select()
    .from(carPriceChanges)
    .where(eq(carPriceChanges.carId, carId))
    .orderBy(desc(carPriceChanges.changedAt), desc(carPriceChanges.id));
  return {
    carId,
    changes: rows.map((r) => ({
      changedAt: r.changedAt.toISOString(),
      oldPrice: r.oldPrice,
      newPrice: r.newPrice,
    })),
  };
}
