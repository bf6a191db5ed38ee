import type { SalespersonRow } from '@contract/stats';
import { Skeleton } from '../../../components/skeleton';
import type { Range } from '../api';
import { count, money, rangeCaption } from './overview-format';

/** Sales by salesperson in the range, best first, each with a bar against the best. */
export function SalespeopleCard({ people, range }: { people: SalespersonRow[] | undefined; range: Range }) {
  return (
    <section
      className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 xl:col-span-2"
      aria-label="Doanh số theo nhân viên"
    >
      <h2 className="font-semibold text-slate-900">Doanh số theo nhân viên</h2>
      <p className="mb-3 text-sm text-slate-500">{rangeCaption(range, 'Toàn thời gian')}</p>
      {!people ? (
        <div className="space-y-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : people.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">
          Không có giao dịch trong khoảng thời gian này
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {people.map((p, i) => {
            const best = people[0].revenue || 1;
            return (
              <li
                key={p.userId}
                className="grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 py-2.5"
              >
                <span className="text-sm font-semibold text-slate-400 tabular-nums">{i + 1}</span>
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">{p.fullName}</p>
                  <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                    <div
                      className="h-1.5 rounded-full bg-brand-500"
                      style={{ width: `${Math.max(4, (p.revenue / best) * 100)}%` }}
                    />
                  </div>
                </div>
                <div className="text-right text-sm">
                  <p className="font-semibold text-slate-900 tabular-nums">{money(p.revenue)}</p>
                  <p className="text-slate-500">{count(p.count)} xe</p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
