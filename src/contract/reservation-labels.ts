/**
 * Reservations (đặt cọc giữ xe) as people read them: statuses, their labels, the deposit rule and the
 * view types of the public page. Zod-free, so the car page and the reservation page do not load zod.
 */

export const RESERVATION_STATUSES = ['awaiting', 'paid', 'expired', 'cancelled', 'refunded', 'sold'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  awaiting: 'Chờ thanh toán',
  paid: 'Đã đặt cọc',
  expired: 'Hết hạn',
  cancelled: 'Đã hủy',
  refunded: 'Đã hoàn cọc',
  sold: 'Đã bán',
};
/** What an unpaid reservation reads once its visitor has said "Tôi đã chuyển khoản". */
export const CLAIMED_PAID_LABEL = 'Chờ xác nhận tiền cọc';
export const CLAIM_PAID_BUTTON = 'Tôi đã chuyển khoản';

/** A reservation in one of these holds its car ("Đang giao dịch"). */
export const OPEN_RESERVATION_STATUSES: readonly ReservationStatus[] = ['awaiting', 'paid'];

/** What the bank's notification turned out to be (staff see every one that confirmed nothing). */
export const PAYMENT_OUTCOMES = [
  'confirmed',
  'short',
  'late',
  'duplicate',
  'unknown',
  'outgoing',
  'wrongAccount',
] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];
export const PAYMENT_OUTCOME_LABELS: Record<PaymentOutcome, string> = {
  confirmed: 'Đã xác nhận cọc',
  short: 'Chuyển thiếu',
  late: 'Chuyển sau khi hết hạn / đã hủy',
  duplicate: 'Chuyển thêm cho đơn đã thanh toán',
  unknown: 'Không có mã đặt cọc',
  outgoing: 'Tiền ra',
  wrongAccount: 'Khác tài khoản nhận cọc',
};

export type DepositMode = 'fixed' | 'percent';

/** The reservation settings anyone may read (the webhook key stays on the server). */
export interface PublicReservationSettings {
  enabled: boolean;
  depositMode: DepositMode;
  depositAmount: number;
  /** Percent of the listed price, e.g. 5 for 5%. */
  depositPercent: number;
  /** How long an unpaid reservation holds the car (RESERVATION_HOLD_MINUTES, an environment setting). */
  holdMinutes: number;
  paidHoldDays: number;
  bankBin: string;
  accountNumber: string;
  accountName: string;
}

/** How long an unpaid hold lasts, as people say it: "30 phút", "1 giờ", "1 giờ 30 phút". */
export function holdText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} phút`;
  return m ? `${h} giờ ${m} phút` : `${h} giờ`;
}

/** Online deposits are open when switched on and a bank account to receive them is set. */
export function reservationsOpen(
  s: Pick<PublicReservationSettings, 'enabled' | 'bankBin' | 'accountNumber' | 'accountName'>,
): boolean {
  return (
    s.enabled && /^\d{6}$/.test(s.bankBin) && s.accountNumber.trim() !== '' && s.accountName.trim() !== ''
  );
}

/** The deposit for a car at `price`: the fixed amount, or the share of the price rounded up to 100.000 đ. */
export function depositFor(
  price: number,
  s: Pick<PublicReservationSettings, 'depositMode' | 'depositAmount' | 'depositPercent'>,
): number {
  if (s.depositMode === 'fixed') return s.depositAmount;
  return Math.ceil((price * s.depositPercent) / 100 / 100_000) * 100_000;
}

/** The reservation code: two letters and six characters without look-alikes (0/O, 1/I/L). */
export const RESERVATION_CODE_RE = /DC[2-9A-HJKMNP-Z]{6}/;

export interface ReservationBank {
  bin: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/** POST /api/reservations and GET /api/reservations/{code}?token=: what the visitor holding the link sees. */
export interface ReservationPublicView {
  code: string;
  /** The signed token of the visitor's own link (reservation page, cancel). */
  token: string;
  status: ReservationStatus;
  statusLabel: string;
  carId: number;
  carName: string;
  carPrice: number;
  customerName: string;
  amount: number;
  bank: ReservationBank;
  /** What the transfer must say: the reservation code. */
  transferContent: string;
  /** Pay by this moment (ISO); never outside opening hours (contract/opening-hours.ts). */
  expiresAt: string;
  /** The same as people read it: dd/mm/yyyy HH:mm in Asia/Ho_Chi_Minh. */
  expiresAtText: string;
  /** When the visitor said "Tôi đã chuyển khoản" (ISO), or null: the hold then waits for a person. */
  claimedPaidAt: string | null;
  /** A paid hold lasts until (ISO), or null. */
  holdUntil: string | null;
  paidAt: string | null;
  /** The reservation page's address (with its signed token), for links in e-mails and the page itself. */
  url: string;
  /** The VietQR (EMVCo) payload, and the same drawn as an SVG data URL. */
  qrPayload: string;
  qrImage: string;
  createdAt: string;
}

/**
 * A 429 for a visitor who already holds an unpaid reservation (by phone, e-mail or address): the one
 * they hold. Its code only when the phone or e-mail matched (an address may be someone else's).
 */
export interface ReservationHolding {
  code: string | null;
  carName: string;
  expiresAt: string;
}

/** A 409 for a car that is held or sold: the message and two similar cars to look at instead. */
export interface ReservationConflictSimilar {
  carId: number;
  carName: string;
  sellPrice: number;
  imageUrl: string | null;
}
