import { Skeleton, SkeletonText } from '../../../components/skeleton';

/** The papers section while its code or data is on the way (same height, nothing jumps). */
export function HistoryLoading() {
  return (
    <div aria-busy="true" className="space-y-3">
      <Skeleton className="h-5 w-1/2" />
      <SkeletonText lines={4} />
    </div>
  );
}
