import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a customer's link stands for: one lead as booked at one day and slot. */
export interface BookingClaim {
  leadId: number;
  date: string;
  slot: string | null;
}

const TOKEN = /^([1-9]\d{0,9})-(\d{8})(\d{4}|x)-([A-Za-z0-9_-]{22})$/;

/**
 * The customer's link to their booking: the lead's id and the day and slot it was booked for, signed
 * with an HMAC of the server's secret (as reservations sign visitors' links). No account, nothing
 * stored: a link names the booking as it was when sent, so once the booking moves its older links are
 * refused as used, and once the booked moment has passed they are refused as expired.
 */
export class BookingLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  private sign(body: string): string {
    return createHmac('sha256', `booking:${this.secret}`).update(body).digest('base64url').slice(0, 22);
  }

  token(claim: BookingClaim): string {
    const body = `${claim.leadId}-${claim.date.replace(/-/g, '')}${claim.slot ? claim.slot.replace(':', '') : 'x'}`;
    return `${body}-${this.sign(body)}`;
  }

  /** The claim of a well-formed token whose signature holds; null for anything else. */
  verify(token: string): BookingClaim | null {
    const m = TOKEN.exec(token);
    if (!m) return null;
    const body = `${m[1]}-${m[2]}${m[3]}`;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(m[4]);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const d = m[2];
    return {
      leadId: Number(m[1]),
      date: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`,
      slot: m[3] === 'x' ? null : `${m[3].slice(0, 2)}:${m[3].slice(2)}`,
    };
  }

  url(claim: BookingClaim): string {
    return `${this.publicUrl}/lich-hen/${this.token(claim)}`;
  }
}
