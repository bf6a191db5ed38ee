import type { CarFilters } from '@contract/cars';
import { type CarFilterValues, writeListParams } from './filters';

/**
 * A typed search read into the /cars filters by the advisor's own parser (contract/query): what it
 * recognised becomes filters, shown as removable chips, and the rest stays the name search. The
 * parser and its brand dictionary load on first use, so no page downloads them up front.
 */
export async function typedSearchFilters(text: string, options?: CarFilters): Promise<CarFilterValues> {
  const { filtersFromSearch } = await import('@contract/query/filters');
  return filtersFromSearch(text, {
    brands: options?.brands.map((b) => b.value),
    exteriorColors: options?.exteriorColors.map((c) => c.value),
  });
}

/** The /cars address for a typed search (the home page's search box). */
export async function typedSearchUrl(text: string, options?: CarFilters): Promise<string> {
  const query = writeListParams(await typedSearchFilters(text, options), 'newest', 1).toString();
  return query ? `/cars?${query}` : '/cars';
}
