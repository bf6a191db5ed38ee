import type { CarAdminDetail, Fuel, Transmission } from '@contract/cars';
import type { Pricing, Repricing, RepricingRow } from '@contract/pricing';
import type { StaffValuationView, StockAgeing, StockAgeingQuery } from '@contract/valuations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const VALUATIONS_KEY = ['valuations'] as const;

/** The car the staff form asks a price for. */
export interface PricedCar {
  brand: string;
  model: string;
  version: string;
  year: number;
  odo: number;
  transmission?: Transmission;
  fuel?: Fuel;
  /** The car being edited: its own listing is left out of the comparables. */
  excludeCarId?: number;
}

/** POST valuations/staff for the car (null: not enough entered yet). A 422 is an answer, not an error to retry. */
export function useStaffValuation(car: PricedCar | null) {
  return useQuery({
    queryKey: [...VALUATIONS_KEY, 'staff', car],
    queryFn: ({ signal }) =>
      api<StaffValuationView>('valuations/staff', { method: 'POST', auth: true, body: car, signal }),
    enabled: car !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

/** GET stock-ageing?bucket&page&size. */
export function useStockAgeing(q: Pick<StockAgeingQuery, 'page' | 'size' | 'bucket'>) {
  return useQuery({
    queryKey: [...VALUATIONS_KEY, 'stock-ageing', q],
    queryFn: ({ signal }) => api<StockAgeing>('stock-ageing', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** PUT cars/admin/{id}/price: a markdown in one action (price history and audit on the server). */
export function useReprice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { carId: number; sellPrice: number }) =>
      api<CarAdminDetail>(`cars/admin/${v.carId}/price`, {
        method: 'PUT',
        auth: true,
        body: { sellPrice: v.sellPrice },
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: VALUATIONS_KEY });
      queryClient.invalidateQueries({ queryKey: ['car-admin'] });
      queryClient.invalidateQueries({ queryKey: ['cars'] });
    },
  });
}

/** GET valuations/pricing: every car in stock against the market. */
export function usePricing() {
  return useQuery({
    queryKey: [...VALUATIONS_KEY, 'pricing'],
    queryFn: ({ signal }) => api<Pricing>('valuations/pricing', { auth: true, signal }),
  });
}

/** GET valuations/repricing: the cars outside the price-to-market band of their age. */
export function useRepricingQueue() {
  return useQuery({
    queryKey: [...VALUATIONS_KEY, 'repricing'],
    queryFn: ({ signal }) => api<Repricing>('valuations/repricing', { auth: true, signal }),
  });
}

/** POST valuations/repricing/{carId}: the suggested price applied (price history and audit on the server). */
export function useApplyRepricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (carId: number) =>
      api<RepricingRow>(`valuations/repricing/${carId}`, { method: 'POST', auth: true }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: VALUATIONS_KEY });
      queryClient.invalidateQueries({ queryKey: ['car-admin'] });
      queryClient.invalidateQueries({ queryKey: ['cars'] });
    },
  });
}
