import { CHAT_RESET_TOOLTIP, CHAT_TITLE } from '@contract/chat';
import { Maximize2, RotateCcw, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { cx } from '../../lib/cx';
import { BotAvatar, ChatThread } from './chat-thread';
import { reset } from './store';

const headerButton =
  'size-11 shrink-0 items-center justify-center rounded-lg text-white/90 transition-colors ' +
  'hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white';

const phone = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 639px)').matches;

/**
 * The widget's panel (loaded on first open): full screen on phones, a card above the bottom-right corner
 * from 640 px up. Kept mounted once opened, so the scroll position and a half-typed question survive closing.
 */
export default function ChatPanel({ id, open, onClose }: { id: string; open: boolean; onClose: () => void }) {
  const titleId = useId();
  const self = useRef<HTMLElement>(null);

  // Focus moves into the panel when it opens (the text box itself where no on-screen keyboard pops up),
  // so Escape and the keyboard reach it.
  useEffect(() => {
    if (open && !self.current?.contains(document.activeElement)) self.current?.focus({ preventScroll: true });
  }, [open]);

  return (
    <section
      ref={self}
      tabIndex={-1}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      data-testid="chat-panel"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
      className={cx(
        open ? 'flex' : 'hidden',
        'fixed inset-0 z-50 flex-col overflow-hidden bg-white outline-none motion-safe:animate-fade-in',
        'sm:inset-auto sm:right-5 sm:bottom-5 sm:h-[min(640px,calc(100dvh-2.5rem))] sm:w-[400px]',
        'sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-900/10',
      )}
    >
      {/* Not a <header>: inside a dialog it would be a second banner of the page. */}
      <div className="flex items-center gap-2 bg-brand-600 py-1.5 pr-1.5 pl-3 pt-[max(0.375rem,env(safe-area-inset-top))] text-white">
        <BotAvatar className="bg-white ring-white/30" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base leading-tight font-semibold">
            {CHAT_TITLE}
          </h2>
          <p className="truncate text-xs text-white/80">Trả lời theo kho xe thực tế</p>
        </div>
        <Link
          to="/chatbot"
          className={cx(headerButton, 'hidden sm:inline-flex')}
          aria-label="Mở trang Tư vấn AI"
          title="Mở trang Tư vấn AI"
          onClick={onClose}
        >
          <Maximize2 className="size-[18px]" aria-hidden="true" />
        </Link>
        <button
          type="button"
          className={cx(headerButton, 'inline-flex')}
          aria-label={CHAT_RESET_TOOLTIP}
          title={CHAT_RESET_TOOLTIP}
          onClick={() => reset()}
        >
          <RotateCcw className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={cx(headerButton, 'inline-flex')}
          aria-label="Đóng"
          title="Đóng"
          onClick={onClose}
        >
          <X className="size-6" aria-hidden="true" />
        </button>
      </div>
      <ChatThread
        visible={open}
        onNavigate={() => {
          // On a phone the panel covers the page the link leads to.
          if (phone()) onClose();
        }}
        className="pb-[env(safe-area-inset-bottom)]"
      />
    </section>
  );
}
