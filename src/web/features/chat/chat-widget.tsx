import { Bot } from 'lucide-react';
import {
  Component,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { MessengerIcon, ZaloIcon } from '../../components/social-icons';
import { cx } from '../../lib/cx';
import { useWebConfig } from '../../lib/web-config';
import { CHAT_HANDOFF_EVENT, takeHandoff } from './handoff';

/**
 * The chat cluster on every public page: Messenger and Zalo links from the web configuration
 * (each hidden while empty) and the AI chat toggle. This file is in every visitor's first download: the panel,
 * the conversation store and the contract's chat code load on the first open (or on hover / focus of the toggle).
 */
const loadPanel = () => import('./chat-panel');
const ChatPanel = lazy(loadPanel);

/**
 * The panel's code could not be fetched (offline, or a new release replaced the files): the page keeps working and
 * the toggle says so; the next click reloads the page, which fetches the current files.
 */
class PanelBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const round =
  'inline-flex shrink-0 items-center justify-center rounded-full shadow-lg transition-transform ' +
  'hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 motion-reduce:transition-none';

function PanelLoading() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white sm:inset-auto sm:right-5 sm:bottom-5 sm:h-[min(640px,calc(100dvh-2.5rem))] sm:w-[400px] sm:rounded-2xl sm:shadow-2xl sm:ring-1 sm:ring-slate-900/10"
      role="status"
    >
      <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" />
      <span className="sr-only">Đang tải xuống...</span>
    </div>
  );
}

export function ChatWidget() {
  const { data: config } = useWebConfig();
  const { pathname } = useLocation();
  const onChatPage = /^\/chatbot\/?$/.test(pathname);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [broken, setBroken] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const onChatPageNow = useRef(onChatPage);
  onChatPageNow.current = onChatPage;

  const show = useCallback(() => {
    setLoaded(true);
    setOpen(true);
  }, []);
  const onBroken = useCallback(() => {
    setBroken(true);
    setOpen(false);
  }, []);
  const hide = useCallback(() => {
    setOpen(false);
    requestAnimationFrame(() => toggle.current?.focus({ preventScroll: true }));
  }, []);

  // The /chatbot page shows the same conversation full size: no panel over it.
  useEffect(() => {
    if (onChatPage) setOpen(false);
  }, [onChatPage]);

  // A car handed over by a car page: open the panel and ask about it; also one stored before this mount.
  useEffect(() => {
    const take = (detail?: unknown) => {
      const car = takeHandoff(detail);
      if (!car) return;
      if (!onChatPageNow.current) show();
      void import('./store').then((store) => store.handOff(car));
    };
    const onEvent = (e: Event) => take((e as CustomEvent<unknown>).detail);
    window.addEventListener(CHAT_HANDOFF_EVENT, onEvent);
    take();
    return () => window.removeEventListener(CHAT_HANDOFF_EVENT, onEvent);
  }, [show]);

  const messengerUrl = config?.messengerUrl?.trim();
  const zaloUrl = config?.zaloUrl?.trim();
  const preload = () => void loadPanel();

  return (
    <>
      {/* A landmark of its own, so the floating buttons are not content outside every landmark. */}
      <aside
        aria-label="Liên hệ nhanh"
        className={cx(
          open ? 'hidden' : 'flex',
          // The /chatbot page lists Messenger and Zalo itself; on a phone the icons would sit on the conversation.
          onChatPage && 'max-sm:hidden',
          'fixed right-3 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-40 flex-col items-center gap-2.5 sm:right-5 sm:bottom-5',
        )}
        data-testid="chat-cluster"
      >
        {messengerUrl ? (
          <a
            href={messengerUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Nhắn tin qua Messenger"
            title="Nhắn tin qua Messenger"
            className={cx(round, 'size-11 bg-white text-[#0084ff] ring-1 ring-slate-900/5')}
          >
            <MessengerIcon className="size-6" />
          </a>
        ) : null}
        {zaloUrl ? (
          <a
            href={zaloUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Nhắn tin qua Zalo"
            title="Nhắn tin qua Zalo"
            className={cx(round, 'size-11 bg-white text-[#0068ff] ring-1 ring-slate-900/5')}
          >
            <ZaloIcon className="size-7" />
          </a>
        ) : null}
        {onChatPage ? null : (
          <button
            ref={toggle}
            type="button"
            aria-label="Mở Chat với Trợ lý AI"
            title={broken ? 'Không tải được khung chat, bấm để tải lại trang' : 'Chat với Trợ lý AI'}
            aria-expanded={open}
            aria-controls={loaded ? panelId : undefined}
            onPointerEnter={preload}
            onFocus={preload}
            onTouchStart={preload}
            onClick={broken ? () => window.location.reload() : show}
            className={cx(round, 'size-14 bg-brand-600 text-white ring-4 ring-white hover:bg-brand-700')}
          >
            <Bot className="size-7" aria-hidden="true" />
          </button>
        )}
      </aside>
      {loaded ? (
        <PanelBoundary onError={onBroken}>
          <Suspense fallback={open ? <PanelLoading /> : null}>
            <ChatPanel id={panelId} open={open && !onChatPage} onClose={hide} />
          </Suspense>
        </PanelBoundary>
      ) : null}
    </>
  );
}
