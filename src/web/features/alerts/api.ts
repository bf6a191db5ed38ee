import type {
  AlertConfirmAnswer,
  AlertManageView,
  AlertSignupAnswer,
  AlertUnsubscribeAnswer,
  SavedSearchFilters,
} from '@contract/alerts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api-client';

/** The visitor's e-mail alerts: sign-ups, and the pages their e-mails' signed links open. */

/** Where the alert goes: the e-mail, and the optional phone with "Nhận thông báo qua Zalo". */
interface Contact {
  email: string;
  phone?: string;
  zaloConsent: boolean;
}

export type SignUp =
  | ({ kind: 'search'; filters: SavedSearchFilters } & Contact)
  | ({ kind: 'price'; carId: number } & Contact);

export function useSignUp() {
  return useMutation({
    mutationFn: (s: SignUp) => {
      const contact = { email: s.email, phone: s.phone, zaloConsent: s.zaloConsent };
      return s.kind === 'search'
        ? api<AlertSignupAnswer>('saved-searches', {
            method: 'POST',
            body: { ...contact, filters: s.filters },
          })
        : api<AlertSignupAnswer>(`cars/${s.carId}/price-watch`, { method: 'POST', body: contact });
    },
  });
}

// A signed link that does not open anything will not open it on a second try.
const noRetry = (count: number, err: unknown) =>
  !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2;

export function useConfirm() {
  return useMutation({
    mutationFn: (token: string) =>
      api<AlertConfirmAnswer>('alerts/confirm', { method: 'POST', body: { token } }),
  });
}

export function useUnsubscribePreview(token: string) {
  return useQuery({
    queryKey: ['alerts', 'unsubscribe', token],
    queryFn: ({ signal }) => api<AlertUnsubscribeAnswer>('alerts/unsubscribe', { query: { token }, signal }),
    enabled: token !== '',
    retry: noRetry,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<AlertUnsubscribeAnswer>(`alerts/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        body: {},
      }),
    onSuccess: (answer) => client.setQueryData(['alerts', 'unsubscribe', token], answer),
  });
}

const manageKey = (token: string) => ['alerts', 'manage', token] as const;

export function useManage(token: string) {
  return useQuery({
    queryKey: manageKey(token),
    queryFn: ({ signal }) => api<AlertManageView>('alerts/manage', { query: { token }, signal }),
    enabled: token !== '',
    retry: noRetry,
  });
}

export function useManageEnd(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: number | 'all') =>
      subscriptionId === 'all'
        ? api<AlertManageView>('alerts/manage/unsubscribe-all', { method: 'POST', body: { token } })
        : api<AlertManageView>('alerts/manage/unsubscribe', {
            method: 'POST',
            body: { token, subscriptionId },
          }),
    onSuccess: (view) => client.setQueryData(manageKey(token), view),
  });
}
