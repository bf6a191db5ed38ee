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
    if (saved > 0) holdScroll(saved);
  }, [ready, storageKey, navigationType]);
}

/**
 * Scrolls to `y` and keeps it there for about a second: what lays out late (photos, tiles rendered as
 * they near the screen, the browser's own restoration of a reloaded page) can move the page after the
 * jump. The visitor's own wheel, touch or key ends it at once.
 */
function holdScroll(y: number, frames = 60) {
  window.scrollTo(0, y);
  let left = frames;
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  for (const e of events) window.addEventListener(e, stop, { once: true, passive: true });
  const step = () => {
    if (stopped || left-- <= 0) {
      for (const e of events) window.removeEventListener(e, stop);
      return;
    }
    if (Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
