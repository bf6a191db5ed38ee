import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_MESSAGES } from '../../../contract/alerts-labels';
import { badRequest } from '../../platform/errors';

/**
 * What a signed link lets its holder do: confirm one sign-up ('c'), end one subscription ('u'), end
 * every subscription of an address ('a'), or see and manage them all ('m'). Each kind is signed apart,
 * so an unsubscribe link can never be turned into the page that lists an address's searches.
 */
export type TokenKind = 'c' | 'u' | 'a' | 'm';

export type ReadToken = { kind: 'c' | 'u'; subscriptionId: number } | { kind: 'a' | 'm'; email: string };

const FORM = /^([cuam])\.([A-Za-z0-9_-]{1,500})\.([A-Za-z0-9_-]{32})$/;

/**
 * Links in the alerts' e-mails carry "<kind>.<subject>.<HMAC>": the subject is a subscription's id or
 * the address (base64url); the HMAC (SHA-256, keyed with the server's secret, 192 bits kept) proves the
 * server wrote it. They do not expire: an unsubscribe link must keep working for as long as the mail
 * is read (RFC 8058), and what they open ends with the subscription (deleted or ended).
 */
export class AlertLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  private mac(kind: TokenKind, subject: string): string {
    return createHmac('sha256', `alerts:${this.secret}`)
      .update(`${kind}.${subject}`)
      .digest('base64url')
      .slice(0, 32);
  }

  private sign(kind: TokenKind, subject: string): string {
    return `${kind}.${subject}.${this.mac(kind, subject)}`;
  }

  subscription(kind: 'c' | 'u', id: number): string {
    return this.sign(kind, String(id));
  }

  address(kind: 'a' | 'm', email: string): string {
    return this.sign(kind, Buffer.from(email, 'utf8').toString('base64url'));
  }

  /** The token's kind and subject when the server signed it; 400 otherwise (or when not one of `kinds`). */
  read(token: string, kinds: readonly TokenKind[]): ReadToken {
    const m = FORM.exec(token);
    if (!m) throw badRequest(ALERT_MESSAGES.badToken);
    const [, kind, subject, mac] = m as unknown as [string, TokenKind, string, string];
    const expected = Buffer.from(this.mac(kind, subject));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given) || !kinds.includes(kind))
      throw badRequest(ALERT_MESSAGES.badToken);
    if (kind === 'c' || kind === 'u') {
      const id = /^\d{1,10}$/.test(subject) ? Number(subject) : Number.NaN;
      if (!(id > 0 && id <= 2_147_483_647)) throw badRequest(ALERT_MESSAGES.badToken);
      return { kind, subscriptionId: id };
    }
    return { kind, email: Buffer.from(subject, 'base64url').toString('utf8') };
  }

  confirmUrl(id: number): string {
    return `${this.publicUrl}/alerts/confirm?token=${this.subscription('c', id)}`;
  }

  /** The landing page that asks before ending (what a person clicks in the mail). */
  unsubscribePage(token: string): string {
    return `${this.publicUrl}/alerts/unsubscribe?token=${token}`;
  }

  /** The one-click address of List-Unsubscribe (RFC 8058: a POST ends at once, a GET shows the page). */
  oneClick(token: string): string {
    return `${this.publicUrl}/api/alerts/unsubscribe?token=${token}`;
  }

  manageUrl(email: string): string {
    return `${this.publicUrl}/alerts/manage?token=${this.address('m', email)}`;
  }

  absolute(path: string): string {
    return /^https?:\/\//i.test(path) ? path : `${this.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  }
}
