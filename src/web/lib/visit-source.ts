import { CONTROL_CHARS, HOST_NAME } from '@contract/patterns';
import { VISIT_LANDING_KEY } from './visit-landing';

/**
 * The source of this visit as every public lead form sends it (`source`): the campaign's utm_source and
 * utm_campaign and the referring site's host name (our own site is no referrer), from what the first
 * script noted on the landing page (visit-landing.ts), cleaned here as the contract accepts them.
 */
export interface VisitSource {
  utmSource?: string;
  utmCampaign?: string;
  referrer?: string;
}

/** A campaign value as the contract accepts it: trimmed, no control characters, 100 characters at most. */
function clean(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const v = value.replace(new RegExp(CONTROL_CHARS.source, 'g'), '').trim().slice(0, 100).trim();
  return v || undefined;
}

function referrer(host: unknown, ownHost: unknown): string | undefined {
  if (typeof host !== 'string' || !host) return undefined;
  const h = host.toLowerCase();
  const own = typeof ownHost === 'string' ? ownHost.toLowerCase() : '';
  return h !== own && HOST_NAME.test(h) ? h : undefined;
}

/** The source noted for this session, or undefined when none was. */
export function visitSource(): VisitSource | undefined {
  try {
    const raw = sessionStorage.getItem(VISIT_LANDING_KEY);
    if (!raw) return undefined;
    const v = JSON.parse(raw) as Record<string, unknown>;
    const out: VisitSource = {};
    const utmSource = clean(v.utmSource);
    const utmCampaign = clean(v.utmCampaign);
    const from = referrer(v.referrerHost, v.ownHost);
    if (utmSource) out.utmSource = utmSource;
    if (utmCampaign) out.utmCampaign = utmCampaign;
    if (from) out.referrer = from;
    return out;
  } catch {
    return undefined;
  }
}
