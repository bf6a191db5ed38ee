import { useEffect, useSyncExternalStore } from 'react';

/**
 * The page's main action for the phone contact bar (features/chat/chat-widget.tsx): a car page offers
 * 'Đăng ký lái thử' there, beside call and Zalo. A page sets it while it shows; the bar reads it.
 */
export interface PageAction {
  label: string;
  to: string;
}

let current: PageAction | null = null;
const listeners = new Set<() => void>();

function set(action: PageAction | null) {
  current = action;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offers `action` in the phone bar while the calling page is mounted. */
export function useOfferPageAction(action: PageAction | null) {
  const label = action?.label;
  const to = action?.to;
  useEffect(() => {
    if (!label || !to) return;
    set({ label, to });
    return () => set(null);
  }, [label, to]);
}

/** The action the current page offers, if any (none during the server's render). */
export function usePageAction(): PageAction | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
