import { IMAGE_ACCEPT, MAX_IMAGE_BYTES, MAX_IMAGE_MB } from '@contract/images';
import { ImagePlus, RefreshCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../lib/cx';

/** Checks a picked picture on the client (the server checks the bytes again). */
export function imageFileError(file: File): string | null {
  if (file.size > MAX_IMAGE_BYTES) return `Ảnh vượt quá dung lượng tối đa ${MAX_IMAGE_MB} MB`;
  const okType =
    /^image\/(jpeg|png|webp|heic|heif|avif)$/.test(file.type) || /\.(heic|heif)$/i.test(file.name);
  if (!okType) return 'Chỉ nhận ảnh JPEG, PNG, WebP hoặc HEIC';
  return null;
}

/**
 * ImagePicker (dashboard): the current picture (`currentSrc`) or the picked file's preview in a box of
 * fixed ratio, a button to choose or replace, the upload progress bar while saving (`progress` 0..1).
 */
export function ImagePicker({
  id,
  label,
  file,
  currentSrc,
  onChange,
  progress,
  ratio = 'aspect-video',
  error,
  hint,
  required,
}: {
  id?: string;
  label: string;
  file: File | null;
  currentSrc?: string | null;
  onChange: (file: File | null) => void;
  progress?: number | null;
  ratio?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const auto = useId();
  const inputId = id ?? auto;
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ?? currentSrc ?? null;
  const message = localError ?? error;
  const uploading = typeof progress === 'number';

  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {required ? (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div
        className={cx(
          'relative overflow-hidden rounded-xl border-2 border-dashed bg-slate-50',
          ratio,
          message ? 'border-red-400' : 'border-slate-300',
        )}
      >
        {shown ? (
          <img
            src={shown}
            alt={file ? `Ảnh xem trước: ${file.name}` : `${label} hiện tại`}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-slate-500 hover:bg-slate-100 hover:text-brand-600"
          >
            <ImagePlus className="size-8" aria-hidden="true" />
            <span className="text-sm font-medium">Chọn ảnh</span>
          </button>
        )}
        {uploading ? (
          <div className="absolute inset-x-0 bottom-0 bg-slate-900/70 px-3 py-2 text-white">
            <div className="flex justify-between text-xs">
              <span>Đang tải lên...</span>
              <span>{Math.round((progress ?? 0) * 100)}%</span>
            </div>
            <div
              className="mt-1 h-1.5 overflow-hidden rounded-full bg-white/25"
              role="progressbar"
              aria-label="Tiến độ tải ảnh"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round((progress ?? 0) * 100)}
            >
              <div
                className="h-full bg-white transition-[width]"
                style={{ width: `${(progress ?? 0) * 100}%` }}
              />
            </div>
          </div>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined}
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!picked) return;
            const problem = imageFileError(picked);
            setLocalError(problem);
            if (!problem) onChange(picked);
          }}
        />
        {shown ? (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Đổi ảnh
          </button>
        ) : null}
        {file ? <span className="min-w-0 truncate text-xs text-slate-500">{file.name}</span> : null}
      </div>
      {hint && !message ? (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {message ? (
        <p id={`${inputId}-error`} className="text-sm text-red-600" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
