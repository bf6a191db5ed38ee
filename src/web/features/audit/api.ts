import type { AuditOptions, AuditPage } from '@contract/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface AuditFilters {
  page: number;
  size: number;
  userId: string;
  entity: string;
  action: string;
  from: string;
  to: string;
}

/** GET audit?userId&entity&action&from&to&page&size (WEB_CONFIG). */
export function useAuditLog(f: AuditFilters) {
  return useQuery({
    queryKey: ['audit', f],
    queryFn: ({ signal }) => api<AuditPage>('audit', { auth: true, query: { ...f }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET audit/options: the actions, objects and people the filters offer. */
export function useAuditOptions() {
  return useQuery({
    queryKey: ['audit', 'options'],
    queryFn: ({ signal }) => api<AuditOptions>('audit/options', { auth: true, signal }),
    staleTime: 60_000,
  });
}
