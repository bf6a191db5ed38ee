/**
 * The top bar's notification bell, composed from features/notifications: unread badge, dropdown of at
 * most 10, 'No new notifications' when empty, STOMP updates with a toast. Props: userId.
 */
export { NotificationBell } from '../features/notifications/components/notification-bell';
