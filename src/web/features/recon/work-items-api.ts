import type { ReconCar, ReconItem, ReconItemInput, ReconItemStatus } from '@contract/recon';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { CAR_COSTS_KEY } from '../car-costs';
import { RECON_KEY } from './api';

const carKey = (carId: number) => [...RECON_KEY, 'car', carId] as const;

/** GET cars/admin/{carId}/recon: the car's stage and its work items (any staff member). */
export function useReconCar(carId: number) {
  return useQuery({
    queryKey: carKey(carId),
    queryFn: ({ signal }) => api<ReconCar>(`cars/admin/${carId}/recon`, { auth: true, signal }),
  });
}

/**
 * A change to a car's work moves the board's counts, and a completed item its reconditioning cost in
 * the ledger: all of them are read again.
 */
function useRefresh() {
  const queryClient = useQueryClient();
  // Awaited by the mutation: its toast comes once the list shows the change.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RECON_KEY }),
      queryClient.invalidateQueries({ queryKey: CAR_COSTS_KEY }),
    ]);
}

/** The work-item calls of one car: add, change status, make items from the inspection. */
export function useWorkItemActions(carId: number) {
  const refresh = useRefresh();
  return {
    add: useMutation({
      mutationFn: (body: ReconItemInput) =>
        api<ReconItem>(`cars/admin/${carId}/recon/items`, { method: 'POST', auth: true, body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (v: { itemId: number; status: ReconItemStatus; actualCost?: number }) =>
        api<ReconItem>(`recon/items/${v.itemId}`, {
          method: 'PUT',
          auth: true,
          body: { status: v.status, actualCost: v.actualCost },
        }),
      onSuccess: refresh,
    }),
    estimate: useMutation({
      mutationFn: (v: { itemId: number; parts: number; labour: number; vendor?: string }) =>
        api<ReconItem>(`recon/items/${v.itemId}/estimate`, {
          method: 'PUT',
          auth: true,
          body: { parts: v.parts, labour: v.labour, vendor: v.vendor },
        }),
      onSuccess: refresh,
    }),
    fromInspection: useMutation({
      mutationFn: () =>
        api<ReconItem[]>(`cars/admin/${carId}/recon/items/from-inspection`, { method: 'POST', auth: true }),
      onSuccess: refresh,
    }),
  };
}
