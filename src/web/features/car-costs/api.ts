import type { CarCosts, CostLineBody, CostSummary } from '@contract/car-cost-ledger';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The cost ledger of the cars (staff with MANAGE_CAR only). */
export const CAR_COSTS_KEY = ['car-costs'] as const;
const ledgerKey = (carId: number) => [...CAR_COSTS_KEY, 'car', carId] as const;

/** GET cars/admin/{id}/costs. */
export function useCarCosts(carId: number | null, enabled = true) {
  return useQuery({
    queryKey: ledgerKey(carId ?? 0),
    queryFn: ({ signal }) => api<CarCosts>(`cars/admin/${carId}/costs`, { auth: true, signal }),
    enabled: enabled && carId !== null && carId > 0,
  });
}

/** GET cars/admin/costs?ids=: true cost and margin beside each car of a list page. */
export function useCostSummaries(carIds: number[], enabled = true) {
  const ids = [...new Set(carIds)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...CAR_COSTS_KEY, 'summaries', ids.join(',')],
    queryFn: ({ signal }) =>
      api<CostSummary[]>('cars/admin/costs', { auth: true, signal, query: { ids: ids.join(',') } }),
    enabled: enabled && ids.length > 0,
    placeholderData: keepPreviousData,
    select: (rows) => new Map(rows.map((r) => [r.carId, r])),
  });
}

/** Adding or deleting a line answers the whole ledger: it replaces the cached one, the lists read again. */
export function useCostActions(carId: number) {
  const queryClient = useQueryClient();
  const store = (view: CarCosts) => {
    queryClient.setQueryData(ledgerKey(carId), view);
    queryClient.invalidateQueries({ queryKey: [...CAR_COSTS_KEY, 'summaries'] });
  };
  return {
    add: useMutation({
      mutationFn: (body: CostLineBody) =>
        api<CarCosts>(`cars/admin/${carId}/costs`, { method: 'POST', auth: true, body }),
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: (lineId: number) =>
        api<CarCosts>(`cars/admin/${carId}/costs/${lineId}`, { method: 'DELETE', auth: true }),
      onSuccess: store,
    }),
  };
}
