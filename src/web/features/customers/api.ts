import type { Page } from '@contract/common';
import type {
  CustomerCallBody,
  CustomerDetail,
  CustomerSummary,
  CustomerUpdateBody,
} from '@contract/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const CUSTOMERS_KEY = ['customers'] as const;

/** GET customers?search&page&size: name, phone (any form) or code; newest activity first. */
export function useCustomers(q: { page: number; size: number; search: string }) {
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<CustomerSummary>>('customers', { auth: true, query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET customers/{id}: the record and its timeline (a merged id answers the record it went into). */
export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<CustomerDetail>(`customers/${id}`, { auth: true, signal }),
    enabled: id !== null,
  });
}

/** GET customers/lookup?phone=: the customer a number being typed already belongs to. */
export function useCustomerLookup(phone: string) {
  const digits = phone.replace(/\D/g, '');
  return useQuery({
    queryKey: [...CUSTOMERS_KEY, 'lookup', digits],
    queryFn: ({ signal }) =>
      api<{ customer: CustomerSummary | null }>('customers/lookup', { auth: true, query: { phone }, signal }),
    enabled: digits.length >= 10,
    staleTime: 30_000,
  });
}

function useCustomerMutation<B>(id: number, path: string, method: 'POST' | 'PUT') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<CustomerDetail>(`customers/${id}${path}`, { auth: true, method, body }),
    onSuccess: (detail) => {
      qc.setQueryData([...CUSTOMERS_KEY, 'detail', id], detail);
      void qc.invalidateQueries({ queryKey: CUSTOMERS_KEY });
    },
  });
}

export const useMergeCustomer = (id: number) =>
  useCustomerMutation<{ otherId: number }>(id, '/merge', 'POST');
export const useLogCall = (id: number) => useCustomerMutation<CustomerCallBody>(id, '/calls', 'POST');
export const useUpdateCustomer = (id: number) => useCustomerMutation<CustomerUpdateBody>(id, '', 'PUT');

/** POST customers/{id}/zalo: one click, the "Chăm sóc khách hàng" template to the customer's Zalo. */
export function useSendZalo(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { kind: 'FOLLOW_UP'; leadId?: number }) =>
      api<{ messageId: number | null; state: string; stateLabel: string; message: string }>(
        `customers/${id}/zalo`,
        {
          auth: true,
          method: 'POST',
          body,
        },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
  });
}
