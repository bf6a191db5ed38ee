import { and, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { RangeEcho, StatsRange } from '../../../contract/stats';
import { vnDayStart } from '../../../contract/vn-time';
import type { cars } from '../cars/schema';
import type { leads } from '../leads/schema';
import type { reservations } from '../reservations/schema';
import { sales } from '../sales/schema';

// Vietnamese calendar days and the SQL pieces every statistic shares.

export const DAY_MS = 86_400_000;

/** The moment a Vietnamese calendar day ('yyyy-mm-dd') starts (UTC+7, no daylight saving). */
export const dayStart = vnDayStart;

/** 'yyyy-mm-dd' plus n days (calendar arithmetic on the date itself). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  return new Date(d.getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** Days from a to b ('yyyy-mm-dd'), b - a. */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

/** The Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

export const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;
export const monthEnd = (day: string) => addDays(addMonths(monthStart(day), 1), -1);
export function addMonths(firstOfMonth: string, n: number): string {
  const y = Number(firstOfMonth.slice(0, 4));
  const m = Number(firstOfMonth.slice(5, 7)) - 1 + n;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${yy}-${String(mm + 1).padStart(2, '0')}-01`;
}

export const echo = (r: StatsRange): RangeEcho => ({ from: r.from ?? null, to: r.to ?? null });

/** A column in VND summed as a JavaScript number (sums stay far below 2^53). */
export const money = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::float8`.mapWith(Number);
export const int = (expr: SQL) => sql<number>`${expr}`.mapWith(Number);

export const ACTIVE = isNull(sales.cancelledAt);
export const VN_TZ = sql.raw(`'Asia/Ho_Chi_Minh'`);

/** Sales whose sale_date (already a Vietnamese day) lies in the range. */
export function saleDays(r: { from?: string; to?: string }): SQL | undefined {
  return and(r.from ? gte(sales.saleDate, r.from) : undefined, r.to ? lte(sales.saleDate, r.to) : undefined);
}

/** A timestamptz column within the range's Vietnamese days: index-friendly bounds on the moment. */
export function momentDays(
  column: typeof cars.createdAt | typeof leads.createdAt | typeof reservations.createdAt,
  r: { from?: string; to?: string },
): SQL | undefined {
  return and(
    r.from ? gte(column, dayStart(r.from)) : undefined,
    r.to ? lt(column, dayStart(addDays(r.to, 1))) : undefined,
  );
}
