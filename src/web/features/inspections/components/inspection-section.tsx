import type { InspectionSummary } from '@contract/inspections-labels';
import { ClipboardCheck } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { useInspection } from '../api-public';

// Below the fold and off the first paint's path: its code and its data load when it comes near.
const ReportView = lazy(() => import('./inspection-report'));

function Loading() {
  return (
    <div className="space-y-3" aria-busy="true">
      <Skeleton className="h-14 w-full" />
      <SkeletonText lines={3} />
    </div>
  );
}

/** Becomes true once the element is within a screen of the viewport, or the address points at it. */
function useNear(id: string) {
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (window.location.hash === `#${id}`) return setNear(true);
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          seen.disconnect();
        }
      },
      { rootMargin: '600px 0px' },
    );
    seen.observe(el);
    const onHash = () => window.location.hash === `#${id}` && setNear(true);
    window.addEventListener('hashchange', onHash);
    return () => {
      seen.disconnect();
      window.removeEventListener('hashchange', onHash);
    };
  }, [id]);
  return { ref, near };
}

/** The car page's "Báo cáo kiểm định" section: nothing for a car without a report. */
export function InspectionReportSection({
  carId,
  summary,
}: {
  carId: number;
  summary: InspectionSummary | null;
}) {
  const { ref, near } = useNear('inspection');
  const report = useInspection(summary ? carId : null, { enabled: near });
  if (!summary) return null;
  return (
    <section
      ref={ref}
      id="inspection"
      aria-labelledby="inspection-title"
      className="scroll-mt-24 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="inspection-title" className="mb-3 flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardCheck className="size-5 text-emerald-600" aria-hidden="true" />
        Báo cáo kiểm định {summary.total} hạng mục
      </h2>
      {report.data ? (
        <Suspense fallback={<Loading />}>
          <ReportView report={report.data} />
        </Suspense>
      ) : report.isError ? (
        <p className="text-sm text-red-600" role="alert">
          Không tải được báo cáo kiểm định, vui lòng thử lại.
        </p>
      ) : (
        <Loading />
      )}
    </section>
  );
}
