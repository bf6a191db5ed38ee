import type { CarDetail, CarPage } from '@contract/cars';
import {
  LEAD_PATHS,
  type LeadByHandForm,
  type LeadDetail,
  type LeadEventView,
  type LeadPage,
  type LeadReceipt,
  type LeadStatus,
  type LeadType,
  type StaffRef,
} from '@contract/leads';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { visitSource } from '../../lib/visit-source';

/** 'TEST_DRIVE' -> 'test-drives' (api() adds /api/). */
const base = (type: LeadType) => LEAD_PATHS[type].replace(/^\/api\//, '');

// ------------------------------------------------------------------------------------------------
// Public forms (no token)

export const CAR_PICKER_SIZE = 8;

/** GET cars?carName=&page=&pageSize=: the visible cars a visitor may choose, newest first. */
export function useVisibleCars(search: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['leads', 'cars', search, page],
    queryFn: ({ signal }) =>
      api<CarPage>('cars', { query: { carName: search, page, pageSize: CAR_PICKER_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** GET cars/{id}: the car a page preset with ?carId=. */
export function useCar(id: number | null) {
  return useQuery({
    queryKey: ['leads', 'car', id],
    queryFn: ({ signal }) => api<CarDetail>(`cars/${id}`, { signal }),
    enabled: id !== null && Number.isInteger(id) && id > 0,
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * POST test-drives | maintenance | consulting: 201 a receipt (200 the same receipt for a repeated key).
 * Every form sends where the visit came from (lib/visit-source.ts).
 */
export function useSubmitLead<Body>(type: LeadType) {
  return useMutation({
    mutationFn: (body: Body) =>
      api<LeadReceipt>(base(type), { method: 'POST', body: { ...body, source: visitSource() } }),
  });
}

// ------------------------------------------------------------------------------------------------
// Management (MANAGE_SERVICE)

export const leadKeys = {
  all: ['leads', 'admin'] as const,
  type: (type: LeadType) => ['leads', 'admin', type] as const,
  list: (type: LeadType, q: LeadListParams) => ['leads', 'admin', type, 'list', q] as const,
  detail: (type: LeadType, id: number) => ['leads', 'admin', type, 'detail', id] as const,
};

export interface LeadListParams {
  page: number;
  size: number;
  search: string;
  status: LeadStatus | '';
  from: string;
  to: string;
  overdue: boolean;
  /** New leads past their response target, or open leads whose follow-up has come. */
  attention: '' | 'late' | 'follow-up';
}

/** GET {path}/admin?page&size&search&status&from&to&overdue&responseLate&followUpOverdue */
export function useLeads(type: LeadType, q: LeadListParams) {
  return useQuery({
    queryKey: leadKeys.list(type, q),
    queryFn: ({ signal }) => {
      const { attention, ...rest } = q;
      return api<LeadPage>(`${base(type)}/admin`, {
        auth: true,
        query: {
          ...rest,
          overdue: q.overdue ? 'true' : undefined,
          responseLate: attention === 'late' ? 'true' : undefined,
          followUpOverdue: attention === 'follow-up' ? 'true' : undefined,
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** GET {path}/admin/{id}: the lead, its history (newest first) and the statuses it may move to. */
export function useLead(type: LeadType, id: number | null) {
  return useQuery({
    queryKey: leadKeys.detail(type, id ?? 0),
    queryFn: ({ signal }) => api<LeadDetail>(`${base(type)}/admin/${id}`, { auth: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** GET service-requests/assignees: active MANAGE_SERVICE holders and admins. */
export function useAssignees(enabled = true) {
  return useQuery({
    queryKey: ['leads', 'assignees'],
    queryFn: ({ signal }) => api<StaffRef[]>('service-requests/assignees', { auth: true, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Status change, assignment and notes of one lead; each refreshes that type's lists and the detail. */
export function useLeadActions(type: LeadType, id: number) {
  const queryClient = useQueryClient();
  const done = (detail?: LeadDetail) => {
    if (detail) queryClient.setQueryData(leadKeys.detail(type, id), detail);
    void queryClient.invalidateQueries({ queryKey: leadKeys.type(type) });
  };
  const status = useMutation({
    mutationFn: (body: { status: LeadStatus; note?: string }) =>
      api<LeadDetail>(`${base(type)}/admin/${id}/status`, { method: 'PUT', auth: true, body }),
    onSuccess: done,
  });
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) =>
      api<LeadDetail>(`${base(type)}/admin/${id}/assign`, {
        method: 'PUT',
        auth: true,
        body: { assigneeId },
      }),
    onSuccess: done,
  });
  const followUp = useMutation({
    mutationFn: (body: { date: string | null; time: string | null; note?: string }) =>
      api<LeadDetail>(`${base(type)}/admin/${id}/follow-up`, { method: 'PUT', auth: true, body }),
    onSuccess: done,
  });
  const note = useMutation({
    mutationFn: (text: string) =>
      api<LeadEventView>(`${base(type)}/admin/${id}/notes`, {
        method: 'POST',
        auth: true,
        body: { note: text },
      }),
    onSuccess: () => done(),
  });
  return { status, assign, note, followUp };
}

/** POST consulting/admin: a consulting request staff enter by hand; answers the new lead. */
export function useCreateByHand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeadByHandForm) =>
      api<LeadDetail>('consulting/admin', { auth: true, method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: leadKeys.type('CONSULTING') }),
  });
}
