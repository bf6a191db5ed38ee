/**
 * The text rules of mail a visitor can cause: the mailbox a cap counts, and the one piece of visitor text
 * such a mail may carry (the name), made safe. A stranger may type anyone's address into a public form,
 * so what they typed must not become a message from the showroom to that person.
 */

/** How a mail greets someone whose name cannot be shown. */
export const GENERIC_GREETING = 'Quý khách';

const NAME_MAX_CHARS = 50;
const NAME_MAX_WORDS = 7;
/** Letters (any script, with their marks), spaces, and the dot of an initial, an apostrophe, a hyphen. */
const NAME = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** Control, format (direction overrides, zero-width) and line or paragraph separator characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/**
 * The name as a mail may show it, or "Quý khách": only letters and the few signs names use, at most
 * 7 words and 50 characters. A name with a line break, a link or a domain ("evil.example"), digits (a
 * number to call), an address or markup is not a name, and none of it reaches the recipient.
 */
export function greetingName(raw: string | null | undefined): string {
  if (!raw || INVISIBLE.test(raw)) return GENERIC_GREETING;
  const name = raw.normalize('NFC').replace(/ +/g, ' ').trim();
  if (!name || name.length > NAME_MAX_CHARS || !NAME.test(name)) return GENERIC_GREETING;
  if (/\p{L}\.\p{L}/u.test(name) || name.split(' ').length > NAME_MAX_WORDS) return GENERIC_GREETING;
  return name;
}

/**
 * One line of text someone typed, for a text part or a header: line breaks and runs of white space
 * become one space, control and direction characters go, and it is cut to `max` characters.
 */
export function plainLine(raw: string, max: number): string {
  const line = raw
    .normalize('NFC')
    .replace(/[\s\u2028\u2029]+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Text inside HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * The mailbox an address delivers to, for counting: lower case, without white space around it, without
 * a "+tag" (sub-addressing, which Gmail, Outlook, iCloud, Fastmail and most servers deliver to the
 * mailbox before it: counting a rare server that does not as one mailbox only makes its cap stricter),
 * and for Gmail without dots (Gmail ignores them) and with googlemail.com read as gmail.com.
 */
export function mailboxOf(address: string): string {
  const lower = address.normalize('NFC').trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1).replace(/\.$/, '');
  local = local.split('+')[0] || local;
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}
