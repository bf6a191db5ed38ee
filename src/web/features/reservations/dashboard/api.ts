import type { Page } from '@contract/common';
import type {
  PaymentNotificationView,
  PaymentOutcome,
  ReservationAdminView,
  ReservationStatus,
} from '@contract/reservations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const RESERVATIONS_KEY = ['reservations-admin'] as const;
export const PAYMENTS_KEY = ['payments-admin'] as const;

export interface ReservationsListQuery {
  page: number;
  size: number;
  status?: ReservationStatus;
  search?: string;
  carId?: number;
}

/** GET reservations/admin?status&search&carId&page&size (newest first). */
export function useAdminReservations(q: ReservationsListQuery) {
  return useQuery({
    queryKey: [...RESERVATIONS_KEY, 'list', q],
    queryFn: ({ signal }) =>
      api<Page<ReservationAdminView>>('reservations/admin', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    // The "còn ... phút" column and webhook confirmations change under the staff's eyes.
    refetchInterval: 60_000,
  });
}

export interface PaymentsListQuery {
  page: number;
  size: number;
  pending?: boolean;
  outcome?: PaymentOutcome;
}

/** GET payments/admin?outcome&pending&page&size: the bank's transfer notifications. */
export function usePayments(q: PaymentsListQuery) {
  return useQuery({
    queryKey: [...PAYMENTS_KEY, 'list', q],
    queryFn: ({ signal }) =>
      api<Page<PaymentNotificationView>>('payments/admin', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

export type ReservationAction =
  | { kind: 'mark-paid'; id: number; body: { bankReference: string; note: string } }
  | { kind: 'extend'; id: number; body: { hours: number } }
  | { kind: 'cancel'; id: number; body: { reason: string } }
  | { kind: 'refund'; id: number; body: { amount: number; reason: string; reference: string } };

/**
 * POST reservations/admin/{id}/{mark-paid|extend|cancel|refund}. A reservation holds its car, so the
 * car lists (staff and public) and the bank notifications are refreshed with the reservations.
 */
export function useReservationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (a: ReservationAction) =>
      api<ReservationAdminView>(`reservations/admin/${a.id}/${a.kind}`, {
        method: 'POST',
        auth: true,
        body: a.body,
      }),
    // Also on failure: a 409 means the reservation changed meanwhile (a webhook paid it, a job expired it).
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: RESERVATIONS_KEY });
      queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY });
      queryClient.invalidateQueries({ queryKey: ['car-admin'] });
      queryClient.invalidateQueries({ queryKey: ['cars'] });
    },
  });
}

/** POST payments/admin/{id}/handled {note}: a notification staff have dealt with by hand. */
export function useMarkHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; note: string }) =>
      api<PaymentNotificationView>(`payments/admin/${v.id}/handled`, {
        method: 'POST',
        auth: true,
        body: { note: v.note },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}
