import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { anonymousActor } from './actor';
import { writeAudit } from './audit';
import type { Mail, Mailer } from './mailer';
import { type CounterStore, RateLimiter } from './rate-limit';
import { mailboxOf } from './visitor-mail-text';

const DAY_MS = 86_400_000;

/** The mails a visitor can make the showroom send to the address they typed (labels: contract/audit-labels). */
export type VisitorMailKind =
  | 'reservation-created'
  | 'reservation-cancelled'
  | 'reservation-expired'
  | 'reservation-claimed'
  | 'booking-created'
  | 'booking-moved'
  | 'booking-cancelled'
  | 'booking-reminder'
  | 'alert-confirmation'
  | 'purchase-created';

/** The mails the showroom itself decides to send a customer (a person acted, money arrived, an owner opted in). */
export type ShowroomMailKind =
  | 'reservation-paid'
  | 'reservation-extended'
  | 'reservation-cancelled'
  | 'reservation-refunded'
  | 'reservation-sold'
  | 'booking-moved'
  | 'booking-cancelled'
  | 'purchase-offer'
  | 'alert-digest'
  | 'deal-transfer';

/**
 * Who made a mail to a customer happen. A visitor: their form or signed link, or the clock acting on
 * what they started (the unpaid reservation that expires, the booking's reminder), with the client IP
 * when it is known. The showroom: a staff member's action, a bank's transfer, a digest its owner confirmed.
 */
export type CustomerMail =
  | { by: 'visitor'; kind: VisitorMailKind; ip: string | null }
  | { by: 'showroom'; kind: ShowroomMailKind };

export const byVisitor = (kind: VisitorMailKind, ip: string | null): CustomerMail => ({
  by: 'visitor',
  kind,
  ip,
});
export const byShowroom = (kind: ShowroomMailKind): CustomerMail => ({ by: 'showroom', kind });

export interface VisitorMailLimits {
  /** Visitor mails one mailbox receives per day, all kinds together. */
  perAddressPerDay: number;
  /** Visitor mails one client IP causes per day, whatever the addresses. */
  perIpPerDay: number;
}

export interface CustomerMailerDeps {
  mailer: Mailer;
  counters: CounterStore;
  db: Db;
  log: FastifyBaseLogger;
  limits: VisitorMailLimits;
}

type Cap = { by: 'address' | 'ip'; key: string; limit: number };

/**
 * The one way mail reaches a customer. A mail a visitor caused counts against the day's cap of its
 * mailbox and of the visitor's IP, in the shared `rate_limits` table (every process on the database
 * counts together); over either cap it is not sent, and nothing else changes: the action it belongs to
 * has succeeded and answers as always, so the cap neither stops a customer nor tells a stranger
 * anything. A skip is logged each time and written to the audit log once per mailbox or IP and day.
 * Mail the showroom decides to send is never capped.
 */
export class CustomerMailer {
  private readonly perAddress: RateLimiter;
  private readonly perIp: RateLimiter;
  /** One audit entry per capped mailbox or IP and day: a flood writes one line, not thousands. */
  private readonly auditOnce: RateLimiter;

  constructor(private readonly deps: CustomerMailerDeps) {
    const { counters, limits } = deps;
    this.perAddress = new RateLimiter(counters, 'visitor-mail-to', limits.perAddressPerDay, DAY_MS);
    this.perIp = new RateLimiter(counters, 'visitor-mail-ip', limits.perIpPerDay, DAY_MS);
    this.auditOnce = new RateLimiter(counters, 'visitor-mail-capped', 1, DAY_MS);
  }

  /** Sends `mail` unless a visitor caused it and a cap is reached; a mail server's failure is thrown. */
  async send(mail: Mail, cause: CustomerMail): Promise<'sent' | 'skipped'> {
    if (cause.by === 'visitor') {
      const cap = await this.cap(mail.to, cause.ip);
      if (cap) {
        await this.skip(mail, cause.kind, cause.ip, cap);
        return 'skipped';
      }
    }
    await this.deps.mailer.send(mail);
    return 'sent';
  }

  /**
   * Counts the mail against the IP first, then the mailbox: a mail the IP's cap stops uses none of the
   * address's budget, so a stranger over their own cap cannot spend a customer's.
   */
  private async cap(to: string, ip: string | null): Promise<Cap | null> {
    const { limits } = this.deps;
    if (ip && !(await this.perIp.hit(ip))) return { by: 'ip', key: ip, limit: limits.perIpPerDay };
    const key = mailboxKey(to);
    if (!(await this.perAddress.hit(key))) return { by: 'address', key, limit: limits.perAddressPerDay };
    return null;
  }

  private async skip(mail: Mail, kind: VisitorMailKind, ip: string | null, cap: Cap) {
    this.deps.log.warn(
      { mailKind: kind, capBy: cap.by, limit: cap.limit, to: mail.to, ip },
      'visitor mail skipped: daily cap reached',
    );
    if (!(await this.auditOnce.hit(`${cap.by}:${cap.key}`))) return;
    await writeAudit(this.deps.db, anonymousActor(ip), {
      action: 'mail-capped',
      entity: 'visitor_mail',
      after: { mailKind: kind, capBy: cap.by, limit: cap.limit, email: mail.to },
    });
  }
}

/** The counter's key of a mailbox: a digest, so the shared table holds no address. */
function mailboxKey(address: string): string {
  return createHash('sha256').update(mailboxOf(address)).digest('base64url').slice(0, 32);
}
