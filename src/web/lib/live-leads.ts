/**
 * The dashboard's news of a lead that just arrived, passed from the notification stream to whatever
 * lead list is on screen without one feature importing the other: the stream calls `announceLink` with
 * each notification's link, a list listens with `onLeadArrived`.
 */
const EVENT = 'showroom:lead-arrived';

export interface LeadArrival {
  /** The management page the lead belongs to (the link's path), e.g. /dashboard/testdriveManagement. */
  path: string;
  leadId: number;
}

/** A notification's link names a lead when it is a dashboard path with `?id=`. */
export function leadArrivalFromLink(link: string | null): LeadArrival | null {
  if (!link?.startsWith('/dashboard/')) return null;
  const url = new URL(link, 'http://local');
  const leadId = Number(url.searchParams.get('id'));
  return Number.isInteger(leadId) && leadId > 0 ? { path: url.pathname, leadId } : null;
}

export function announceLink(link: string | null): void {
  const arrival = leadArrivalFromLink(link);
  if (arrival) window.dispatchEvent(new CustomEvent<LeadArrival>(EVENT, { detail: arrival }));
}

/** Calls `listener` for each lead announced from now on; returns the function that stops listening. */
export function onLeadArrived(listener: (arrival: LeadArrival) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<LeadArrival>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
