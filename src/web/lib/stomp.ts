import { NOTIFICATIONS_ENDPOINT, notificationTopic, STOMP_RECONNECT_DELAY_MS } from '@contract/notifications';
import { Client } from '@stomp/stompjs';
import { getToken } from './token';

/** ws://host/api/notifications (wss:// on an https page): the STOMP endpoint on the API base. */
export function notificationsBrokerUrl(loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${NOTIFICATIONS_ENDPOINT}`;
}

export interface NotificationStreamOptions {
  userId: number;
  /** Every MESSAGE body on /topic/notifications/{userId} (the notification as JSON text). */
  onMessage: (body: string) => void;
  /**
   * After each (re)connection, once the server has confirmed the subscription: a message published
   * before that moment (or while the socket was down) is only in the lists.
   */
  onConnect?: () => void;
}

/**
 * Keeps a STOMP 1.2 connection to the notifications endpoint, subscribed to the user's own topic
 *: the bearer token travels in the CONNECT frame, read afresh before every
 * attempt; reconnects every 5000 ms; connection failures and ERROR frames are silent. Returns the
 * function that closes it for good.
 */
export function openNotificationStream({
  userId,
  onMessage,
  onConnect,
}: NotificationStreamOptions): () => void {
  const client = new Client({
    brokerURL: notificationsBrokerUrl(),
    reconnectDelay: STOMP_RECONNECT_DELAY_MS,
    heartbeatIncoming: 10_000,
    heartbeatOutgoing: 10_000,
    debug: () => undefined,
    onStompError: () => undefined,
    onWebSocketError: () => undefined,
    onWebSocketClose: () => undefined,
  });
  client.beforeConnect = (c) => {
    const jwt = getToken();
    // Signed out in the meantime: stop trying rather than knocking with no token every 5 s.
    if (!jwt) {
      void c.deactivate();
      return;
    }
    c.connectHeaders = { Authorization: `Bearer ${jwt}` };
  };
  let attempt = 0;
  client.onConnect = () => {
    // The SUBSCRIBE is only in force once the server's RECEIPT comes back; refreshing the lists earlier
    // would leave a gap in which a notification is neither fetched nor pushed.
    const receipt = `sub-${userId}-${++attempt}`;
    client.watchForReceipt(receipt, () => onConnect?.());
    client.subscribe(
      notificationTopic(userId),
      (message) => {
        try {
          onMessage(message.body);
        } catch {
          // A listener's mistake must not end the subscription.
        }
      },
      { receipt },
    );
  };
  try {
    client.activate();
  } catch {
    // No WebSocket in this browser: the bell still works from the REST lists.
  }
  return () => {
    void client.deactivate().catch(() => undefined);
  };
}
