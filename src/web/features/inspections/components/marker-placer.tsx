import type { CarPhoto } from '@contract/cars';
import type { InspectionMarker } from '@contract/inspections';
import { Trash2 } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { cx } from '../../../lib/cx';
import { INSPECTION_LIMITS } from '../limits';

/**
 * Defect markers: pick one of the car's photos, tap where the defect is (a numbered marker lands there,
 * in percent of the photo), then give it a short label.
 */
export function MarkerPlacer({
  photos,
  markers,
  onChange,
}: {
  photos: CarPhoto[];
  markers: InspectionMarker[];
  onChange: (next: InspectionMarker[]) => void;
}) {
  const [photoId, setPhotoId] = useState<number | null>(photos[0]?.photoId ?? null);
  const photo = photos.find((p) => p.photoId === photoId) ?? photos[0];
  if (!photo) return <p className="text-sm text-slate-500">Xe chưa có ảnh để đánh dấu.</p>;

  const place = (e: MouseEvent<HTMLButtonElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const pct = (v: number) => Math.round(Math.min(100, Math.max(0, v)) * 10) / 10;
    const number = Math.max(0, ...markers.map((m) => m.number)) + 1;
    if (number > 99) return;
    onChange([
      ...markers,
      {
        number,
        x: pct(((e.clientX - box.left) / box.width) * 100),
        y: pct(((e.clientY - box.top) / box.height) * 100),
        label: '',
        photoId: photo.photoId,
      },
    ]);
  };
  const update = (number: number, patch: Partial<InspectionMarker>) =>
    onChange(markers.map((m) => (m.number === number ? { ...m, ...patch } : m)));

  return (
    <div className="space-y-3">
      {photos.length > 1 ? (
        <fieldset className="flex gap-2 overflow-x-auto pb-1" aria-label="Chọn ảnh để đánh dấu">
          {photos.map((p, i) => (
            <button
              key={p.photoId}
              type="button"
              aria-pressed={p.photoId === photo.photoId}
              aria-label={`Ảnh ${i + 1}`}
              onClick={() => setPhotoId(p.photoId)}
              className={cx(
                'w-24 shrink-0 overflow-hidden rounded-lg ring-2',
                p.photoId === photo.photoId ? 'ring-brand-600' : 'ring-transparent opacity-70',
              )}
            >
              <img src={p.urls[480]} alt="" className="aspect-[3/2] w-full object-cover" />
            </button>
          ))}
        </fieldset>
      ) : null}
      <button
        type="button"
        onClick={place}
        className="relative block w-full cursor-crosshair overflow-hidden rounded-xl bg-slate-100"
        data-testid="marker-photo"
      >
        <img
          src={photo.src}
          srcSet={photo.srcset}
          sizes="(min-width: 1024px) 640px, 100vw"
          alt="Ảnh xe: chạm để đặt điểm đánh dấu"
          width={photo.width}
          height={photo.height}
          draggable={false}
          className="w-full"
        />
        {markers
          .filter((m) => m.photoId === photo.photoId)
          .map((m) => (
            <span
              key={m.number}
              className="absolute flex size-8 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white shadow ring-2 ring-white"
              style={{ left: `${m.x}%`, top: `${m.y}%` }}
            >
              {m.number}
            </span>
          ))}
      </button>
      {markers.length ? (
        <ol className="space-y-2">
          {markers.map((m) => (
            <li key={m.number} className="flex items-center gap-2">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-amber-700 text-sm font-bold text-white">
                {m.number}
              </span>
              <input
                value={m.label}
                maxLength={INSPECTION_LIMITS.markerLabel}
                onChange={(e) => update(m.number, { label: e.target.value })}
                placeholder="Nhãn ngắn, ví dụ: Xước cản sau"
                aria-label={`Nhãn điểm đánh dấu số ${m.number}`}
                className="min-h-12 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
              />
              <button
                type="button"
                onClick={() => onChange(markers.filter((x) => x.number !== m.number))}
                aria-label={`Xóa điểm đánh dấu số ${m.number}`}
                className="inline-flex size-12 items-center justify-center rounded-xl text-red-600 ring-1 ring-slate-300 hover:bg-red-50"
              >
                <Trash2 className="size-5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-500">Chạm vào ảnh để đặt điểm đánh dấu đầu tiên.</p>
      )}
    </div>
  );
}
