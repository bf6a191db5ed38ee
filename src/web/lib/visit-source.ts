import { CONTROL_CHARS, HOST_NAME } from '@contract/patterns';

/**
 * Where this visit came from, read once on the first page of the tab's session (the first script that
 * runs, before any link is followed) and kept in sessionStorage: the campaign's utm_source and
 * utm_campaign, and the referring site's host name (our own site is no referrer). Every public lead
 * form sends it as `source`. Zod-free: it runs in every visitor's first script.
 */
export const VISIT_SOURCE_KEY = 'visit-source';

export interface VisitSource {
  utmSource?: string;
  utmCampaign?: string;
  referrer?: string;
}

/** A campaign value as the contract accepts it: trimmed, no control characters, 100 characters at most. */
function clean(value: string | null): string | undefined {
  if (!value) return undefined;
  const v = value.replace(new RegExp(CONTROL_CHARS.source, 'g'), '').trim().slice(0, 100).trim();
  return v || undefined;
}

function referrerHost(referrer: string, ownHost: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const host = new URL(referrer).hostname.toLowerCase();
    return host && host !== ownHost.toLowerCase() && HOST_NAME.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the landing page's source, once per session (later pages keep the first). */
export function captureVisitSource(): void {
  try {
    if (sessionStorage.getItem(VISIT_SOURCE_KEY) !== null) return;
    const params = new URLSearchParams(location.search);
    const source: VisitSource = {};
    const utmSource = clean(params.get('utm_source'));
    const utmCampaign = clean(params.get('utm_campaign'));
    const referrer = referrerHost(document.referrer, location.hostname);
    if (utmSource) source.utmSource = utmSource;
    if (utmCampaign) source.utmCampaign = utmCampaign;
    if (referrer) source.referrer = referrer;
    sessionStorage.setItem(VISIT_SOURCE_KEY, JSON.stringify(source));
  } catch {
    // Storage unavailable (private mode): the lead is sent without a source.
  }
}

/** The source kept for this session, as the lead forms send it. */
export function visitSource(): VisitSource | undefined {
  try {
    const raw = sessionStorage.getItem(VISIT_SOURCE_KEY);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out: VisitSource = {};
    for (const key of ['utmSource', 'utmCampaign', 'referrer'] as const) {
      if (typeof v[key] === 'string' && v[key]) out[key] = v[key] as string;
    }
    return out;
  } catch {
    return undefined;
  }
}
