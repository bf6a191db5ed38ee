import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import QRCode from 'qrcode';
import { bankByBin } from '../../../contract/banks';
import { formatDateTime } from '../../../contract/format';
import {
  CLAIMED_PAID_LABEL,
  PAYMENT_OUTCOME_LABELS,
  type PaymentNotificationView,
  type PaymentOutcome,
  RESERVATION_STATUS_LABELS,
  type ReservationAdminView,
  type ReservationBank,
  type ReservationPublicView,
  type ReservationSignals,
  type ReservationStatus,
} from '../../../contract/reservations';
import type { CustomerContact } from '../customers';
import type { paymentNotifications, reservations } from './schema';
import { vietQrPayload } from './vietqr';

export type ReservationRow = typeof reservations.$inferSelect;
export type PaymentRow = typeof paymentNotifications.$inferSelect;

// No 0/O or 1/I/L: a code read aloud or typed into a banking app comes out right.
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newReservationCode(): string {
  let code = 'DC';
  for (let i = 0; i < 6; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * The visitor's link carries an HMAC of the code: the code alone (printed on a bank statement) never
 * opens the page with the visitor's name or lets anyone cancel the reservation.
 */
export class ReservationLinks {
  constructor(
    private readonly secret: string,
    private readonly publicUrl: string,
  ) {}

  token(code: string): string {
    return createHmac('sha256', `reservation:${this.secret}`).update(code).digest('base64url').slice(0, 32);
  }

  verify(code: string, token: string): boolean {
    const expected = Buffer.from(this.token(code));
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  url(code: string): string {
    return `${this.publicUrl}/reservations/${code}?token=${this.token(code)}`;
  }
}

function bankOf(row: ReservationRow): ReservationBank {
  return {
    bin: row.bankBin,
    bankName: bankByBin(row.bankBin)?.shortName ?? row.bankBin,
    accountNumber: row.accountNumber,
    accountName: row.accountName,
  };
}

// The visitor's page asks every few seconds while it waits for the money; drawing the code is most of
// the answer's cost, and a payload never changes.
const drawn = new LRUCache<string, string>({ max: 1000 });

export async function qrDataUrl(payload: string): Promise<string> {
  const hit = drawn.get(payload);
  if (hit) return hit;
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  const url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  drawn.set(payload, url);
  return url;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The status as of `now`: an awaiting reservation past its deadline is expired even before the sweep. */
export function statusAt(row: ReservationRow, now: Date): ReservationStatus {
  const status = row.status as ReservationStatus;
  return status === 'awaiting' && row.expiresAt <= now ? 'expired' : status;
}

/** "Chờ thanh toán", or "Chờ xác nhận tiền cọc" once the visitor said they paid. */
function labelOf(row: ReservationRow, status: ReservationStatus): string {
  return status === 'awaiting' && row.claimedPaidAt ? CLAIMED_PAID_LABEL : RESERVATION_STATUS_LABELS[status];
}

export async function publicView(
  row: ReservationRow,
  links: ReservationLinks,
  now: Date,
): Promise<ReservationPublicView> {
  const status = statusAt(row, now);
  const qrPayload = vietQrPayload({
    bankBin: row.bankBin,
    accountNumber: row.accountNumber,
    amount: row.amount,
    purpose: row.code,
  });
  return {
    code: row.code,
    token: links.token(row.code),
    status,
    statusLabel: labelOf(row, status),
    carId: row.carId,
    carName: row.carName,
    carPrice: row.carPrice,
    customerName: row.customerName,
    amount: row.amount,
    bank: bankOf(row),
    transferContent: row.code,
    expiresAt: row.expiresAt.toISOString(),
    expiresAtText: formatDateTime(row.expiresAt),
    claimedPaidAt: iso(row.claimedPaidAt),
    holdUntil: iso(row.holdUntil),
    paidAt: iso(row.paidAt),
    url: links.url(row.code),
    qrPayload,
    qrImage: await qrDataUrl(qrPayload),
    createdAt: row.createdAt.toISOString(),
  };
}

const NO_SIGNALS: ReservationSignals = { phoneCars: 1, emailCars: 1, ipCars: 1 };

export function adminView(
  row: ReservationRow,
  now: Date,
  signals: ReservationSignals = NO_SIGNALS,
): ReservationAdminView {
  const status = statusAt(row, now);
  return {
    reservationId: row.id,
    code: row.code,
    status,
    statusLabel: labelOf(row, status),
    carId: row.carId,
    carName: row.carName,
    carPrice: row.carPrice,
    customerName: row.customerName,
    phone: row.phone,
    email: row.email,
    amount: row.amount,
    bank: bankOf(row),
    expiresAt: row.expiresAt.toISOString(),
    holdUntil: iso(row.holdUntil),
    paidAt: iso(row.paidAt),
    paidVia: (row.paidVia as 'webhook' | 'manual' | null) ?? null,
    paidAmount: row.paidAmount,
    bankReference: row.bankReference,
    saleId: row.saleId,
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    refundedAt: iso(row.refundedAt),
    refundAmount: row.refundAmount,
    refundReason: row.refundReason,
    refundReference: row.refundReference,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    holdLapsed: status === 'paid' && row.holdUntil !== null && row.holdUntil <= now,
    sourceIp: row.sourceIp,
    claimedPaidAt: iso(row.claimedPaidAt),
    signals,
  };
}

export function paymentView(row: PaymentRow, reservationCode: string | null): PaymentNotificationView {
  const outcome = row.outcome as PaymentOutcome;
  return {
    paymentId: row.id,
    providerId: row.providerId,
    gateway: row.gateway,
    accountNumber: row.accountNumber,
    amount: row.amount,
    content: row.content,
    referenceCode: row.referenceCode,
    transferType: row.transferType as 'in' | 'out',
    transactionDate: row.transactionDate,
    receivedAt: row.receivedAt.toISOString(),
    outcome,
    outcomeLabel: PAYMENT_OUTCOME_LABELS[outcome],
    reservationId: row.reservationId,
    reservationCode,
    handledAt: iso(row.handledAt),
    handledNote: row.handledNote,
  };
}

/** The reservation as the customer record's timeline shows it. */
export function reservationContact(r: ReservationRow, zaloConsent?: boolean): CustomerContact {
  return {
    kind: 'RESERVATION',
    refId: r.id,
    phone: r.phone,
    fullName: r.customerName,
    email: r.email,
    zaloConsent,
    title: `Đặt cọc giữ xe ${r.carName} (${r.code})`,
    status: RESERVATION_STATUS_LABELS[r.status as ReservationStatus] ?? r.status,
    link: `/dashboard/reservations?search=${r.code}`,
    occurredAt: r.createdAt,
  };
}
