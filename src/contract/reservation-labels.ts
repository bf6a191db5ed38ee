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
  holdHours: number;
  paidHoldDays: number;
  bankBin: string;
  accountNumber: string;
  accountName: string;
}

/** Online deposits are open when switched on and a bank account to receive them is set. */
export function reservationsOpen(s: PublicReservationSettings): boolean {
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
  /** Pay by this moment (ISO). */
  expiresAt: string;
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

/** A 409 for a car that is held or sold: the message and two similar cars to look at instead. */
export interface ReservationConflictSimilar {
  carId: number;
  carName: string;
  sellPrice: number;
  imageUrl: string | null;
}
