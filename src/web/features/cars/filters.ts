import { CAR_SORTS, type CarSort, PUBLIC_PAGE_SIZE } from '@contract/cars';

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
] as const;
export const NUMBER_FILTERS = ['minPrice', 'maxPrice', 'minOdo', 'maxOdo', 'year', 'size'] as const;

export type TextFilter = (typeof TEXT_FILTERS)[number];
export type NumberFilter = (typeof NUMBER_FILTERS)[number];
export type FilterKey = TextFilter | NumberFilter;

export type CarFilterValues = Partial<Record<TextFilter, string> & Record<NumberFilter, number>>;

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
