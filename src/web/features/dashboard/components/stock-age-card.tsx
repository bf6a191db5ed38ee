import type { ReconStats, StockAgeBucket } from '@contract/recon-stats';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { count, money } from './overview-format';

/** Young stock in green, a month and more in amber, past 45 days (markdown time) in red. */
const TONE: Record<StockAgeBucket, string> = {
  '0-15': 'bg-emerald-500',
  '16-30': 'bg-emerald-500',
  '31-45': 'bg-amber-500',
  '46-60': 'bg-red-500',
  '60+': 'bg-red-500',
};

/** The stock now (preparing, on sale, pending) by days since purchase, each bucket with its value. */
export function StockAgeCard({ aged }: { aged: ReconStats['agedStock'] | undefined }) {
  const most = aged ? Math.max(1, ...aged.buckets.map((b) => b.count)) : 1;
  return (
    <section
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-label="Tuổi tồn kho"
      data-testid="card-stock-age"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 className="font-semibold text-slate-900">Tuổi tồn kho</h2>
        <Link to="/dashboard/stock-ageing" className="text-sm font-medium text-brand-700 hover:underline">
          Xem xe tồn kho
        </Link>
      </div>
      <p className="mb-3 text-sm text-slate-500">
        {aged ? `${count(aged.total)} xe trong kho, tính từ ngày mua` : 'Xe trong kho, tính từ ngày mua'}
      </p>
      {!aged ? (
        <div className="space-y-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : (
        <ul className="space-y-2">
          {aged.buckets.map((b) => (
            <li key={b.bucket} className="grid grid-cols-[6.5rem_minmax(0,1fr)_auto] items-center gap-3">
              <span className="text-sm text-slate-600">{b.label}</span>
              <div className="h-2 rounded-full bg-slate-100" aria-hidden="true">
                <div
                  className={`h-2 rounded-full ${TONE[b.bucket]}`}
                  style={{ width: `${b.count ? Math.max(4, (b.count / most) * 100) : 0}%` }}
                />
              </div>
              <span
                className="text-right text-sm tabular-nums text-slate-900"
                data-testid={`age-${b.bucket}`}
              >
                <span className="font-semibold">{count(b.count)} xe</span>
                <span className="block text-xs text-slate-500">{money(b.value)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
