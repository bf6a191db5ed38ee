import type { ReservationConflictSimilar, ReservationPublicView } from '@contract/reservation-labels';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

/** Cache key of one reservation as its owner sees it. */
export const reservationKey = (code: string, token: string) => ['reservation', code, token] as const;

/** The visitor's own page of a reservation: the token is what proves the link is theirs. */
export function reservationPath(view: Pick<ReservationPublicView, 'code' | 'token'>): string {
  return `/reservations/${encodeURIComponent(view.code)}?token=${encodeURIComponent(view.token)}`;
}

/** While the visitor is waiting to pay, the page asks every 5 s whether the bank's transfer arrived. */
export const POLL_MS = 5000;

export function useReservation(code: string, token: string) {
  return useQuery({
    queryKey: reservationKey(code, token),
    queryFn: ({ signal }) =>
      api<ReservationPublicView>(`reservations/${encodeURIComponent(code)}`, { query: { token }, signal }),
    enabled: code !== '' && token !== '',
    staleTime: 0,
    // A hidden tab stops asking (TanStack Query's default), and resumes when it is shown again.
    refetchInterval: (q) => (q.state.data?.status === 'awaiting' ? POLL_MS : false),
    refetchOnWindowFocus: true,
    // A wrong code or token is not going to become right by asking again.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
  });
}

export interface ReservationRequest {
  carId: number;
  fullName: string;
  phone: string;
  email: string;
  /** "Nhận thông báo qua Zalo" ticked. */
  zaloConsent?: boolean;
  clientRequestId: string;
}

export function useCreateReservation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReservationRequest) =>
      api<ReservationPublicView>('reservations', { method: 'POST', body }),
    // The page opened next starts from this answer instead of asking again.
    onSuccess: (view) => client.setQueryData(reservationKey(view.code, view.token), view),
  });
}

export function useCancelReservation(code: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ReservationPublicView>(`reservations/${encodeURIComponent(code)}/cancel`, {
        method: 'POST',
        body: { token },
      }),
    onSuccess: (view) => {
      client.setQueryData(reservationKey(code, token), view);
      void client.invalidateQueries({ queryKey: ['cars'] });
    },
    // A 409 means it changed meanwhile (paid, expired): show what it is now.
    onError: () => void client.invalidateQueries({ queryKey: reservationKey(code, token) }),
  });
}

/** "Tôi đã chuyển khoản": the hold waits for a person, and the staff's bell rings. */
export function useClaimPaid(code: string, token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<ReservationPublicView>(`reservations/${encodeURIComponent(code)}/paid-claim`, {
        method: 'POST',
        body: { token },
      }),
    onSuccess: (view) => client.setQueryData(reservationKey(code, token), view),
    onError: () => void client.invalidateQueries({ queryKey: reservationKey(code, token) }),
  });
}

/** The parts of a refused reservation the dialog shows: the message, field errors, similar cars. */
export interface ReservationRefusal {
  status: number;
  message: string;
  errors: Record<string, string>;
  similar: ReservationConflictSimilar[];
}

export function readRefusal(err: unknown): ReservationRefusal {
  const fallback = 'Có lỗi xảy ra, vui lòng thử lại!';
  if (!(err instanceof ApiError)) return { status: 0, message: fallback, errors: {}, similar: [] };
  if (err.kind === 'network') {
    return {
      status: 0,
      message: 'Không kết nối được máy chủ, vui lòng kiểm tra mạng và thử lại.',
      errors: {},
      similar: [],
    };
  }
  const data = (err.data && typeof err.data === 'object' ? err.data : {}) as {
    message?: unknown;
    errors?: unknown;
    similar?: unknown;
  };
  const errors: Record<string, string> = {};
  if (data.errors && typeof data.errors === 'object') {
    for (const [key, value] of Object.entries(data.errors as Record<string, unknown>)) {
      if (typeof value === 'string') errors[key.split('.')[0]] = value;
    }
  }
  return {
    status: err.status,
    message:
      typeof data.message === 'string' && data.message
        ? data.message
        : typeof err.data === 'string' && err.data
          ? err.data
          : fallback,
    errors,
    similar: Array.isArray(data.similar) ? (data.similar as ReservationConflictSimilar[]) : [],
  };
}
