import { NOTIFICATIONS_SHOWN, type NotificationView } from '@contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Cached lists of one user's bell; mark-as-read, send and every real-time message refresh them. */
export const notificationKeys = {
  all: ['notifications'] as const,
  user: (userId: number) => ['notifications', userId] as const,
  unread: (userId: number) => ['notifications', userId, 'unread'] as const,
  latest: (userId: number) => ['notifications', userId, 'all'] as const,
};

/** GET notifications/unread/{userId}: the badge counts them. */
export function useUnreadNotifications(userId: number) {
  return useQuery({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) =>
      api<NotificationView[]>(`notifications/unread/${userId}`, { auth: true, signal }),
    staleTime: 60_000,
  });
}

/** GET notifications/all/{userId}, newest first: the dropdown shows at most the first 10. */
export function useLatestNotifications(userId: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.latest(userId),
    queryFn: ({ signal }) =>
      api<NotificationView[]>(`notifications/all/${userId}`, {
        auth: true,
        query: { limit: NOTIFICATIONS_SHOWN },
        signal,
      }),
    select: (list) => list.slice(0, NOTIFICATIONS_SHOWN),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * POST notifications/markAsRead/{id}. The badge drops at once (one less, never below 0) and the item
 * reads as read; a failure is ignored silently and the lists are fetched again.
 */
export function useMarkAsRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<NotificationView>(`notifications/markAsRead/${id}`, { method: 'POST', auth: true }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.user(userId) });
      queryClient.setQueryData<NotificationView[]>(notificationKeys.unread(userId), (list) =>
        list ? list.filter((n) => n.notificationId !== id) : list,
      );
      queryClient.setQueryData<NotificationView[]>(notificationKeys.latest(userId), (list) =>
        list?.map((n) => (n.notificationId === id ? { ...n, read: true } : n)),
      );
    },
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) }),
  });
}

/** POST notifications/markAllAsRead/{userId}: empties the badge. */
export function useMarkAllAsRead(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ updated: number }>(`notifications/markAllAsRead/${userId}`, { method: 'POST', auth: true }),
    onMutate: () => {
      queryClient.setQueryData<NotificationView[]>(notificationKeys.unread(userId), (list) =>
        list ? [] : list,
      );
      queryClient.setQueryData<NotificationView[]>(notificationKeys.latest(userId), (list) =>
        list?.map((n) => ({ ...n, read: true })),
      );
    },
    onError: () => undefined,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) }),
  });
}

/** The notification inside a STOMP MESSAGE body, or null when it is not one. */
export function parseNotification(body: string): NotificationView | null {
  try {
    const value = JSON.parse(body) as Partial<NotificationView> | null;
    if (value && typeof value.message === 'string' && typeof value.notificationId === 'number')
      return value as NotificationView;
  } catch {
    // not JSON
  }
  return null;
}
