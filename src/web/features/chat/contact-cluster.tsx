import { Bot, CalendarCheck, Phone } from 'lucide-react';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { MessengerIcon, ZaloIcon } from '../../components/social-icons';
import { cx } from '../../lib/cx';
import type { PageAction } from '../../lib/page-action';

/**
 * Ways to reach the showroom on every public page. From `sm` up: round buttons floating at the bottom
 * right (Messenger, Zalo, the AI toggle). On a phone the same elements form a bar along the bottom edge,
 * with a call button first and the page's own action (a car's 'Đăng ký lái thử') when it has one, and a
 * spacer of the bar's height ends the page: floating buttons on a 360 px screen covered prices, time slots
 * and links, a bar only takes its own strip.
 */
export interface ContactClusterProps {
  phone?: string;
  messengerUrl?: string;
  zaloUrl?: string;
  /** The /chatbot page: no toggle (it is the chat), and no bar on a phone (it would sit on the input). */
  onChatPage: boolean;
  hidden: boolean;
  action: PageAction | null;
  broken: boolean;
  toggleRef: Ref<HTMLButtonElement>;
  expanded: boolean;
  controls?: string;
  onPreload: () => void;
  onOpen: () => void;
}

// Phone: an equal cell of the bar, icon over a short label. sm+: a round floating button.
const item =
  'flex min-h-14 min-w-11 flex-1 flex-col items-center justify-center gap-0.5 px-1 text-[11px] leading-tight font-medium text-slate-700 ' +
  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ' +
  'sm:min-h-0 sm:flex-none sm:shrink-0 sm:gap-0 sm:rounded-full sm:p-0 sm:shadow-lg sm:transition-transform sm:hover:scale-105 sm:focus-visible:outline-offset-2 motion-reduce:transition-none';
const roundSmall = 'sm:size-11 sm:bg-white sm:ring-1 sm:ring-slate-900/5';
// The label shows on a phone only; from sm the button's aria-label names it.
const label = 'sm:sr-only';

export function ContactCluster(p: ContactClusterProps) {
  const tel = p.phone ? `tel:${p.phone.replace(/[^\d+]/g, '')}` : null;
  const bar = !p.onChatPage && !p.hidden;
  return (
    <>
      {/* A landmark of its own, so the contact buttons are not content outside every landmark (axe). */}
      <aside
        aria-label="Liên hệ nhanh"
        className={cx(
          p.hidden ? 'hidden' : 'flex',
          p.onChatPage && 'max-sm:hidden',
          'fixed inset-x-0 bottom-0 z-40 items-stretch border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_8px_rgb(15_23_42/0.06)] backdrop-blur',
          'sm:inset-x-auto sm:right-5 sm:bottom-5 sm:flex-col sm:items-center sm:gap-2.5 sm:border-0 sm:bg-transparent sm:pb-0 sm:shadow-none sm:backdrop-blur-none',
        )}
        data-testid="chat-cluster"
      >
        {tel ? (
          <a href={tel} aria-label={`Gọi ${p.phone}`} className={cx(item, 'text-brand-700 sm:hidden')}>
            <Phone className="size-5" aria-hidden="true" />
            <span>Gọi</span>
          </a>
        ) : null}
        {p.messengerUrl && !p.action ? (
          <a
            href={p.messengerUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Nhắn tin qua Messenger"
            title="Nhắn tin qua Messenger"
            className={cx(item, roundSmall, 'sm:text-[#0084ff]')}
          >
            <MessengerIcon className="size-6 text-[#0084ff]" />
            <span className={label}>Messenger</span>
          </a>
        ) : null}
        {p.zaloUrl ? (
          <a
            href={p.zaloUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Nhắn tin qua Zalo"
            title="Nhắn tin qua Zalo"
            className={cx(item, roundSmall)}
          >
            {/* The icon itself reads "Zalo": a second word under it would make the visible text
                "Zalo Zalo", which the link's name does not contain (axe: label-content-name-mismatch). */}
            <ZaloIcon className="size-6 text-[#0068ff] sm:size-7" />
          </a>
        ) : null}
        {p.action ? (
          <Link
            to={p.action.to}
            className="m-1.5 flex min-h-11 flex-[2.2] items-center justify-center gap-1.5 rounded-xl bg-brand-600 px-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:hidden"
          >
            <CalendarCheck className="size-5 shrink-0" aria-hidden="true" />
            {p.action.label}
          </Link>
        ) : null}
        {p.onChatPage ? null : (
          <button
            ref={p.toggleRef}
            type="button"
            aria-label="Mở Chat với Trợ lý AI"
            title={p.broken ? 'Không tải được khung chat, bấm để tải lại trang' : 'Chat với Trợ lý AI'}
            aria-expanded={p.expanded}
            aria-controls={p.controls}
            onPointerEnter={p.onPreload}
            onFocus={p.onPreload}
            onTouchStart={p.onPreload}
            onClick={p.broken ? () => window.location.reload() : p.onOpen}
            className={cx(
              item,
              'text-brand-700 sm:size-14 sm:bg-brand-600 sm:text-white sm:ring-4 sm:ring-white sm:hover:bg-brand-700',
            )}
          >
            <Bot className="size-6 sm:size-7" aria-hidden="true" />
            {/* Visible words that are part of the button's name "Mở Chat với Trợ lý AI". */}
            <span className={label}>{p.action ? 'AI' : 'Trợ lý AI'}</span>
          </button>
        )}
      </aside>
      {bar ? (
        <div className="h-[calc(3.5rem+1px+env(safe-area-inset-bottom))] sm:hidden" aria-hidden="true" />
      ) : null}
    </>
  );
}
