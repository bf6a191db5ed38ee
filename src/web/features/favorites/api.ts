import type { CarSummary } from '@contract/cars';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** GET favorites/cars?ids=: the saved cars with their price and status now (sold ones too). */
export function useFavoriteCars(ids: readonly number[]) {
  const key = [...ids].sort((a, b) => a - b).join(',');
  return useQuery({
    queryKey: ['cars', 'favorites', key],
    queryFn: ({ signal }) => api<CarSummary[]>('favorites/cars', { query: { ids: key }, signal }),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
