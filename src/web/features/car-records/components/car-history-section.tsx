import { lazy, Suspense, useRef } from 'react';
import { useNearScreen } from '../../../lib/use-near-screen';
import { HistoryLoading } from './history-loading';

// The content's code comes with its data, when the visitor scrolls near: the first paint stays light.
const CarHistoryBody = lazy(() => import('./car-history-body'));

/** The public car page's "Giấy tờ & lịch sử": fetched when the visitor scrolls near it. */
export function CarHistorySection({ carId }: { carId: number }) {
  const ref = useRef<HTMLElement>(null);
  const near = useNearScreen(ref);
  return (
    <section
      ref={ref}
      aria-labelledby="car-history-title"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="car-history-title" className="mb-3 text-lg font-bold text-slate-900">
        Giấy tờ &amp; lịch sử
      </h2>
      {near ? (
        <Suspense fallback={<HistoryLoading />}>
          <CarHistoryBody carId={carId} />
        </Suspense>
      ) : (
        <HistoryLoading />
      )}
    </section>
  );
}
