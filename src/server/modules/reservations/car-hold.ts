import { and, eq, inArray } from 'drizzle-orm';
import { OPEN_RESERVATION_STATUSES } from '../../../contract/reservations';
import type { Executor } from '../../db/client';
import { reservations } from './schema';

/** A car's open deposit as others may know it: paid or not, and the moment the hold ends. */
export interface CarHold {
  /** The deposit arrived (the car is held until `until`); false: waiting for it until `until`. */
  paid: boolean;
  /** When the hold ends (or the deadline to pay); null for a paid hold without an end. */
  until: Date | null;
}

/**
 * The open reservation on a car, read as it stands now: an unpaid one past its deadline no longer
 * holds the car (its stored job expires it within moments; a reader must not say otherwise meanwhile).
 */
export async function carHold(db: Executor, now: Date, carId: number): Promise<CarHold | null> {
  const [row] = await db
    .select({
      status: reservations.status,
      expiresAt: reservations.expiresAt,
      holdUntil: reservations.holdUntil,
    })
    .from(reservations)
    .where(and(eq(reservations.carId, carId), inArray(reservations.status, [...OPEN_RESERVATION_STATUSES])));
  if (!row) return null;
  if (row.status === 'paid') return { paid: true, until: row.holdUntil };
  return row.expiresAt > now ? { paid: false, until: row.expiresAt } : null;
}
