import type { Page } from '@contract/common';
import type { PaymentMethod, SaleCreate, SaleStatus, SaleView, StaffRef } from '@contract/sales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const SALES_KEY = ['soldhistory'] as const;

/** A sale changes the car's status: drop the sales book, the staff car list and the public car reads. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.invalidateQueries({ queryKey: SALES_KEY });
    queryClient.invalidateQueries({ queryKey: ['car-admin'] });
    queryClient.invalidateQueries({ queryKey: ['cars'] });
  };
}

export interface SalesListQuery {
  page: number;
  size: number;
  search?: string;
  /** yyyy-mm-dd */
  from?: string;
  to?: string;
  status?: SaleStatus;
  paymentMethod?: PaymentMethod;
  carId?: number;
}

/** GET soldhistory?search&from&to&status&paymentMethod&page&size (newest sale first). */
export function useSales(q: SalesListQuery, enabled = true) {
  return useQuery({
    queryKey: [...SALES_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<SaleView>>('soldhistory', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSale(id: number | null) {
  return useQuery({
    queryKey: [...SALES_KEY, 'detail', id],
    queryFn: ({ signal }) => api<SaleView>(`soldhistory/${id}`, { auth: true, signal }),
    enabled: id !== null,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** PUT soldhistory/{id}/cancel {reason}: the car goes back on sale. */
export function useCancelSale() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      api<SaleView>(`soldhistory/${v.id}/cancel`, { method: 'PUT', auth: true, body: { reason: v.reason } }),
    onSuccess: invalidate,
  });
}

/** GET soldhistory/salespeople: staff who may be named as the seller. */
export function useSalespeople(enabled = true) {
  return useQuery({
    queryKey: [...SALES_KEY, 'salespeople'],
    queryFn: ({ signal }) => api<StaffRef[]>('soldhistory/salespeople', { auth: true, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** POST soldhistory: records the sale; the car becomes 'Đã bán' in the same transaction. */
export function useRecordSale() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (sale: SaleCreate) =>
      api<SaleView>('soldhistory', { method: 'POST', auth: true, body: sale }),
    onSuccess: invalidate,
  });
}
