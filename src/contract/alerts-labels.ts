import {
  BODY_TYPE_LABELS,
  type BodyType,
  FUEL_LABELS,
  type Fuel,
  TRANSMISSION_LABELS,
  type Transmission,
} from './cars-labels';
import { formatKm, formatPrice } from './format';

/**
 * Buyers who come back: favourites kept in the browser, saved searches and price alerts by e-mail.
 * Limits, labels and wording without zod, so the public pages can use them (src/contract/alerts.ts
 * holds the schemas).
 */

/** Saved searches and price alerts one e-mail address may hold at once (waiting or confirmed). */
export const ALERTS_PER_EMAIL = 10;
/** Sign-ups one visitor's IP address may make per window (both forms together). */
export const ALERT_SIGNUP_LIMIT = { limit: 5, windowMs: 10 * 60_000 };
/** Confirmation e-mails one address may receive per day, whoever asks: nobody can flood a stranger's inbox. */
export const ALERT_CONFIRMATIONS_PER_DAY = 5;
/** An unconfirmed sign-up is deleted after this many days. */
export const ALERT_PENDING_DAYS = 7;
/** An ended subscription (unsubscribed, or its car sold) is forgotten after this many days. */
export const ALERT_ENDED_KEEP_DAYS = 30;
/** New cars one saved search lists in a digest (the rest behind "Xem tất cả"). */
export const DIGEST_CARS_PER_SEARCH = 6;
// In its own module: the heart on every car card needs this number and none of the labels here.
export { FAVORITES_MAX } from './favorites';

export const ALERT_KINDS = ['search', 'price'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  search: 'Xe mới theo bộ lọc',
  price: 'Báo giảm giá',
};

export const ALERT_STATUSES = ['pending', 'active', 'ended'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
export const ALERT_STATUS_LABELS: Record<AlertStatus, string> = {
  pending: 'Chờ xác nhận',
  active: 'Đang nhận',
  ended: 'Đã hủy',
};

/** "Nhận thông báo qua Zalo" ticked on an alert's form without a phone (the server's and the form's message). */
export const ALERT_ZALO_NEEDS_PHONE = 'Vui lòng nhập số điện thoại để nhận thông báo qua Zalo';

export const ALERT_MESSAGES = {
  tooMany: `Mỗi email chỉ nhận tối đa ${ALERTS_PER_EMAIL} thông báo. Hãy hủy bớt trong trang quản lý thông báo (đường dẫn ở cuối mỗi email) rồi thử lại.`,
  flood: 'Bạn đăng ký nhận thông báo quá nhiều lần, vui lòng thử lại sau 10 phút',
  mailFlood:
    'Email này đã nhận quá nhiều thư xác nhận hôm nay. Vui lòng mở thư xác nhận đã gửi hoặc thử lại vào ngày mai.',
  carSold: 'Xe này đã được bán nên không còn thay đổi giá. Bạn có thể xem các xe tương tự.',
  carMissing: 'Không tìm thấy xe',
  badToken: 'Liên kết không hợp lệ hoặc đã bị thay đổi. Vui lòng mở lại đường dẫn trong email.',
  notFound:
    'Không tìm thấy đăng ký nhận thông báo: đăng ký chưa xác nhận được xóa sau 7 ngày, vui lòng đăng ký lại.',
  ended: 'Thông báo này đã được hủy. Vui lòng đăng ký lại nếu muốn tiếp tục nhận.',
  sentConfirmation:
    'Đã gửi email xác nhận. Vui lòng mở email và bấm đường dẫn xác nhận để bắt đầu nhận thông báo.',
  resentConfirmation: 'Bạn đã đăng ký thông báo này nhưng chưa xác nhận: showroom đã gửi lại email xác nhận.',
  alreadyActive: 'Email này đã nhận thông báo này rồi. Mỗi ngày tối đa một email.',
} as const;

/** The filters of a saved search: the car list's own query (GET /api/cars) without page, size and sort. */
export interface SavedSearchFilters {
  brand?: string;
  bodyType?: BodyType;
  minPrice?: number;
  maxPrice?: number;
  minOdo?: number;
  maxOdo?: number;
  exteriorColor?: string;
  interiorColor?: string;
  year?: number;
  size?: number;
  carName?: string;
  fuel?: Fuel;
  transmission?: Transmission;
  inspected?: true;
  oneOwner?: true;
}

/** The names of the filters, in the order the list's URL writes them. */
export const SAVED_SEARCH_KEYS = [
  'brand',
  'bodyType',
  'exteriorColor',
  'interiorColor',
  'carName',
  'fuel',
  'transmission',
  'minPrice',
  'maxPrice',
  'minOdo',
  'maxOdo',
  'year',
  'size',
  'inspected',
  'oneOwner',
] as const satisfies readonly (keyof SavedSearchFilters)[];

/** Only the given filters, in one order: two forms of the same search compare equal. */
export function normalizeFilters(f: SavedSearchFilters): SavedSearchFilters {
  const out: Record<string, unknown> = {};
  for (const k of SAVED_SEARCH_KEYS) {
    const v = f[k];
    if (v !== undefined && v !== null && v !== '' && (v as unknown) !== false) out[k] = v;
  }
  return out as SavedSearchFilters;
}

/** The car list's address for these filters: "/cars?brand=Toyota&maxPrice=800000000". */
export function searchListPath(f: SavedSearchFilters): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(normalizeFilters(f))) p.set(k, v === true ? 'true' : String(v));
  const q = p.toString();
  return q ? `/cars?${q}` : '/cars';
}

function range(min: number | undefined, max: number | undefined, fmt: (n: number) => string): string {
  if (min !== undefined && max !== undefined) return `${fmt(min)} - ${fmt(max)}`;
  if (min !== undefined) return `từ ${fmt(min)}`;
  return `đến ${fmt(max as number)}`;
}

/** A saved search in words, as the list's filter chips say it: 'Toyota · SUV · Giá đến 800 triệu'. */
export function describeSearch(f: SavedSearchFilters): string {
  const parts: string[] = [];
  if (f.carName) parts.push(`"${f.carName}"`);
  if (f.brand) parts.push(f.brand);
  if (f.bodyType) parts.push(BODY_TYPE_LABELS[f.bodyType] ?? f.bodyType);
  if (f.minPrice !== undefined || f.maxPrice !== undefined)
    parts.push(`Giá ${range(f.minPrice, f.maxPrice, formatPrice)}`);
  if (f.minOdo !== undefined || f.maxOdo !== undefined)
    parts.push(`Đã đi ${range(f.minOdo, f.maxOdo, formatKm)}`);
  if (f.year !== undefined) parts.push(`Đời ${f.year}`);
  if (f.size !== undefined) parts.push(`${f.size} chỗ`);
  if (f.exteriorColor) parts.push(`Ngoại thất ${f.exteriorColor}`);
  if (f.interiorColor) parts.push(`Nội thất ${f.interiorColor}`);
  if (f.fuel) parts.push(FUEL_LABELS[f.fuel] ?? f.fuel);
  if (f.transmission) parts.push(TRANSMISSION_LABELS[f.transmission] ?? f.transmission);
  if (f.inspected) parts.push('Đã kiểm định');
  if (f.oneOwner) parts.push('1 chủ');
  return parts.length ? parts.join(' · ') : 'Tất cả xe';
}

/** 'nguyen.van.a@gmail.com' -> 'ng***@gmail.com': who a landing page is about, without saying it all. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const name = email.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length - 1) || 1)}***${email.slice(at)}`;
}

/** A subscription as its owner sees it (manage page, confirm and unsubscribe pages). */
export interface AlertSubscriptionView {
  subscriptionId: number;
  kind: AlertKind;
  kindLabel: string;
  status: AlertStatus;
  statusLabel: string;
  /** 'Toyota · SUV · Giá đến 800 triệu' or the watched car's name. */
  description: string;
  filters: SavedSearchFilters | null;
  /** The car list with these filters ('/cars?brand=Toyota'), for a saved search. */
  listPath: string | null;
  carId: number | null;
  carName: string | null;
  /** The watched car's price now. */
  carPrice: number | null;
  /** Never 'preparing': a car taken back into preparation reads as gone (null). */
  carStatus: 'preparing' | 'available' | 'pending' | 'sold' | null;
  createdAt: string;
  confirmedAt: string | null;
  endedAt: string | null;
}
