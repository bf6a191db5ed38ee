import { parseOpeningHours } from './leads/booking';
import { foldVietnamese } from './text';
import { VN_OFFSET_MS } from './vn-time';

/**
 * The showroom's opening days and hours, read from the settings' free text `openingHours`
 * ("8:00 - 18:00, Thứ Hai - Thứ Bảy"), and the deadlines of a reservation not yet paid: such a hold
 * never lapses while nobody is in the showroom to confirm a transfer by hand. Vietnam has one offset
 * all year (UTC+7), so a day is always 24 hours of wall time.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * How long after the doors open a deadline may fall at the earliest: the time staff need to open the
 * bank's statement and confirm a transfer that came in while the showroom was closed.
 */
export const HOLD_OPENING_MARGIN_MINUTES = 60;

export interface OpeningSchedule {
  /** Minutes after midnight the showroom opens and closes. */
  open: number;
  close: number;
  /** Open on each day of the week, Sunday first (as Date.getDay). */
  days: boolean[];
}

const DAY_WORDS: Record<string, number> = {
  hai: 1,
  ba: 2,
  tu: 3,
  nam: 4,
  sau: 5,
  bay: 6,
};
const DAY_TOKEN = String.raw`(?:thu\s*(?:hai|ba|tu|nam|sau|bay|[2-7])|t\s*[2-7]|chu\s*nhat|cn)`;
const DAY_RANGE = new RegExp(String.raw`(${DAY_TOKEN})\s*(?:-|–|—|~|den|toi)\s*(${DAY_TOKEN})`);

function weekday(token: string): number {
  const t = token.replace(/\s+/g, '');
  if (t === 'cn' || t === 'chunhat') return 0;
  const digit = /[2-7]$/.exec(t);
  if (digit) return Number(digit[0]) - 1;
  return DAY_WORDS[t.replace(/^thu/, '')] ?? 0;
}

/** The days of the week a range such as "Thứ Hai - Thứ Sáu" or "T2-T7" names; every day when none is written. */
function openDays(textValue: string): boolean[] {
  const m = DAY_RANGE.exec(foldVietnamese(textValue));
  if (!m) return [true, true, true, true, true, true, true];
  const from = weekday(m[1]);
  const to = weekday(m[2]);
  const days = [false, false, false, false, false, false, false];
  for (let d = from, guard = 0; guard < 7; d = (d + 1) % 7, guard++) {
    days[d] = true;
    if (d === to) break;
  }
  return days;
}

export function openingSchedule(openingHours: string | null | undefined): OpeningSchedule {
  return { ...parseOpeningHours(openingHours), days: openDays(openingHours ?? '') };
}

/** Vietnam's calendar day of a moment (days since 1970-01-01 there) and its weekday. */
const vnDay = (d: Date) => Math.floor((d.getTime() + VN_OFFSET_MS) / DAY);
const weekdayOf = (day: number) => (day + 4) % 7; // 1970-01-01 was a Thursday
const at = (day: number, minutes: number) => new Date(day * DAY + minutes * MINUTE - VN_OFFSET_MS);

/** The opening and closing moments of a Vietnamese day, or null when the showroom is closed that day. */
function periodOf(day: number, s: OpeningSchedule): { open: Date; close: Date } | null {
  return s.days[weekdayOf(day)] ? { open: at(day, s.open), close: at(day, s.close) } : null;
}

export function isOpenAt(moment: Date, s: OpeningSchedule): boolean {
  const p = periodOf(vnDay(moment), s);
  return !!p && moment >= p.open && moment < p.close;
}

/** The first opening at or after `moment` (the moment itself when the doors open then). */
export function nextOpeningAt(moment: Date, s: OpeningSchedule): Date {
  const first = vnDay(moment);
  for (let day = first; day <= first + 7; day++) {
    const p = periodOf(day, s);
    if (p && p.open >= moment) return p.open;
  }
  return moment;
}

/**
 * The deadline of a hold of `minutes` from `from`: that moment when staff are in and have been for the
 * margin; otherwise the next opening plus the margin (never past that day's closing).
 */
export function holdDeadline(from: Date, minutes: number, s: OpeningSchedule): Date {
  const candidate = new Date(from.getTime() + minutes * MINUTE);
  const margin = HOLD_OPENING_MARGIN_MINUTES * MINUTE;
  const today = periodOf(vnDay(candidate), s);
  if (today && candidate >= today.open && candidate <= today.close) {
    const earliest = Math.min(today.open.getTime() + margin, today.close.getTime());
    return new Date(Math.max(candidate.getTime(), earliest));
  }
  const open = nextOpeningAt(candidate, s);
  const close = periodOf(vnDay(open), s)?.close ?? open;
  return new Date(Math.min(open.getTime() + margin, close.getTime()));
}

/**
 * The closing of the next whole opening day: today's when the doors have not opened yet, otherwise
 * that of the next day the showroom opens. A visitor who says they paid is held until then.
 */
export function endOfNextOpeningDay(from: Date, s: OpeningSchedule): Date {
  const first = vnDay(from);
  for (let day = first; day <= first + 8; day++) {
    const p = periodOf(day, s);
    if (p && p.open > from) return p.close;
  }
  return new Date(from.getTime() + DAY);
}

/**
 * The end of a paid hold of `days` days from `from`: the first closing at or after that moment, so the
 * car is never held until an hour when nobody can hand it over, and never for less than the days promised.
 */
export function paidHoldEnd(from: Date, days: number, s: OpeningSchedule): Date {
  const candidate = new Date(from.getTime() + days * DAY);
  const first = vnDay(candidate);
  for (let day = first; day <= first + 7; day++) {
    const p = periodOf(day, s);
    if (p && p.close >= candidate) return p.close;
  }
  return candidate;
}

/** A later end of a paid hold moved `hours` on, to the first closing at or after it. */
export function extendPaidHold(from: Date, hours: number, s: OpeningSchedule): Date {
  return paidHoldEnd(new Date(from.getTime() + hours * 60 * MINUTE), 0, s);
}
