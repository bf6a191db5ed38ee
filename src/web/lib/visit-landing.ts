/**
 * Where this visit came from, noted once on the first page of the tab's session (the first script that
 * runs, before any link is followed): the campaign's utm_source and utm_campaign and the referring host,
 * as they came. Nothing is checked here, so the first script imports nothing; lead forms read it through
 * visit-source.ts, which cleans it.
 */
export const VISIT_LANDING_KEY = 'visit-source';

export interface VisitLanding {
  utmSource: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  ownHost: string;
}

export function captureVisitLanding(): void {
  try {
    if (sessionStorage.getItem(VISIT_LANDING_KEY) !== null) return;
    const params = new URLSearchParams(location.search);
    let referrerHost: string | null = null;
    try {
      referrerHost = document.referrer ? new URL(document.referrer).hostname : null;
    } catch {
      // Not an address: no referrer.
    }
    const landing: VisitLanding = {
      utmSource: params.get('utm_source')?.slice(0, 200) ?? null,
      utmCampaign: params.get('utm_campaign')?.slice(0, 200) ?? null,
      referrerHost,
      ownHost: location.hostname,
    };
    sessionStorage.setItem(VISIT_LANDING_KEY, JSON.stringify(landing));
  } catch {
    // Storage unavailable (private mode): the lead is sent without a source.
  }
}
