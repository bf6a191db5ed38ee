/**
 * The inventory's vocabulary without zod: enumerations with their Vietnamese labels, sort orders and
 * limits. The public pages import these from here, so a visitor's first download does not carry the
 * validation library; `./cars` re-exports all of it for everyone else.
 */
import { compactFold } from './text';

// ---------------------------------------------------------------------------------------------------
// Enumerations: stored and sent as keys; the labels are what people read.
// ---------------------------------------------------------------------------------------------------

export const BODY_TYPES = [
  'SEDAN',
  'HATCHBACK',
  'SUV',
  'CROSSOVER',
  'MPV',
  'PICKUP',
  'COUPE',
  'CONVERTIBLE',
  'VAN',
] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const BODY_TYPE_LABELS: Record<BodyType, string> = {
  SEDAN: 'Sedan',
  HATCHBACK: 'Hatchback',
  SUV: 'SUV',
  CROSSOVER: 'Crossover',
  MPV: 'MPV',
  PICKUP: 'Bán tải',
  COUPE: 'Coupe',
  CONVERTIBLE: 'Mui trần',
  VAN: 'Van',
};

export const FUELS = ['PETROL', 'DIESEL', 'HYBRID', 'ELECTRIC'] as const;
export type Fuel = (typeof FUELS)[number];
export const FUEL_LABELS: Record<Fuel, string> = {
  PETROL: 'Xăng',
  DIESEL: 'Dầu',
  HYBRID: 'Hybrid',
  ELECTRIC: 'Điện',
};

export const TRANSMISSIONS = ['AUTOMATIC', 'MANUAL'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];
export const TRANSMISSION_LABELS: Record<Transmission, string> = {
  AUTOMATIC: 'Số tự động',
  MANUAL: 'Số sàn',
};

export const DRIVETRAINS = ['FWD', 'RWD', 'AWD', '4WD'] as const;
export type Drivetrain = (typeof DRIVETRAINS)[number];
export const DRIVETRAIN_LABELS: Record<Drivetrain, string> = {
  FWD: 'Cầu trước (FWD)',
  RWD: 'Cầu sau (RWD)',
  AWD: 'Dẫn động 4 bánh toàn thời gian (AWD)',
  '4WD': 'Hai cầu (4WD)',
};

export const ORIGINS = ['DOMESTIC', 'IMPORTED'] as const;
export type Origin = (typeof ORIGINS)[number];
export const ORIGIN_LABELS: Record<Origin, string> = {
  DOMESTIC: 'Lắp ráp trong nước',
  IMPORTED: 'Nhập khẩu',
};

/**
 * Spec section 3: available, pending, sold; before them `preparing`, a car bought or added but not yet
 * listed (reconditioning, docs/reconditioning.md), which visitors never see. Visitors' lists show
 * available and pending.
 */
export const CAR_STATUSES = ['preparing', 'available', 'pending', 'sold'] as const;
export type CarStatus = (typeof CAR_STATUSES)[number];
export const CAR_STATUS_LABELS: Record<CarStatus, string> = {
  preparing: 'Chuẩn bị bán',
  available: 'Đang bán',
  pending: 'Đang giao dịch',
  sold: 'Đã bán',
};
export const VISIBLE_STATUSES: readonly CarStatus[] = ['available', 'pending'];

export const CAR_SORTS = [
  'newest',
  'price_asc',
  'price_desc',
  'odo_asc',
  'year_desc',
  'price_drop',
  'deal',
] as const;
export type CarSort = (typeof CAR_SORTS)[number];
export const CAR_SORT_LABELS: Record<CarSort, string> = {
  newest: 'Mới đăng',
  price_asc: 'Giá thấp đến cao',
  price_desc: 'Giá cao đến thấp',
  odo_asc: 'Đi ít nhất',
  year_desc: 'Đời mới nhất',
  price_drop: 'Vừa giảm giá',
  deal: 'Giá tốt so với thị trường',
};

/** A car on sale fewer days than this is "Mới về"; a drop within this many days is "Vừa giảm". */
export const NEW_ARRIVAL_DAYS = 7;
export const PRICE_DROP_DAYS = 30;

/** Limits of the inventory issue. */
export const MAX_PHOTOS_PER_CAR = 20;
export const PUBLIC_PAGE_SIZE = 12;
export const MAX_PUBLIC_PAGE_SIZE = 60;
export const HOMEPAGE_COUNT = 8;
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;
export const SIMILAR_COUNT = 8;
export const MIN_CAR_YEAR = 1980;

/** Finds the key of an enumeration from its key or its label, ignoring case and accents ("ban tai" -> PICKUP). */
export function keyOf<K extends string>(
  keys: readonly K[],
  labels: Record<K, string>,
  value: string,
): K | null {
  const folded = compactFold(value);
  for (const k of keys) {
    if (compactFold(k) === folded || compactFold(labels[k]) === folded) return k;
  }
  return null;
}

export const parseBodyType = (v: string) => keyOf(BODY_TYPES, BODY_TYPE_LABELS, v);
export const parseFuel = (v: string) => keyOf(FUELS, FUEL_LABELS, v);
export const parseTransmission = (v: string) => keyOf(TRANSMISSIONS, TRANSMISSION_LABELS, v);
export const parseCarStatus = (v: string) => keyOf(CAR_STATUSES, CAR_STATUS_LABELS, v);
