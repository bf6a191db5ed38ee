import { Bell } from 'lucide-react';

/**
 * The top bar's notification bell. A placeholder: features/notifications replaces the body (unread
 * badge, dropdown of at most 10, 'No new notifications' when empty, STOMP updates). Props: userId.
 */
export function NotificationBell({ userId }: { userId: number }) {
  return (
    <button
      type="button"
      data-user-id={userId}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      aria-label="Thông báo"
      title="Thông báo"
    >
      <Bell className="size-5" aria-hidden="true" />
    </button>
  );
}
