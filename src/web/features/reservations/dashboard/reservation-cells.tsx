import { formatDateTime } from '@contract/format';
import type { ReservationAdminView, ReservationStatus } from '@contract/reservations';
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
