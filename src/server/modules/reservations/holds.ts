import { and, countDistinct, eq, gt, gte, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { formatDateTime } from '../../../contract/format';
import type { ReservationHolding, ReservationSignals } from '../../../contract/reservations';
import { SIGNAL_WINDOW_DAYS } from '../../../contract/reservations';
import type { Executor, Tx } from '../../db/client';
import { ApiError } from '../../platform/errors';
import type { ReservationDeps } from './deps';
import { reservations } from './schema';
import type { ReservationRow } from './views';

/**
 * Against taking cars off sale: one visitor holds at most one unpaid reservation at a time, judged by
 * each of their marks on its own (phone, e-mail, address); the stored jobs that expire unpaid holds and
 * tell staff of paid holds that ran out; the signals staff read in the list.
 */

export const EXPIRE_JOB = 'reservation.expire';
export const LAPSE_JOB = 'reservation.lapse';
export const SWEEP_JOB = 'reservations.sweep';

/** The marks a visitor is known by. */
export interface VisitorMarks {
  phone: string;
  email: string;
  ip: string | null;
}

/** Their other unpaid hold, and which mark found it. */
export interface Holding {
  row: ReservationRow;
  by: 'phone' | 'email' | 'ip';
}

/**
 * Inside the creating transaction, before anything else is locked: two requests of one visitor (or of
 * one address) wait for each other, so the second sees the first. Keys in a fixed order: no cycle.
 */
export async function lockVisitor(tx: Tx, v: VisitorMarks): Promise<void> {
  const keys = [`phone:${v.phone}`, `email:${v.email}`, ...(v.ip ? [`ip:${v.ip}`] : [])].sort();
  for (const key of keys) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-visitor:${key}`}, 0))`);
  }
}

/** An unpaid reservation of the visitor still running at `now` (one whose deadline passed holds nothing). */
export async function holdingOf(tx: Executor, v: VisitorMarks, now: Date): Promise<Holding | null> {
  const marks: SQL[] = [eq(reservations.phone, v.phone), eq(reservations.email, v.email)];
  if (v.ip) marks.push(eq(reservations.sourceIp, v.ip));
  const [row] = await tx
    .select()
    .from(reservations)
    .where(and(eq(reservations.status, 'awaiting'), gt(reservations.expiresAt, now), or(...marks)))
    .orderBy(reservations.createdAt)
    .limit(1);
  if (!row) return null;
  const by = row.phone === v.phone ? 'phone' : row.email === v.email ? 'email' : 'ip';
  return { row, by };
}

export const HOLD_MESSAGES = {
  claimNotAwaiting: 'Chỉ báo đã chuyển khoản được cho yêu cầu đặt cọc đang chờ thanh toán',
} as const;

/**
 * 429 naming the hold the visitor has: its code and car when their phone or e-mail found it; only the car
 * when the address did (an office or a phone network shares one address between strangers).
 */
export function holdingError(h: Holding, now: Date): ApiError {
  const { row } = h;
  const until = formatDateTime(row.expiresAt);
  const mine = h.by !== 'ip';
  const message = mine
    ? `Bạn đang giữ xe ${row.carName} với yêu cầu đặt cọc ${row.code} chưa thanh toán (hạn ${until}). ` +
      `Mỗi khách chỉ giữ một xe chưa đặt cọc tại một thời điểm: vui lòng chuyển khoản hoặc hủy yêu cầu ${row.code} ` +
      '(đường dẫn trong email đã gửi cho bạn) rồi đặt xe khác.'
    : `Một yêu cầu đặt cọc khác từ cùng mạng Internet của bạn đang giữ xe ${row.carName} và chưa thanh toán (hạn ${until}). ` +
      'Mỗi mạng chỉ giữ một xe chưa đặt cọc tại một thời điểm: vui lòng thử lại sau khi yêu cầu đó được thanh toán ' +
      'hoặc hết hạn, hoặc gọi hotline của showroom.';
  const holding: ReservationHolding = {
    code: mine ? row.code : null,
    carName: row.carName,
    expiresAt: row.expiresAt.toISOString(),
  };
  const seconds = Math.max(1, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000));
  return new ApiError(429, message, undefined, seconds, { holding });
}

/** In the transaction that set the deadline: the stored job that expires the hold then (moved with it). */
export function scheduleExpiry(deps: ReservationDeps, exec: Executor, row: ReservationRow) {
  return deps.jobs.schedule(exec, {
    name: EXPIRE_JOB,
    key: `reservation:${row.id}:expire`,
    runAt: row.expiresAt,
    payload: { id: row.id },
    replace: true,
  });
}

/** In the transaction that set a paid hold's end: the job that tells staff when it runs out. */
export function scheduleLapse(deps: ReservationDeps, exec: Executor, row: ReservationRow) {
  if (!row.holdUntil) return Promise.resolve();
  return deps.jobs.schedule(exec, {
    name: LAPSE_JOB,
    key: `reservation:${row.id}:lapse`,
    runAt: row.holdUntil,
    payload: { id: row.id },
    replace: true,
  });
}

/** Different cars reserved in the last SIGNAL_WINDOW_DAYS by each phone, e-mail and address of `rows`. */
export async function signalsOf(
  deps: ReservationDeps,
  rows: ReservationRow[],
): Promise<Map<number, ReservationSignals>> {
  const result = new Map<number, ReservationSignals>();
  if (rows.length === 0) return result;
  const since = new Date(deps.clock.now().getTime() - SIGNAL_WINDOW_DAYS * 86_400_000);
  const countBy = async (column: PgColumn, values: string[]) => {
    const counts = new Map<string, number>();
    if (values.length === 0) return counts;
    const found = await deps.db
      .select({ value: sql<string | null>`${column}`, cars: countDistinct(reservations.carId) })
      .from(reservations)
      .where(and(inArray(column, [...new Set(values)]), gte(reservations.createdAt, since)))
      .groupBy(column);
    for (const f of found) if (f.value !== null) counts.set(f.value, f.cars);
    return counts;
  };
  const phones = await countBy(
    reservations.phone,
    rows.map((r) => r.phone),
  );
  const emails = await countBy(
    reservations.email,
    rows.map((r) => r.email),
  );
  const ips = await countBy(
    reservations.sourceIp,
    rows.flatMap((r) => (r.sourceIp ? [r.sourceIp] : [])),
  );
  for (const r of rows) {
    result.set(r.id, {
      phoneCars: phones.get(r.phone) ?? 1,
      emailCars: emails.get(r.email) ?? 1,
      ipCars: r.sourceIp ? (ips.get(r.sourceIp) ?? 1) : 1,
    });
  }
  return result;
}
