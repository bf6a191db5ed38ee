import type { CarCalculations } from '@contract/web-config';
import { Calculator, Landmark } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { SkeletonText } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useNearScreen } from '../../../lib/use-near-screen';
import { useCarHistory } from '../../car-records/public';
import type { CostCalculatorCar } from './cost-estimates';

export type { CostCalculatorCar };

// The calculator's code (and the contract's fee rules) comes when the visitor scrolls near it: the car
// page's first download stays within its script budget (docs/performance.md).
const OnRoad = lazy(() => import('./cost-estimates').then((m) => ({ default: m.OnRoad })));
/** The instalment plan, loaded on first use (the trade-in shows it for the difference). */
export const Loan = lazy(() => import('./cost-estimates').then((m) => ({ default: m.Loan })));

/**
 * The car page's two estimates from the contract's calculator (src/contract/car-costs.ts) and the
 * showroom's settings (GET web-configuration/car-calculations): the on-road price of this used car with
 * the basis of every line, labelled as a reference price, and an instalment plan on a declining balance.
 */
export function CostCalculator({
  settings,
  loading,
  carId,
  car,
}: {
  settings: CarCalculations | undefined;
  loading: boolean;
  /** The car whose papers tell what is still valid (inspection, road fee, insurance). */
  carId: number;
  car: CostCalculatorCar;
}) {
  const [tab, setTab] = useState<'road' | 'loan'>('road');
  const id = useId();
  const ref = useRef<HTMLElement>(null);
  const near = useNearScreen(ref);
  // The papers decide which fees are still paid up; without an answer (an error) every fee is charged.
  const history = useCarHistory(carId, near);
  const withPapers = { ...car, papers: history.data?.papers ?? null };
  const tabs = [
    { key: 'road' as const, label: 'Chi phí lăn bánh', icon: Calculator },
    { key: 'loan' as const, label: 'Trả góp', icon: Landmark },
  ];
  return (
    <section
      ref={ref}
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
        Dự tính chi phí
      </h2>
      <div
        role="tablist"
        aria-label="Dự tính chi phí"
        className="mt-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
      >
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`${id}-panel-${t.key}`}
            onClick={() => setTab(t.key)}
            className={cx(
              'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition',
              tab === t.key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            <t.icon className="size-4" aria-hidden="true" />
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${tab}`} aria-labelledby={`${id}-tab-${tab}`} className="mt-4">
        {loading || !settings || !near || history.isPending ? (
          <SkeletonText lines={6} />
        ) : (
          <Suspense fallback={<SkeletonText lines={6} />}>
            {tab === 'road' ? (
              <OnRoad settings={settings} car={withPapers} />
            ) : (
              <Loan settings={settings} price={car.price} />
            )}
          </Suspense>
        )}
      </div>
    </section>
  );
}
