import type { CarPhoto } from '@contract/cars';
import { MapPin } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useInspection } from '../api-public';

/**
 * The gallery's defect markers: a toggle under the photos ("Hiện điểm lưu ý"); the report is fetched on
 * the first tap, then each photo shows its numbered markers where staff placed them (percent).
 */
export function useDefectMarkers(carId: number | null, photos: CarPhoto[], hasReport: boolean) {
  const [shown, setShown] = useState(false);
  const report = useInspection(hasReport ? carId : null, { enabled: shown });
  const markers = report.data?.markers ?? [];
  const overlay = (index: number): ReactNode => {
    if (!shown) return null;
    const photoId = photos[index]?.photoId;
    const mine = markers.filter((m) => m.photoId === photoId);
    if (mine.length === 0) return null;
    return (
      <span className="pointer-events-none absolute inset-0" data-testid="defect-markers">
        {mine.map((m) => (
          <span
            key={m.number}
            className="absolute flex -translate-x-1/2 -translate-y-1/2 items-center gap-1"
            style={{ left: `${m.x}%`, top: `${m.y}%` }}
          >
            <span className="flex size-7 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white shadow-md ring-2 ring-white">
              {m.number}
            </span>
            <span className="max-w-40 truncate rounded bg-black/70 px-1.5 py-0.5 text-xs text-white">
              {m.label}
            </span>
          </span>
        ))}
      </span>
    );
  };
  const toggle: ReactNode = hasReport ? (
    <button
      type="button"
      onClick={() => setShown((v) => !v)}
      aria-pressed={shown}
      className="mt-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white"
    >
      <MapPin className="size-4" aria-hidden="true" />
      {shown ? 'Ẩn điểm lưu ý' : 'Hiện điểm lưu ý trên ảnh'}
      {shown && report.data ? ` (${markers.length})` : ''}
    </button>
  ) : null;
  return { overlay, toggle };
}
