import { VN_OFFSET_MS } from '../vn-time';
import { parseOpeningHours } from './booking';

/**
 * How long a new lead has waited, counted in the showroom's opening hours only (the settings'
 * `openingHours`, read by parseOpeningHours): a lead sent at 22:00 starts waiting at the next opening.
 * Vietnam has one offset all year (UTC+7), so a day is always 24 hours of wall time.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface OpeningWindow {
  /** Minutes after midnight the showroom opens and closes. */
  open: number;
  close: number;
}

export function openingWindow(openingHours: string | null | undefined): OpeningWindow {
  return parseOpeningHours(openingHours);
}

const local = (d: Date) => d.getTime() + VN_OFFSET_MS;
const dayOf = (localMs: number) => Math.floor(localMs / DAY);

/** Milliseconds of opening time between two moments (0 when end is not after start). */
export function openingMsBetween(start: Date, end: Date, w: OpeningWindow): number {
  const s = local(start);
  const e = local(end);
  if (e <= s) return 0;
  const perDay = (w.close - w.open) * MINUTE;
  const overlap = (day: number, from: number, to: number) => {
    const open = day * DAY + w.open * MINUTE;
    const close = day * DAY + w.close * MINUTE;
    return Math.max(0, Math.min(to, close) - Math.max(from, open));
  };
  const first = dayOf(s);
  const last = dayOf(e);
  if (first === last) return overlap(first, s, e);
  return overlap(first, s, Infinity) + (last - first - 1) * perDay + overlap(last, -Infinity, e);
}

/** Whole minutes of opening time between two moments. */
export function openingMinutesBetween(start: Date, end: Date, w: OpeningWindow): number {
  return Math.floor(openingMsBetween(start, end, w) / MINUTE);
}

/** The moment `minutes` of opening time have passed since `start` (a deadline that skips the nights). */
export function addOpeningMinutes(start: Date, minutes: number, w: OpeningWindow): Date {
  let remaining = minutes * MINUTE;
  let cursor = local(start);
  for (let guard = 0; guard < 3700; guard++) {
    const day = dayOf(cursor);
    const open = day * DAY + w.open * MINUTE;
    const close = day * DAY + w.close * MINUTE;
    const from = Math.max(cursor, open);
    if (from < close) {
      if (close - from >= remaining) return new Date(from + remaining - VN_OFFSET_MS);
      remaining -= close - from;
    }
    cursor = (day + 1) * DAY;
  }
  return new Date(cursor - VN_OFFSET_MS);
}

/** "12 phút", "1 giờ", "2 giờ 5 phút". */
export function formatMinutes(minutes: number): string {
  const m = Math.max(0, Math.floor(minutes));
  if (m < 60) return `${m} phút`;
  const h = Math.floor(m / 60);
  const rest = m % 60;
  return rest ? `${h} giờ ${rest} phút` : `${h} giờ`;
}

/** The waiting clock of a lead as the lists show it, at `now`. */
export interface WaitState {
  minutes: number;
  /** Still new and past its response deadline. */
  late: boolean;
  /** "Chờ 12 phút", "Quá hạn phản hồi · chờ 22 phút". */
  text: string;
}

/**
 * The live waiting clock of a new lead (null once it has been answered): the lists tick it between
 * refreshes with the same rule the server used for the row.
 */
export function waitState(
  lead: { status: string; createdAt: string; responseDueAt: string | null },
  now: Date,
  w: OpeningWindow,
): WaitState | null {
  if (lead.status !== 'NEW') return null;
  const minutes = openingMinutesBetween(new Date(lead.createdAt), now, w);
  const late = lead.responseDueAt !== null && now.getTime() >= Date.parse(lead.responseDueAt);
  return {
    minutes,
    late,
    text: late ? `Quá hạn phản hồi · chờ ${formatMinutes(minutes)}` : `Chờ ${formatMinutes(minutes)}`,
  };
}
