import type { CarHistory } from '@contract/car-records';
import type { BrandCount, CarDetail, CarSummary } from '@contract/cars';
import { useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET car-compare/brands: brands with cars on sale, and how many. */
export function useCompareBrands() {
  return useQuery({
    queryKey: ['cars', 'compare', 'brands'],
    queryFn: ({ signal }) => api<BrandCount[]>('car-compare/brands', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** GET car-compare/{brand}: that brand's cars on sale. */
export function useBrandCars(brand: string | null) {
  return useQuery({
    queryKey: ['cars', 'compare', 'brand', brand],
    queryFn: ({ signal }) => api<CarSummary[]>(`car-compare/${encodeURIComponent(brand!)}`, { signal }),
    enabled: !!brand,
  });
}

/**
 * The chosen cars in order: GET car-compare/compare?carIds= for two to four, GET cars/{id} for one
 * (the compare call needs at least two).
 */
export function useComparedCars(ids: number[]) {
  return useQuery({
    queryKey: ['cars', 'compare', 'cars', ids],
    queryFn: async ({ signal }) =>
      ids.length === 1
        ? [await api<CarDetail>(`cars/${ids[0]}`, { signal })]
        : api<CarDetail[]>('car-compare/compare', { query: { carIds: ids.join(',') }, signal }),
    enabled: ids.length > 0,
    placeholderData: (prev) => prev,
  });
}

/** GET cars/{id}/history for each compared car: the papers rows (hạn đăng kiểm). */
export function useComparedHistories(ids: number[]): (CarHistory | undefined)[] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['cars', 'history', id],
      queryFn: ({ signal }: { signal?: AbortSignal }) => api<CarHistory>(`cars/${id}/history`, { signal }),
      staleTime: 60_000,
    })),
  }).map((q) => q.data);
}
