import type { InspectionPhoto } from '@contract/inspections';
import {
  INSPECTION_RESULT_LABELS,
  INSPECTION_RESULTS,
  type InspectionResult,
  PLEDGE_LABELS,
  type Pledge,
} from '@contract/inspections-labels';
import { Camera, MessageSquare, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { INSPECTION_LIMITS } from '../limits';

export interface ItemState {
  result: InspectionResult | null;
  note: string;
  photo: InspectionPhoto | null;
}

const ACTIVE: Record<InspectionResult, string> = {
  PASS: 'bg-emerald-700 text-white ring-emerald-700',
  ATTENTION: 'bg-amber-700 text-white ring-amber-700',
  FIXED: 'bg-sky-700 text-white ring-sky-700',
  NA: 'bg-slate-600 text-white ring-slate-600',
};

/**
 * One item of the editor, for a tablet in the workshop: the four results as a segmented control of
 * big buttons, then a note and a photo when the item needs one.
 */
export function EditorItem({
  itemId,
  label,
  pledges,
  retired,
  state,
  onChange,
  onPhoto,
}: {
  itemId: number;
  label: string;
  pledges: Pledge[];
  retired?: boolean;
  state: ItemState;
  onChange: (next: ItemState) => void;
  onPhoto: (file: File) => Promise<InspectionPhoto>;
}) {
  const [open, setOpen] = useState(Boolean(state.note || state.photo));
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `item-${itemId}`;
  return (
    <li className="py-3" data-testid={`inspection-item-${itemId}`}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-60">
          <p id={`${id}-label`} className="text-sm font-medium text-slate-900">
            {label}
            {retired ? <span className="ml-2 text-xs text-slate-500">(đã ngừng dùng)</span> : null}
          </p>
          {pledges.length ? (
            <p className="mt-0.5 flex items-center gap-1 text-xs text-emerald-700">
              <ShieldCheck className="size-3.5" aria-hidden="true" />
              {pledges.map((p) => PLEDGE_LABELS[p]).join(', ')}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <fieldset
            className="flex overflow-hidden rounded-xl ring-1 ring-slate-300"
            aria-labelledby={`${id}-label`}
          >
            {INSPECTION_RESULTS.map((r) => (
              <button
                key={r}
                type="button"
                aria-pressed={state.result === r}
                onClick={() => onChange({ ...state, result: state.result === r ? null : r })}
                className={cx(
                  'min-h-12 border-l border-slate-300 px-1.5 text-sm leading-tight font-semibold first:border-l-0 sm:min-w-20 sm:px-2.5',
                  state.result === r ? ACTIVE[r] : 'bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {INSPECTION_RESULT_LABELS[r]}
              </button>
            ))}
          </fieldset>
          <button
            type="button"
            onClick={() => setOpen((v) => !v)}
            aria-expanded={open}
            aria-label={`Ghi chú và ảnh: ${label}`}
            className={cx(
              'inline-flex size-12 shrink-0 items-center justify-center rounded-xl ring-1',
              state.note || state.photo
                ? 'bg-brand-50 text-brand-700 ring-brand-300'
                : 'text-slate-600 ring-slate-300',
            )}
          >
            <MessageSquare className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      {open ? (
        <div className="mt-2 flex flex-wrap items-start gap-3">
          <label className="min-w-0 flex-1 basis-64">
            <span className="sr-only">Ghi chú: {label}</span>
            <textarea
              value={state.note}
              maxLength={INSPECTION_LIMITS.itemNote}
              rows={2}
              placeholder="Ghi chú (ví dụ: đã thay má phanh trước)"
              onChange={(e) => onChange({ ...state, note: e.target.value })}
              className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </label>
          {state.photo ? (
            <div className="relative">
              <img
                src={state.photo.urls[480]}
                alt={`Ảnh hạng mục: ${label}`}
                className="h-20 w-28 rounded-lg object-cover ring-1 ring-slate-200"
              />
              <button
                type="button"
                onClick={() => onChange({ ...state, photo: null })}
                aria-label="Bỏ ảnh"
                className="absolute -top-2 -right-2 inline-flex size-8 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          ) : (
            <label className="inline-flex min-h-12 cursor-pointer items-center gap-2 rounded-xl px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              {uploading ? <Spinner className="size-4" /> : <Camera className="size-5" aria-hidden="true" />}
              Chụp / chọn ảnh
              <input
                type="file"
                accept="image/*"
                capture="environment"
                className="sr-only"
                onChange={async (e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (!file) return;
                  setUploading(true);
                  setError(null);
                  try {
                    onChange({ ...state, photo: await onPhoto(file) });
                  } catch (err) {
                    setError(errorMessage(err, 'Không tải được ảnh'));
                  } finally {
                    setUploading(false);
                  }
                }}
              />
            </label>
          )}
          {error ? (
            <p className="basis-full text-sm text-red-600" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
