import { formatDateTime } from '@contract/format';
import {
  type ReservationAdminView,
  type ReservationStatus,
  SIGNAL_WINDOW_DAYS,
} from '@contract/reservations';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/badge';
import { cx } from '../../../lib/cx';
import { timeLeft } from './time-left';

const STATUS_TONES: Record<ReservationStatus, BadgeTone> = {
  awaiting: 'warning',
  paid: 'success',
  expired: 'neutral',
  cancelled: 'neutral',
  refunded: 'info',
  sold: 'brand',
};

/** A deposit that was received and not yet given back (a cancelled or expired hold): staff owe a refund. */
export const owesRefund = (r: ReservationAdminView) =>
  (r.status === 'cancelled' || r.status === 'expired') && r.paidAt !== null && r.refundedAt === null;

/** The status label; a paid hold past its end also says "Quá hạn giữ xe" in red, a refund still owed in amber. */
export function ReservationStatusCell({ r, start = false }: { r: ReservationAdminView; start?: boolean }) {
  // In a phone's card the values sit on the right; in the table and the drawer, on the left.
  return (
    <div className={cx('flex flex-col gap-1', start ? 'items-start' : 'items-end md:items-start')}>
      <Badge tone={STATUS_TONES[r.status]}>{r.statusLabel}</Badge>
      {r.holdLapsed ? (
        <Badge tone="danger" className="font-semibold">
          Quá hạn giữ xe
        </Badge>
      ) : null}
      {owesRefund(r) ? <Badge tone="warning">Chưa hoàn cọc</Badge> : null}
    </div>
  );
}

/**
 * The deadline that matters now: the payment deadline while awaiting, the end of the hold while paid
 * (time left, then the moment); nothing for a closed reservation.
 */
export function DeadlineCell({ r, now }: { r: ReservationAdminView; now: number }) {
  const target = r.status === 'awaiting' ? r.expiresAt : r.status === 'paid' ? r.holdUntil : null;
  if (!target) return <span className="text-slate-400">—</span>;
  const left = timeLeft(target, now);
  return (
    <div className="whitespace-nowrap">
      <p className={cx('font-medium', left.past ? 'text-red-600' : 'text-slate-800')}>{left.text}</p>
      <p className="text-xs text-slate-500" title={r.status === 'awaiting' ? 'Hạn thanh toán' : 'Giữ xe đến'}>
        đến {formatDateTime(target)}
      </p>
    </div>
  );
}

/** The list filtered to one visitor's mark (a phone, an e-mail or an address). */
export const searchLink = (value: string) => `/dashboard/reservations?search=${encodeURIComponent(value)}`;

/**
 * Squatting signals: the same phone, e-mail or address reserved more than one car in the last
 * SIGNAL_WINDOW_DAYS. Each links to the list of that visitor's reservations.
 */
export function SignalBadges({ r }: { r: ReservationAdminView }) {
  const marks = [
    { label: 'SĐT', cars: r.signals.phoneCars, value: r.phone, what: 'số điện thoại' },
    { label: 'Email', cars: r.signals.emailCars, value: r.email, what: 'email' },
    { label: 'IP', cars: r.signals.ipCars, value: r.sourceIp, what: 'địa chỉ IP' },
  ].filter((m) => m.cars > 1 && m.value);
  if (marks.length === 0) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1" data-testid="reservation-signals">
      {marks.map((m) => (
        <Link
          key={m.label}
          to={searchLink(m.value ?? '')}
          title={`Cùng ${m.what} đã giữ ${m.cars} xe trong ${SIGNAL_WINDOW_DAYS} ngày: xem các đơn`}
          className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Badge tone={m.cars >= 3 ? 'danger' : 'warning'}>
            {m.label}: {m.cars} xe
          </Badge>
        </Link>
      ))}
    </span>
  );
}
