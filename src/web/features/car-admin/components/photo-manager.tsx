import { MAX_PHOTOS_PER_CAR } from '@contract/cars';
import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '@contract/images';
import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, Trash2 } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { cx } from '../../../lib/cx';

export interface PhotoItem {
  key: string;
  src: string;
  /** A photo not on the server yet. */
  local?: boolean;
}

/** Keeps the files a browser may send: images of at most 10 MB, no more than `room` of them. */
export function acceptFiles(files: FileList | File[], room: number): File[] {
  const out: File[] = [];
  for (const f of Array.from(files)) {
    if (f.size > MAX_IMAGE_BYTES) {
      toast.error(`Ảnh "${f.name}" lớn hơn ${MAX_IMAGE_MB} MB`);
      continue;
    }
    if (f.type && !f.type.startsWith('image/')) {
      toast.error(`"${f.name}" không phải là ảnh`);
      continue;
    }
    if (out.length >= room) {
      toast.error(`Mỗi xe có tối đa ${MAX_PHOTOS_PER_CAR} ảnh`);
      break;
    }
    out.push(f);
  }
  return out;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  const pct = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/**
 * The photo manager: a grid of photos, the first is the cover. Drag a photo onto another place to
 * reorder (mouse), or use the arrow buttons (touch, keyboard); remove with the bin; add with the
 * picker or by dropping files on the grid.
 */
export function PhotoManager({
  items,
  onAdd,
  onRemove,
  onMove,
  busy = false,
  progress,
}: {
  items: PhotoItem[];
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onMove: (from: number, to: number) => void;
  busy?: boolean;
  /** Upload progress 0..1 while photos are being sent. */
  progress?: number | null;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [fileOver, setFileOver] = useState(false);
  const room = MAX_PHOTOS_PER_CAR - items.length;

  const pick = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    const ok = acceptFiles(files, room);
    if (ok.length) onAdd(ok);
    if (input.current) input.current.value = '';
  };

  const dropOn = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragFrom !== null && dragFrom !== index) onMove(dragFrom, index);
    setDragFrom(null);
    setDragOver(null);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a mouse shortcut; the picker button does the same
    <div
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setFileOver(true);
        }
      }}
      onDragLeave={() => setFileOver(false)}
      onDrop={(e) => {
        setFileOver(false);
        if (e.dataTransfer.files.length) {
          e.preventDefault();
          pick(e.dataTransfer.files);
        }
      }}
      className={cx('rounded-xl', fileOver && 'ring-2 ring-brand-400 ring-offset-4')}
    >
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Ảnh xe">
        {items.map((item, i) => (
          <li
            key={item.key}
            draggable={!busy}
            onDragStart={(e) => {
              setDragFrom(i);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', item.key);
            }}
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDragOver(i);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setDragOver(null);
            }}
            onDrop={(e) => dropOn(e, i)}
            className={cx(
              'group relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200',
              dragFrom === i && 'opacity-40',
              dragOver === i && dragFrom !== i && 'ring-2 ring-brand-500',
              !busy && 'cursor-grab active:cursor-grabbing',
            )}
            data-testid="photo-item"
          >
            <img
              src={item.src}
              alt={`Ảnh ${i + 1}`}
              className="aspect-[3/2] w-full object-cover"
              draggable={false}
            />
            <span className="pointer-events-none absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
              <GripVertical className="size-3.5" aria-hidden="true" />
              {i === 0 ? 'Ảnh bìa' : i + 1}
            </span>
            {item.local ? (
              <span className="pointer-events-none absolute top-2 right-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-medium text-amber-950">
                Chưa lưu
              </span>
            ) : null}
            <div className="flex items-center justify-between gap-1 bg-white p-1">
              <div className="flex">
                <button
                  type="button"
                  onClick={() => onMove(i, i - 1)}
                  disabled={busy || i === 0}
                  className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                  aria-label={`Đưa ảnh ${i + 1} lên trước`}
                  title="Lên trước"
                >
                  <ChevronLeft className="size-5" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  onClick={() => onMove(i, i + 1)}
                  disabled={busy || i === items.length - 1}
                  className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-30"
                  aria-label={`Đưa ảnh ${i + 1} ra sau`}
                  title="Ra sau"
                >
                  <ChevronRight className="size-5" aria-hidden="true" />
                </button>
              </div>
              <button
                type="button"
                onClick={() => onRemove(item.key)}
                disabled={busy}
                className="inline-flex size-11 items-center justify-center rounded-lg text-red-600 hover:bg-red-50 disabled:opacity-30"
                aria-label={`Xóa ảnh ${i + 1}`}
                title="Xóa ảnh"
              >
                <Trash2 className="size-5" aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
        {room > 0 ? (
          <li>
            <label
              htmlFor={`${id}-files`}
              className={cx(
                'flex aspect-[3/2] h-full min-h-32 w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 p-3 text-center text-sm text-slate-600 hover:border-brand-400 hover:bg-brand-50/40',
                busy && 'pointer-events-none opacity-50',
              )}
            >
              <ImagePlus className="size-7 text-slate-400" aria-hidden="true" />
              <span className="font-medium text-slate-800">Thêm ảnh</span>
              <span className="text-xs text-slate-500">
                JPEG, PNG, WebP, HEIC · tối đa {MAX_IMAGE_MB} MB · còn {room} ảnh
              </span>
            </label>
            <input
              ref={input}
              id={`${id}-files`}
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              disabled={busy}
              className="sr-only"
              onChange={(e) => pick(e.target.files)}
              aria-label="Chọn ảnh xe"
            />
          </li>
        ) : null}
      </ul>
      {progress !== null && progress !== undefined ? (
        <div className="mt-3">
          <ProgressBar value={progress} label="Đang tải ảnh lên" />
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">
        Ảnh đầu tiên là ảnh bìa. Kéo thả ảnh (hoặc dùng nút mũi tên) để đổi thứ tự. Ảnh được nén sang WebP và
        xóa thông tin vị trí (GPS) khi lưu.
      </p>
    </div>
  );
}
