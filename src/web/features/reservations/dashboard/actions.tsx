import type { ReservationAdminView } from '@contract/reservations';
import { Ban, CircleCheck, Clock, type LucideIcon, Undo2 } from 'lucide-react';
import { cx } from '../../../lib/cx';
import type { ActionKind } from './action-dialogs';
import { owesRefund } from './reservation-cells';

export const ACTION_LABELS: Record<ActionKind, string> = {
  'mark-paid': 'Xác nhận đã nhận tiền',
  extend: 'Gia hạn',
  cancel: 'Hủy',
  refund: 'Hoàn cọc',
};

const ACTION_ICONS: Record<ActionKind, LucideIcon> = {
  'mark-paid': CircleCheck,
  extend: Clock,
  cancel: Ban,
  refund: Undo2,
};

const TONES: Record<ActionKind, string> = {
  'mark-paid': 'text-emerald-700 hover:bg-emerald-50 hover:text-emerald-800',
  extend: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  cancel: 'text-red-600 hover:bg-red-50 hover:text-red-700',
  refund: 'text-brand-700 hover:bg-brand-50',
};

/**
 * What staff may do in each state: confirm, extend or cancel an unpaid one; extend or cancel a paid
 * hold (then refund); refund a received deposit of a cancelled or expired one.
 */
export function actionsFor(r: ReservationAdminView): ActionKind[] {
  if (r.status === 'awaiting') return ['mark-paid', 'extend', 'cancel'];
  if (r.status === 'paid') return ['extend', 'cancel'];
  if (owesRefund(r)) return ['refund'];
  return [];
}

/** A row action: its icon and its words (short ones, "Đã nhận tiền"), in the table as on a phone's card. */
export function ActionButton({
  kind,
  code,
  onClick,
}: {
  kind: ActionKind;
  code: string;
  onClick: () => void;
}) {
  const Icon = ACTION_ICONS[kind];
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`${ACTION_LABELS[kind]} ${code}`}
      title={ACTION_LABELS[kind]}
      className={cx(
        'inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-medium md:h-9 md:justify-start',
        'transition-colors',
        'whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
        TONES[kind],
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      <span>{kind === 'mark-paid' ? 'Đã nhận tiền' : ACTION_LABELS[kind]}</span>
    </button>
  );
}
