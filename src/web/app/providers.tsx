import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/**
 * The toast host loads with the visitor's first interaction (or at once in the dashboard), not with the
 * page: a public page that never shows a toast does not download the toast library. A toast raised
 * before the host is up is not lost: the host shows every active toast when it subscribes.
 */
function LazyToaster() {
  const [armed, setArmed] = useState(
    () =>
      typeof window !== 'undefined' && /^\/(dashboard|login|reset-password)/.test(window.location.pathname),
  );
  useEffect(() => {
    if (armed) return;
    const arm = () => setArmed(true);
    const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
    for (const e of events) window.addEventListener(e, arm, { capture: true, once: true, passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, arm, { capture: true });
    };
  }, [armed]);
  if (!armed) return null;
  return (
    <Suspense fallback={null}>
      {/* Toasts: 3 s, below the top bar, so a lasting one (a new lead) never covers the bell or the menu. */}
      <Toaster
        position="top-right"
        duration={3000}
        offset={{ top: 72, right: 8 }}
        mobileOffset={{ top: 72, right: 8, left: 8 }}
        richColors
        closeButton
      />
    </Suspense>
  );
}

/** `client`: the server renderer passes one per page; the browser uses the shared one. */
export function Providers({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
