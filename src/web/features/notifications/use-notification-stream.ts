import type { NotificationView } from '@contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { announceLink } from '../../lib/live-leads';
import { openNotificationStream } from '../../lib/stomp';
import { notificationKeys, parseNotification } from './api';

/**
 * Listens on the user's STOMP topic while mounted. Each message refreshes the cached lists (badge and
 * dropdown) and is handed to `onNotification` (the toast); each (re)connection refreshes the lists too,
 * since a message sent before the subscription or while the socket was down is only in them. The spec's client ignored messages.
 */
export function useNotificationStream(userId: number, onNotification: (n: NotificationView) => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onNotification);
  latest.current = onNotification;

  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.user(userId) });
    return openNotificationStream({
      userId,
      onMessage: (body) => {
        const notification = parseNotification(body);
        if (notification) {
          // Show it in the lists at once; the refetch then brings the server's truth.
          queryClient.setQueryData<NotificationView[]>(notificationKeys.unread(userId), (list) =>
            list && !notification.read && !list.some((n) => n.notificationId === notification.notificationId)
              ? [notification, ...list]
              : list,
          );
          latest.current(notification);
          // An open lead list refreshes itself and marks the new row (lib/live-leads).
          announceLink(notification.link);
        }
        void refresh();
      },
      // Whatever arrived before the subscription (or while the socket was down) is only in the lists.
      onConnect: () => void refresh(),
    });
  }, [userId, queryClient]);
}
