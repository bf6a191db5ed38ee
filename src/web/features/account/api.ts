import type { SessionView } from '@contract/sessions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { MY_INFO_KEY } from '../../lib/session';

const SESSIONS_KEY = ['auth', 'sessions'] as const;

/** PUT auth/change-info?email=&phone=[&currentPassword=] (text answer); refreshes the signed-in user. */
export function useChangeInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (q: { email: string; phone: string; currentPassword?: string }) =>
      api<string>('auth/change-info', { method: 'PUT', auth: true, query: q }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_INFO_KEY }),
  });
}

/** PUT auth/change-password?oldPassword=&newPassword= (text answer). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (q: { oldPassword: string; newPassword: string }) =>
      api<string>('auth/change-password', { method: 'PUT', auth: true, query: q }),
    // The other sessions were signed out.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** GET auth/sessions: the signed-in user's live sessions, most recently used first. */
export function useSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => api<SessionView[]>('auth/sessions', { auth: true, signal }),
  });
}

/** DELETE auth/sessions/{id}: ends one of my sessions. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api<string>(`auth/sessions/${sessionId}`, { method: 'DELETE', auth: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
