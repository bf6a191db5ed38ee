/** A v4 UUID: crypto.randomUUID where the page is a secure context, getRandomValues elsewhere (plain http). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One idempotency key per submission: sending the same body again (a double tap, a retry after a lost
 * answer) reuses the key, so the server makes one record; once the body changes it is another request
 * and gets a fresh key (the server answers 422 to a key sent again with another body).
 */
export class RequestKey {
  private sent: string | null = null;
  private key = newRequestId();

  for(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.sent !== null && this.sent !== text) this.key = newRequestId();
    this.sent = text;
    return this.key;
  }
}
