import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_RESERVATION_STATUSES } from '../../../contract/reservation-labels';
import type { DashboardSummary, ReservationStats, StatsRange } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { cars, reservations } from '../../db/schema';
import { echo, int, momentDays, money } from './range';

/** Online deposits: how many were made, paid, and became sales (docs/statistics.md). */
export async function reservationStats(db: Db, r: StatsRange): Promise<ReservationStats> {
  const status = (s: string) => int(sql`count(*) filter (where ${reservations.status} = ${s})`);
  const [row] = await db
    .select({
      created: int(sql`count(*)`),
      paid: int(sql`count(*) filter (where ${reservations.paidAt} is not null)`),
      sold: status('sold'),
      expired: status('expired'),
      cancelled: status('cancelled'),
      refunded: status('refunded'),
      depositsReceived: money(sql`sum(${reservations.paidAmount})`),
    })
    .from(reservations)
    .where(momentDays(reservations.createdAt, r));
  return { range: echo(r), ...row, paidToSaleRate: row.paid ? row.sold / row.paid : null };
}

/**
 * What holds each pending car (those that entered stock in the range, when there is one): its open
 * reservation, paid or still awaiting the transfer, or none (staff set the status by hand). A car has at
 * most one open reservation (a unique index), so the three add up to the pending cars.
 */
export async function pendingHolds(db: Db, r: StatsRange): Promise<DashboardSummary['pendingHolds']> {
  const open = and(
    eq(reservations.carId, cars.id),
    inArray(reservations.status, [...OPEN_RESERVATION_STATUSES]),
  );
  const [row] = await db
    .select({
      paidDeposit: int(sql`count(*) filter (where ${reservations.status} = 'paid')`),
      awaitingPayment: int(sql`count(*) filter (where ${reservations.status} = 'awaiting')`),
      heldByStaff: int(sql`count(*) filter (where ${reservations.id} is null)`),
    })
    .from(cars)
    .leftJoin(reservations, open)
    .where(and(eq(cars.status, 'pending'), momentDays(cars.createdAt, r)));
  return row;
}
