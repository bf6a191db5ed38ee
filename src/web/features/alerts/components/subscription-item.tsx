import type { AlertSubscriptionView } from '@contract/alerts-labels';
import { formatDate, formatPrice } from '@contract/format';
import { Bell, BellRing } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../lib/cx';

const STATUS_TONE: Record<AlertSubscriptionView['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  active: 'bg-emerald-100 text-emerald-900',
  ended: 'bg-slate-200 text-slate-700',
};

/** One subscription: what it watches, its state, a link to what it is about, and an action at its end. */
export function SubscriptionItem({ s, action }: { s: AlertSubscriptionView; action?: ReactNode }) {
  const Icon = s.kind === 'search' ? BellRing : Bell;
  const to = s.kind === 'search' ? s.listPath : s.carId ? `/cars/${s.carId}` : null;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center" data-testid="alert-subscription">
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-medium text-slate-500">{s.kindLabel}</p>
          <p className="font-semibold break-words text-slate-900">
            {to ? (
              <Link to={to} className="hover:text-brand-600 hover:underline">
                {s.description}
              </Link>
            ) : (
              s.description
            )}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', STATUS_TONE[s.status])}>
              {s.statusLabel}
            </span>
            {s.kind === 'price' && s.carPrice !== null ? (
              <span>{s.carStatus === 'sold' ? 'Xe đã bán' : `Giá hiện tại ${formatPrice(s.carPrice)}`}</span>
            ) : null}
            <span>Đăng ký ngày {formatDate(s.createdAt)}</span>
          </p>
        </div>
      </div>
      {action ? <div className="shrink-0 sm:ml-auto">{action}</div> : null}
    </div>
  );
}
