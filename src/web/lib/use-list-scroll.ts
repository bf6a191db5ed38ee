import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Back to a list restores the exact scroll position even when its data comes after the page: React
 * Router's ScrollRestoration scrolls as soon as the route renders, which is too early when the list
 * is still loading (Back after the car page was reloaded: the query cache is new, the page is short
 * while it loads, and the position is lost). The list remembers where the visitor was, per history
 * entry, and scrolls there once `ready` (its data is on screen), on a Back / Forward only.
 */
export function useListScrollRestore(ready: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const storageKey = `list-scroll:${location.key}:${location.pathname}${location.search}`;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      try {
        sessionStorage.setItem(storageKey, String(Math.round(window.scrollY)));
      } catch {
        // Storage full or refused: Back then lands where the router puts it.
      }
    };
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(save, 80);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [storageKey]);

  const done = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!ready || done.current === storageKey) return;
    done.current = storageKey;
    if (navigationType !== 'POP') return;
    let saved: number;
    try {
      saved = Number(sessionStorage.getItem(storageKey));
    } catch {
      return;
    }
    if (saved > 0) window.scrollTo(0, saved);
  }, [ready, storageKey, navigationType]);
}
