import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';

/** One figure of the overview; the whole card links to the list behind it. */
export function KpiCard({
  label,
  value,
  hint,
  to,
  icon: Icon,
  loading,
  testId,
  small = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  to?: string;
  icon: LucideIcon;
  loading: boolean;
  testId: string;
  small?: boolean;
}) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="text-sm font-medium text-slate-600">{label}</span>
        <span
          className={cx(
            'flex shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600',
            small ? 'size-8' : 'size-8 sm:size-10',
          )}
        >
          <Icon className={small ? 'size-4' : 'size-5'} aria-hidden="true" />
        </span>
      </div>
      {loading ? (
        <>
          <Skeleton className={cx('mt-2 w-24', small ? 'h-6' : 'h-8')} />
          <Skeleton className="mt-2 h-4 w-36" />
        </>
      ) : (
        <>
          <p
            className={cx(
              'mt-1 font-bold tracking-tight text-slate-900 tabular-nums',
              small ? 'text-lg sm:text-xl' : 'text-xl sm:text-3xl',
            )}
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
          {hint ? <p className="mt-1 text-sm text-slate-500">{hint}</p> : null}
        </>
      )}
    </>
  );
  const frame = 'block min-w-0 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4';
  return to ? (
    <Link
      to={to}
      className={cx(
        frame,
        'transition hover:ring-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600',
      )}
      data-testid={testId}
    >
      {body}
    </Link>
  ) : (
    <div className={frame} data-testid={testId}>
      {body}
    </div>
  );
}
