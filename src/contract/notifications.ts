import { z } from 'zod';
import { idParam, requiredText } from './common';

/**
 * Staff notifications: the bell of the dashboard, over REST and in real time
 * through STOMP 1.2 on the WebSocket endpoint `/api/notifications`.
 */
export const notificationViewSchema = z.object({
  notificationId: z.number(),
  userId: z.number(),
  message: z.string(),
  /** A dashboard path to open when clicked (e.g. /dashboard/testdriveManagement?id=12), or null. */
  link: z.string().nullable(),
  /** ISO 8601, UTC; shown with formatNotificationTime in Asia/Ho_Chi_Minh. */
  timestamp: z.string(),
  read: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationUserParam = z.object({ userId: idParam.shape.id });

export const notificationSendBody = z.object({
  message: requiredText('Nội dung thông báo', 500),
});
export type NotificationSendBody = z.input<typeof notificationSendBody>;

/** GET all/{userId}: newest first, at most `limit` (default 50). */
export const notificationListQuery = z.object({
  limit: z.coerce
    .number({ message: 'Số lượng không hợp lệ' })
    .int({ message: 'Số lượng không hợp lệ' })
    .min(1, { message: 'Số lượng không hợp lệ' })
    .max(200, { message: 'Số lượng tối đa là 200' })
    .default(50),
});

/** The dropdown shows at most this many. */
export const NOTIFICATIONS_SHOWN = 10;
export const NO_NOTIFICATIONS_TEXT = 'No new notifications';

/** The STOMP endpoint (relative to the API base) and the topic a user subscribes to. */
export const NOTIFICATIONS_ENDPOINT = '/api/notifications';
export const notificationTopic = (userId: number) => `/topic/notifications/${userId}`;
export const STOMP_RECONNECT_DELAY_MS = 5000;
