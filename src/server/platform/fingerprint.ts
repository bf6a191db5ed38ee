import { createHash } from 'node:crypto';

/** Fields that never tell two submissions apart: the retry key itself and the robots' trap. */
const NOT_CONTENT = new Set(['clientRequestId', 'website']);

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * What a validated request body says, as a digest: a retry of one submission (the same key) carries
 * the same body, so a key sent again with another digest is another request reusing the key. Read
 * after validation, so "0912 345 678" and "+84912345678" are one phone.
 */
export function requestFingerprint(body: Record<string, unknown>): string {
  const content = Object.fromEntries(Object.entries(body).filter(([k]) => !NOT_CONTENT.has(k)));
  return createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('base64url');
}
