import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Zalo's webhook signature: header `X-ZEvent-Signature: mac=<hex>` where the mac is
 * sha256(app_id + raw body + timestamp + OA secret key), app_id and timestamp read from the body.
 */
export function webhookMac(appId: string, rawBody: string, timestamp: string, secret: string): string {
  return createHash('sha256').update(`${appId}${rawBody}${timestamp}${secret}`).digest('hex');
}

export interface ZaloEvent {
  event_name?: string;
  app_id?: string;
  timestamp?: string | number;
  message?: { msg_id?: string; tracking_id?: string; delivery_time?: string | number };
}

/** The event when its signature is right, or null. */
export function verifiedEvent(
  rawBody: string,
  header: string | undefined,
  secret: string | null,
): ZaloEvent | null {
  if (!secret || !header) return null;
  let event: ZaloEvent;
  try {
    event = JSON.parse(rawBody) as ZaloEvent;
  } catch {
    return null;
  }
  if (!event || typeof event !== 'object') return null;
  const given = header.trim().replace(/^mac=/i, '');
  const want = webhookMac(String(event.app_id ?? ''), rawBody, String(event.timestamp ?? ''), secret);
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(want, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b) ? event : null;
}
