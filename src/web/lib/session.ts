import type { MyInfo } from '@contract/auth';
import { hasPermission, type Permission } from '@contract/permissions';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';
import { clearToken, getToken } from './token';

/** Query key of the signed-in user (GET auth/my-info). Invalidate it after changing one's own info. */
export const MY_INFO_KEY = ['auth', 'my-info'] as const;

/**
 * The signed-in staff member, shared by the dashboard layout, its guard and every dashboard page.
 * `data` is undefined while loading and when signed out; a 401 is not retried.
 */
export function useMyInfo() {
  return useQuery({
    queryKey: MY_INFO_KEY,
    queryFn: ({ signal }) => api<MyInfo>('auth/my-info', { auth: true, signal }),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.kind === 'http' && err.status < 500) && count < 1,
  });
}

/** `can('MANAGE_BLOG')`: ADMIN may do everything; while the user is unknown, nothing is allowed. */
export function useCan() {
  const { data } = useMyInfo();
  return (permission: Permission) => hasPermission(data, permission);
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

/**
 * POST auth/logout, then drop every cached answer, the token and its cookie. A 401 means the session
 * is already gone, which is a successful logout too; any other failure is thrown for the caller's toast.
 */
export async function logout(queryClient: QueryClient): Promise<void> {
  try {
    await api('auth/logout', { method: 'POST', auth: true });
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) throw err;
  }
  queryClient.clear();
  clearToken();
}
