import { useSyncExternalStore } from 'react';

/**
 * Values only the browser knows, read so that a server-rendered page hydrates cleanly: during the
 * server's render and the hydration that matches it they are the server's value, and the browser's
 * value follows in the next render (useSyncExternalStore's server snapshot).
 */

const never = () => () => undefined;

/** The site's address ('https://...'); '' on the server. */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}

/** Whether a media query matches, following its changes; false on the server. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener('change', changed);
      return () => mq?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(query).matches === true,
    () => false,
  );
}
