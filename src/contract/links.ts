/** Which links staff may put on a banner or a button, without zod (the home page imports these). */

/**
 * A path on our own site: one leading slash, then no second slash or backslash right after it (browsers
 * read `//host` and `/\\host` as another site), no backslash, whitespace or control character anywhere.
 */
export function isInternalLink(v: string): boolean {
  return /^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(v);
}

/** A full http(s) address with a host, opened in a new tab with noopener. */
export function isExternalLink(v: string): boolean {
  return /^https?:\/\/[^\s/\\?#@]+(?:[/?#][^\s\\]*)?$/i.test(v);
}
