import type { CarDetail, CarFilters, CarPage, CarPriceHistory, CarSummary } from '@contract/cars';
import type { CarCalculations } from '@contract/web-config';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { CarListParams } from './filters';

/** Query keys of the public inventory; the dashboard invalidates ['cars'] after every change. */
export const CARS_KEY = ['cars'] as const;

/** GET cars with the filters, page, pageSize and sort (public: no token). */
export function useCars(params: CarListParams, enabled = true) {
  return useQuery({
    queryKey: [...CARS_KEY, 'list', params],
    queryFn: ({ signal }) => api<CarPage>('cars', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET cars/filters: what the filter panel offers. */
/** GET cars/filters: what the filter panel offers (also read on demand by a typed search). */
export const carFiltersQuery = {
  queryKey: [...CARS_KEY, 'filters'],
  queryFn: ({ signal }: { signal?: AbortSignal }) => api<CarFilters>('cars/filters', { signal }),
  staleTime: 5 * 60_000,
};

export function useCarFilters() {
  return useQuery(carFiltersQuery);
}

export function useCar(id: number | null) {
  return useQuery({
    queryKey: [...CARS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<CarDetail>(`cars/${id}`, { signal }),
    enabled: id !== null,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** GET cars/{id}/similar: visible cars of the same body type or brand, nearest in price. */
/** GET cars/{id}/price-history: the changes of the sell price, newest first. */
export function usePriceHistory(id: number | null) {
  return useQuery({
    queryKey: [...CARS_KEY, 'price-history', id],
    queryFn: ({ signal }) => api<CarPriceHistory>(`cars/${id}/price-history`, { signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}

export function useSimilarCars(id: number | null) {
  return useQuery({
    queryKey: [...CARS_KEY, 'similar', id],
    queryFn: ({ signal }) => api<CarSummary[]>(`cars/${id}/similar`, { signal }),
    enabled: id !== null,
  });
}

export type HomepageKind = 'newest' | 'most-expensive' | 'cheapest';

/** GET homepage/newest | most-expensive | cheapest (8 visible cars each). */
export function useHomepageCars(kind: HomepageKind) {
  return useQuery({
    queryKey: [...CARS_KEY, 'homepage', kind],
    queryFn: ({ signal }) => api<CarSummary[]>(`homepage/${kind}`, { signal }),
  });
}

/** GET web-configuration/car-calculations: the fees and loan terms the calculator uses. */
export function useCarCalculations() {
  return useQuery({
    queryKey: ['web-configuration', 'car-calculations'],
    queryFn: ({ signal }) => api<CarCalculations>('web-configuration/car-calculations', { signal }),
    staleTime: 5 * 60_000,
  });
}
