import { formatNotificationTime } from '@contract/format';
import { NO_NOTIFICATIONS_TEXT, type NotificationView } from '@contract/notifications';
import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useLatestNotifications, useMarkAllAsRead, useMarkAsRead, useUnreadNotifications } from '../api';
import { useNotificationStream } from '../use-notification-stream';

/** How long a notification's toast stays unless closed (at least 8 s: people look away from the screen). */
const NOTIFICATION_TOAST_MS = 10_000;
const toastId = (n: NotificationView) => `notification-${n.notificationId}`;

/** Only paths inside this site are followed (a notification's link is a dashboard path). */
function internalLink(link: string | null): string | null {
  return link?.startsWith('/') && !link.startsWith('//') ? link : null;
}

function NotificationItem({
  item,
  onOpen,
}: {
  item: NotificationView;
  onOpen: (n: NotificationView) => void;
}) {
  // The spec's server could answer read as the string 'false'.
  const unread = item.read === false || (item.read as unknown) === 'false';
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(item)}
        data-notification-id={item.notificationId}
        data-unread={unread || undefined}
        className={cx(
          'flex min-h-11 w-full gap-3 rounded-lg px-3 py-2.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
          unread ? 'bg-brand-50/60 hover:bg-brand-50' : 'hover:bg-slate-50',
        )}
      >
        <span
          className={cx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span
            className={cx(
              'line-clamp-3 text-sm break-words',
              unread ? 'font-medium text-slate-900' : 'text-slate-600',
            )}
          >
            {item.message}
          </span>
          <span className="mt-1 block text-xs text-slate-500">{formatNotificationTime(item.timestamp)}</span>
          {unread ? <span className="sr-only">(chưa đọc)</span> : null}
        </span>
      </button>
    </li>
  );
}

/**
 * The dashboard's bell: unread badge when above 0; a dropdown that toggles, with
 * at most 10 notifications ('No new notifications' when empty) and their time in Vietnam; a click on an
 * unread one marks it read (badge minus one, never below 0; failure silent) and opens its lead. A STOMP
 * subscription refreshes the lists and shows a toast when a notification arrives.
 */
export function NotificationBell({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unread = useUnreadNotifications(userId);
  const latest = useLatestNotifications(userId);
  const markAsRead = useMarkAsRead(userId);
  const markAll = useMarkAllAsRead(userId);
  const count = Math.max(0, unread.data?.length ?? 0);

  const openItem = useCallback(
    (item: NotificationView) => {
      setOpen(false);
      toast.dismiss(toastId(item));
      if (item.read === false || (item.read as unknown) === 'false') markAsRead.mutate(item.notificationId);
      const to = internalLink(item.link);
      if (to) navigate(to);
    },
    [markAsRead, navigate],
  );

  useNotificationStream(userId, (item) => {
    const to = internalLink(item.link);
    toast.info(item.message, {
      description: formatNotificationTime(item.timestamp),
      id: toastId(item),
      // Long enough to read and act on (a new lead is work waiting); the bell keeps it anyway.
      duration: NOTIFICATION_TOAST_MS,
      action: to ? { label: 'Xem', onClick: () => openItem(item) } : undefined,
    });
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const items = latest.data ?? [];

  return (
    <div className="relative" ref={box}>
      <button
        ref={button}
        type="button"
        data-user-id={userId}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={panelId}
        aria-haspopup="true"
        aria-label={count > 0 ? `Thông báo: ${count} chưa đọc` : 'Thông báo'}
        title="Thông báo"
        className={cx(
          'relative inline-flex size-11 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {count > 0 ? (
          <span
            data-testid="notification-badge"
            className="absolute top-1 right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white tabular-nums"
            aria-hidden="true"
          >
            {count > 99 ? '99+' : count}
          </span>
        ) : null}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-label="Danh sách thông báo"
        className="fixed inset-x-2 top-[4.25rem] z-50 max-h-[calc(100dvh-5rem)] overflow-hidden rounded-xl border border-slate-200 bg-white shadow-xl motion-safe:animate-fade-in sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-[26rem]"
      >
        <div className="flex items-center justify-between gap-2 border-b border-slate-100 py-1 pr-1 pl-4">
          <h2 className="flex items-center gap-2 text-sm font-semibold whitespace-nowrap text-slate-900">
            Thông báo
            {count > 0 ? (
              <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
                {count} chưa đọc
              </span>
            ) : null}
          </h2>
          {count > 0 ? (
            <button
              type="button"
              onClick={() => markAll.mutate()}
              title="Đánh dấu tất cả đã đọc"
              aria-label="Đánh dấu tất cả đã đọc"
              className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg px-3 text-xs font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <CheckCheck className="size-4" aria-hidden="true" />
              Đọc tất cả
            </button>
          ) : (
            <span className="min-h-11" />
          )}
        </div>
        <div className="max-h-[min(28rem,calc(100dvh-9rem))] overflow-y-auto overscroll-contain p-1.5">
          {latest.isPending ? (
            <div className="space-y-3 p-3" aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <div key={i} className="space-y-1.5">
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-3 w-1/2" />
                </div>
              ))}
            </div>
          ) : latest.isError && items.length === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-slate-500">Không tải được thông báo.</p>
          ) : items.length === 0 ? (
            <div className="flex flex-col items-center gap-2 px-3 py-8 text-center text-sm text-slate-500">
              <BellOff className="size-6 text-slate-400" aria-hidden="true" />
              <p>{NO_NOTIFICATIONS_TEXT}</p>
            </div>
          ) : (
            <ul className="space-y-0.5">
              {items.map((item) => (
                <NotificationItem key={item.notificationId} item={item} onOpen={openItem} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </div>
  );
}
