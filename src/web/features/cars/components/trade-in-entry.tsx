import type { CarCalculations } from '@contract/web-config';
import { lazy, Suspense, useState } from 'react';
import { useCarHistory } from '../../car-records/public';
import type { TradeInCar } from '../../leads/public';
import { Loan } from './cost-calculator';

// The valuation form, its answer and the seller's form come in their own chunk, on the visitor's click:
// the car page's first download stays within its script budget.
const TradeIn = lazy(() => import('../../leads/public').then((m) => ({ default: m.TradeIn })));

/** "Đổi xe cũ lấy xe này": a button, then the trade-in with this page's loan calculator for the difference. */
export function TradeInEntry({
  car,
  settings,
}: {
  car: Omit<TradeInCar, 'papers'>;
  settings: CarCalculations | undefined;
}) {
  const [open, setOpen] = useState(false);
  // The same on-road price as the cost table beside it: what the papers show still valid is not charged.
  const history = useCarHistory(car.carId, open);
  return (
    <section
      aria-labelledby="trade-in-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="trade-in-title" className="text-lg font-bold text-slate-900">
        Đổi xe cũ lấy xe này
      </h2>
      {open ? (
        <Suspense fallback={<p className="mt-3 text-sm text-slate-500">Đang tải…</p>}>
          <div className="mt-4">
            <TradeIn
              car={{ ...car, papers: history.data?.papers ?? null }}
              settings={settings}
              loan={(amount) => (settings ? <Loan settings={settings} price={amount} /> : null)}
            />
          </div>
        </Suspense>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Định giá xe bạn đang đi và xem số tiền cần thêm, kể cả trả góp.
          </p>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="mt-3 min-h-11 rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800"
          >
            Định giá xe của tôi
          </button>
        </>
      )}
    </section>
  );
}
