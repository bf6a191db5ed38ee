import { vnDayStart, vnTime, vnWall } from './vn-time';
/** Display formatters shared by the site, the dashboard and the server (mail, previews, the advisor). */

export const TIME_ZONE = 'Asia/Ho_Chi_Minh';

/**
 * `vnd` in units of `unit`, two decimals at most (half up), Vietnamese decimal comma, no trailing
 * zeros: 1,25 tỷ; 850 triệu. Rounded on whole hundredths of the unit (vnd / (unit / 100)), which is
 * exact for whole đồng, so 1.005.000 đ is 1,01 triệu and not 1 (1.005 * 100 is 100.4999… in binary).
 */
function inUnit(vnd: number, unit: number): string {
  const hundredths = Math.sign(vnd) * Math.round(Math.abs(vnd) / (unit / 100));
  return (hundredths / 100).toString().replace('.', ',');
}

/** 'X tỷ' at or above 1e9, 'X triệu' at or above 1e6, otherwise dot-grouped đồng. */
export function formatPrice(vnd: number | null | undefined): string {
  if (vnd === null || vnd === undefined || Number.isNaN(vnd)) return '';
  const abs = Math.abs(vnd);
  // 999.995.000 rounds to 1000 triệu: say 1 tỷ instead.
  if (abs >= 1e9 || Math.round(abs / 1e4) >= 100_000) return `${inUnit(vnd, 1e9)} tỷ`;
  if (abs >= 1e6) return `${inUnit(vnd, 1e6)} triệu`;
  return `${formatThousands(vnd)} đ`;
}

/** 1234567 -> "1.234.567" */
export function formatThousands(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const digits = String(value).replace(/\D/g, '');
  if (!digits) return '';
  const negative = typeof value === 'number' && value < 0;
  const grouped = digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return negative ? `-${grouped}` : grouped;
}

/** "1.234.567" -> 1234567; empty -> null */
export function parseThousands(text: string): number | null {
  const digits = text.replace(/\D/g, '');
  return digits ? Number(digits) : null;
}

interface VnParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/**
 * Asia/Ho_Chi_Minh has kept UTC+7 all year since 1975 (no daylight saving), so its wall clock is UTC plus
 * seven hours. Done by hand rather than with Intl.DateTimeFormat: the first formatter with a time zone
 * loads the browser's time-zone data, ~30 ms of main thread on a fast machine and four times that on a
 * phone, in the middle of a server-rendered page's start. test/unit/format.test.ts checks it against Intl.
 */
const two = (n: number) => String(n).padStart(2, '0');

function vnParts(date: Date): VnParts {
  const wall = vnWall(date);
  return {
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
  };
}

function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** dd/mm/yyyy in Asia/Ho_Chi_Minh */
export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  if (!date) return '';
  const p = vnParts(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/** A calendar day stored as yyyy-mm-dd (a date column) as dd/mm/yyyy; '' for none. */
export function formatDay(key: string | null | undefined): string {
  if (!key) return '';
  return formatDate(vnTime(key, '12:00'));
}

/** dd/mm/yyyy HH:mm in Asia/Ho_Chi_Minh */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = toDate(value);
  if (!date) return '';
  const p = vnParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** The notification time: 'Vào lúc HH:mm ngày DD tháng MM năm YYYY'. */
export function formatNotificationTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  const p = vnParts(date);
  return `Vào lúc ${p.hour}:${p.minute} ngày ${p.day} tháng ${p.month} năm ${p.year}`;
}

/** The calendar day (yyyy-mm-dd) a moment falls on in Vietnam. */
export function vnDayKey(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  const p = vnParts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Midnight (00:00 in Vietnam, UTC+7, no daylight saving) of the day a moment falls on, as a UTC Date. */
export function vnMidnight(value: Date | string | number = new Date()): Date {
  const key = vnDayKey(value);
  return vnDayStart(key);
}

/** Whole days from today's midnight to the target, rounded up. */
export function daysUntil(target: Date | string | number, now: Date = new Date()): number {
  const date = toDate(target);
  if (!date) return 0;
  const diff = date.getTime() - vnMidnight(now).getTime();
  return Math.ceil(diff / 86_400_000) || 0; // never -0
}

/** Years from `from` to the current year, newest first (the year pickers). */
export function yearRange(from: number, now: Date = new Date()): number[] {
  const current = Number(vnParts(now).year);
  const years: number[] = [];
  for (let y = current; y >= from; y--) years.push(y);
  return years;
}

/** "12.345 km" */
export function formatKm(km: number | null | undefined): string {
  if (km === null || km === undefined) return '';
  return `${formatThousands(km) || '0'} km`;
}

/** "650.000.000 VNĐ" */
export function formatVnd(vnd: number | null | undefined): string {
  if (vnd === null || vnd === undefined) return '';
  return `${formatThousands(vnd) || '0'} VNĐ`;
}

/** Accepts dd/mm/yyyy or ISO yyyy-mm-dd; returns that day's midnight in Vietnam, or null. */
export function parseVnDate(text: string): Date | null {
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  let y: number;
  let m: number;
  let d: number;
  if (dmy) [d, m, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return vnDayStart(`${y}-${pad(m)}-${pad(d)}`);
}
