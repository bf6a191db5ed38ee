import type { Page } from '@contract/common';
import type { Permission } from '@contract/permissions';
import type { PermissionInfo, UserView } from '@contract/users';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { useActiveToggle } from '../../lib/mutations';
import { MY_INFO_KEY } from '../../lib/session';

export const USERS_KEY = ['users'] as const;

/** GET users?search&page&size (page 1-based, size 5 by default). */
export function useUsers(q: { page: number; size: number; search: string }) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', q],
    queryFn: ({ signal }) => api<Page<UserView>>('users', { auth: true, query: q, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(id: number | null) {
  return useQuery({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: ({ signal }) => api<UserView>(`users/${id}`, { auth: true, signal }),
    enabled: id !== null,
  });
}

/** GET permissions/all: the seven permissions with their Vietnamese labels. */
export function useAllPermissions() {
  return useQuery({
    queryKey: ['permissions', 'all'],
    queryFn: ({ signal }) => api<PermissionInfo[]>('permissions/all', { auth: true, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET users/generateUsername?fullname= (text). */
export function suggestUsername(fullname: string, signal?: AbortSignal) {
  return api<string>('users/generateUsername', { auth: true, query: { fullname }, signal });
}

/** PUT users/activate/{id} or DELETE users/{id} (deactivate). */
export function useSetActive() {
  return useActiveToggle<string>(USERS_KEY, (id, active) =>
    active ? { path: `users/activate/${id}`, method: 'PUT' } : { path: `users/${id}`, method: 'DELETE' },
  );
}

export interface UserPayload {
  fullName: string;
  username?: string;
  email: string;
  phone?: string;
  role: UserView['role'];
  permissions: Permission[];
  receivesLeads: boolean;
}

/**
 * Add: POST users/addUser (permissions and "nhận yêu cầu" in the body). Edit: PUT users/{id}, then PUT
 * permissions/{id}, then PUT users/{id}/receives-leads (after the permissions it depends on).
 */
export function useSaveUser(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (p: UserPayload): Promise<UserView> => {
      if (id === null) return api<UserView>('users/addUser', { method: 'POST', auth: true, body: p });
      const { permissions, receivesLeads, username: _u, ...body } = p;
      await api<UserView>(`users/${id}`, { method: 'PUT', auth: true, body });
      await api(`permissions/${id}`, { method: 'PUT', auth: true, body: permissions });
      await api(`users/${id}/receives-leads`, { method: 'PUT', auth: true, body: { receivesLeads } });
      return api<UserView>(`users/${id}`, { auth: true });
    },
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: USERS_KEY });
      queryClient.invalidateQueries({ queryKey: MY_INFO_KEY });
    },
  });
}

/** POST users/{id}/reset-password: the account's owner is mailed a code to choose a new password. */
export function useSendReset(id: number | null) {
  return useMutation({
    mutationFn: () => api<string>(`users/${id}/reset-password`, { method: 'POST', auth: true }),
  });
}
