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
import { usePageAction } from '../../lib/page-action';
import { useWebConfig } from '../../lib/web-config';
import { ContactCluster } from './contact-cluster';
import { CHAT_HANDOFF_EVENT, takeHandoff } from './handoff';

/**
 * The contact cluster on every public page (contact-cluster.tsx: call, Messenger and Zalo from the web
 * configuration, each hidden while empty, and the AI chat toggle). This file is in every visitor's first download: the panel,
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
  const action = usePageAction();
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
      <ContactCluster
        phone={config?.showroomPhone?.trim() || undefined}
        messengerUrl={messengerUrl}
        zaloUrl={zaloUrl}
        onChatPage={onChatPage}
        hidden={open}
        action={onChatPage ? null : action}
        broken={broken}
        toggleRef={toggle}
        expanded={open}
        controls={loaded ? panelId : undefined}
        onPreload={preload}
        onOpen={show}
      />
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
