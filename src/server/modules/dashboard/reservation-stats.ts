import { sql } from 'drizzle-orm';
import type { ReservationStats, StatsRange } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { reservations } from '../../db/schema';
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
