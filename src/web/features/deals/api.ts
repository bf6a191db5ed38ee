import type { Page } from '@contract/common';
import type { DealDocumentKind } from '@contract/deal-documents';
import type {
  ChecklistItem,
  ChecklistStatus,
  DealCreateBody,
  DealPaymentKind,
  DealPaymentMethod,
  DealPublicView,
  DealStatus,
  DealSummary,
  DealView,
  LoanStatus,
  TransferStep,
} from '@contract/deals';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api-client';
import { getToken } from '../../lib/token';

export const DEALS_KEY = ['deals'] as const;

/** A deal's move holds, sells or releases a car: drop the deals, sales and car reads. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return (deal?: DealView) => {
    if (deal) queryClient.setQueryData([...DEALS_KEY, 'detail', deal.dealId], deal);
    queryClient.invalidateQueries({ queryKey: [...DEALS_KEY, 'list'] });
    queryClient.invalidateQueries({ queryKey: ['soldhistory'] });
    queryClient.invalidateQueries({ queryKey: ['car-admin'] });
    queryClient.invalidateQueries({ queryKey: ['cars'] });
  };
}

export interface DealsListQuery {
  page: number;
  size: number;
  search?: string;
  status?: DealStatus;
}

/** GET deals?status&search&page&size (the latest change first). */
export function useDeals(q: DealsListQuery) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<DealSummary>>('deals', { auth: true, query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useDeal(id: number | null) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<DealView>(`deals/${id}`, { auth: true, signal }),
    enabled: id !== null,
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

export function useCreateDeal() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: DealCreateBody) => api<DealView>('deals', { method: 'POST', auth: true, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateDeal(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api<DealView>(`deals/${id}`, { method: 'PUT', auth: true, body }),
    onSuccess: invalidate,
  });
}

export function useMoveDeal(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { status: DealStatus; reason?: string }) =>
      api<DealView>(`deals/${id}/status`, { method: 'PUT', auth: true, body }),
    onSuccess: invalidate,
  });
}

export interface PaymentInput {
  kind: DealPaymentKind;
  method: DealPaymentMethod;
  amount: number | null;
  reference: string;
  note: string;
}

export function useAddPayment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PaymentInput) =>
      api<DealView>(`deals/${id}/payments`, { method: 'POST', auth: true, body }),
    onSuccess: invalidate,
  });
}

/** GET deals/{id}/documents/{kind} with the bearer token (a plain link cannot send it), as a blob. */
export async function fetchDocument(id: number, kind: DealDocumentKind): Promise<Blob> {
  const headers: Record<string, string> = {};
  const jwt = getToken();
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(buildUrl(`deals/${id}/documents/${kind}`), { headers, credentials: 'same-origin' });
  if (!res.ok) {
    let message = 'Không tạo được giấy tờ, vui lòng thử lại!';
    try {
      message = ((await res.json()) as { message?: string }).message ?? message;
    } catch {
      // not JSON: keep the general message
    }
    throw new Error(message);
  }
  return res.blob();
}

export function useApplyLoan(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { bankName: string; amount: number | null; termMonths: number | null }) =>
      api<DealView>(`deals/${id}/loans`, { method: 'POST', auth: true, body }),
    onSuccess: invalidate,
  });
}

export function useDecideLoan(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { loanId: number; status: LoanStatus; conditions: string }) =>
      api<DealView>(`deals/${id}/loans/${v.loanId}/status`, {
        method: 'PUT',
        auth: true,
        body: { status: v.status, conditions: v.conditions },
      }),
    onSuccess: invalidate,
  });
}

export function useSetChecklist(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { item: ChecklistItem; status: ChecklistStatus }) =>
      api<DealView>(`deals/${id}/checklist/${v.item}`, {
        method: 'PUT',
        auth: true,
        body: { status: v.status },
      }),
    onSuccess: invalidate,
  });
}

export function useSetStep(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { step: TransferStep; done: boolean }) =>
      api<DealView>(`deals/${id}/transfer/${v.step}`, { method: 'PUT', auth: true, body: { done: v.done } }),
    onSuccess: invalidate,
  });
}

/** GET deals/public/{token}: the buyer's own page (no sign-in; the signed link decides which deal). */
export function useDealPublic(token: string) {
  return useQuery({
    queryKey: ['deal-public', token],
    queryFn: ({ signal }) => api<DealPublicView>(`deals/public/${encodeURIComponent(token)}`, { signal }),
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 1,
  });
}

/** POST deals/{id}/checklist/{item}/scan (multipart `scan`): kept privately, the paper marked received. */
export function useUploadScan(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (v: { item: ChecklistItem; file: File }) => {
      const form = new FormData();
      form.append('scan', v.file);
      return api<DealView>(`deals/${id}/checklist/${v.item}/scan`, {
        method: 'POST',
        auth: true,
        body: form,
      });
    },
    onSuccess: invalidate,
  });
}

/** The scan as a blob (the bearer token cannot ride on a plain link). */
export async function fetchScan(id: number, item: ChecklistItem): Promise<Blob> {
  const headers: Record<string, string> = {};
  const jwt = getToken();
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(buildUrl(`deals/${id}/checklist/${item}/scan`), {
    headers,
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error('Không mở được bản quét, vui lòng thử lại!');
  return res.blob();
}
