import {
  BODY_TYPE_LABELS,
  type BodyType,
  CAR_SORTS,
  type CarSort,
  FUEL_LABELS,
  type Fuel,
  PUBLIC_PAGE_SIZE,
  TRANSMISSION_LABELS,
  type Transmission,
} from '@contract/cars-labels';
import { formatKm, formatPrice } from '@contract/format';
import { PRICE_RATING_FILTER_LABELS } from '@contract/price-rating';

/**
 * The /cars filters as they live in the URL (so a link can be shared and Back works). The names are
 * the API's: brand, bodyType, minPrice, maxPrice, minOdo, maxOdo, exteriorColor, interiorColor, year,
 * size (seats), carName, fuel, transmission, plus sort and page. Page size is fixed by the site.
 */
export const TEXT_FILTERS = [
  'brand',
  'bodyType',
  'exteriorColor',
  'interiorColor',
  'carName',
  'fuel',
  'transmission',
  'priceRating',
] as const;
export const NUMBER_FILTERS = ['minPrice', 'maxPrice', 'minOdo', 'maxOdo', 'year', 'size'] as const;
/** Yes-only toggles: "Đã kiểm định" (a report exists) and "1 chủ" (one previous owner); "true" in the URL. */
export const FLAG_FILTERS = ['inspected', 'oneOwner'] as const;
export const FLAG_LABELS: Record<FlagFilter, string> = { inspected: 'Đã kiểm định', oneOwner: '1 chủ' };

export type TextFilter = (typeof TEXT_FILTERS)[number];
export type NumberFilter = (typeof NUMBER_FILTERS)[number];
export type FlagFilter = (typeof FLAG_FILTERS)[number];
export type FilterKey = TextFilter | NumberFilter | FlagFilter;

export type CarFilterValues = Partial<
  Record<TextFilter, string> & Record<NumberFilter, number> & Record<FlagFilter, true>
>;

export interface CarListParams extends CarFilterValues {
  sort: CarSort;
  page: number;
  pageSize: number;
}

const positiveInt = (v: string | null): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v.replace(/\./g, ''));
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};

export function readFilters(params: URLSearchParams): CarFilterValues {
  const out: CarFilterValues = {};
  for (const k of TEXT_FILTERS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  for (const k of NUMBER_FILTERS) {
    const v = positiveInt(params.get(k));
    if (v !== undefined) out[k] = v;
  }
  for (const k of FLAG_FILTERS) if (params.get(k) === 'true' || params.get(k) === '1') out[k] = true;
  return out;
}

export function readListParams(params: URLSearchParams): CarListParams {
  const sort = params.get('sort') as CarSort | null;
  return {
    ...readFilters(params),
    sort: sort && (CAR_SORTS as readonly string[]).includes(sort) ? sort : 'newest',
    page: Math.max(1, positiveInt(params.get('page')) ?? 1),
    pageSize: PUBLIC_PAGE_SIZE,
  };
}

/** The URL search for filters, sort and page; defaults (newest, page 1) are left out. */
export function writeListParams(values: CarFilterValues, sort: CarSort, page: number): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of [...TEXT_FILTERS, ...NUMBER_FILTERS]) {
    const v = values[k];
    if (v !== undefined && v !== '') p.set(k, String(v));
  }
  for (const k of FLAG_FILTERS) if (values[k]) p.set(k, 'true');
  if (sort !== 'newest') p.set('sort', sort);
  if (page > 1) p.set('page', String(page));
  return p;
}

export function activeFilterCount(values: CarFilterValues): number {
  const keys = Object.keys(values).filter((k) => values[k as FilterKey] !== undefined);
  // A price or odo range counts once.
  let n = keys.length;
  if (values.minPrice !== undefined && values.maxPrice !== undefined) n--;
  if (values.minOdo !== undefined && values.maxOdo !== undefined) n--;
  return n;
}

/** The message the API would answer for an inverted range, shown before asking it. */
export function rangeError(values: CarFilterValues): string | null {
  if (values.minPrice !== undefined && values.maxPrice !== undefined && values.minPrice > values.maxPrice)
    return 'Giá tối thiểu không được lớn hơn giá tối đa';
  if (values.minOdo !== undefined && values.maxOdo !== undefined && values.minOdo > values.maxOdo)
    return 'Số km tối thiểu không được lớn hơn số km tối đa';
  return null;
}

function range(min: number | undefined, max: number | undefined, fmt: (n: number) => string): string {
  if (min !== undefined && max !== undefined) return `${fmt(min)} - ${fmt(max)}`;
  if (min !== undefined) return `từ ${fmt(min)}`;
  return `đến ${fmt(max as number)}`;
}

/** The active filters as removable chips: a label and the keys it clears. */
export function filterChips(values: CarFilterValues): { label: string; keys: FilterKey[] }[] {
  const chips: { label: string; keys: FilterKey[] }[] = [];
  if (values.carName) chips.push({ label: `"${values.carName}"`, keys: ['carName'] });
  if (values.brand) chips.push({ label: values.brand, keys: ['brand'] });
  if (values.bodyType)
    chips.push({
      label: BODY_TYPE_LABELS[values.bodyType as BodyType] ?? values.bodyType,
      keys: ['bodyType'],
    });
  if (values.minPrice !== undefined || values.maxPrice !== undefined)
    chips.push({
      label: `Giá ${range(values.minPrice, values.maxPrice, formatPrice)}`,
      keys: ['minPrice', 'maxPrice'],
    });
  if (values.minOdo !== undefined || values.maxOdo !== undefined)
    chips.push({
      label: `Đã đi ${range(values.minOdo, values.maxOdo, formatKm)}`,
      keys: ['minOdo', 'maxOdo'],
    });
  if (values.year !== undefined) chips.push({ label: `Đời ${values.year}`, keys: ['year'] });
  if (values.size !== undefined) chips.push({ label: `${values.size} chỗ`, keys: ['size'] });
  if (values.exteriorColor)
    chips.push({ label: `Ngoại thất ${values.exteriorColor}`, keys: ['exteriorColor'] });
  if (values.interiorColor)
    chips.push({ label: `Nội thất ${values.interiorColor}`, keys: ['interiorColor'] });
  if (values.fuel) chips.push({ label: FUEL_LABELS[values.fuel as Fuel] ?? values.fuel, keys: ['fuel'] });
  if (values.transmission)
    chips.push({
      label: TRANSMISSION_LABELS[values.transmission as Transmission] ?? values.transmission,
      keys: ['transmission'],
    });
  if (values.priceRating)
    chips.push({
      label: PRICE_RATING_FILTER_LABELS[values.priceRating as 'GOOD'] ?? values.priceRating,
      keys: ['priceRating'],
    });
  for (const k of FLAG_FILTERS) if (values[k]) chips.push({ label: FLAG_LABELS[k], keys: [k] });
  return chips;
}
