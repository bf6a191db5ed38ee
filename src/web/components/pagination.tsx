import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cx } from '../lib/cx';

/** The page numbers to show: first, last, and one either side of the current page, with gaps. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const p of pages) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && p - last > 1) out.push(p - last === 2 ? last + 1 : 'gap');
    out.push(p);
  }
  return out;
}

// No display utility here: arrows add inline-flex, page numbers 'hidden sm:inline-flex' (phones show "Trang x / y").
const cellBase =
  'size-11 items-center justify-center rounded-lg text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600';
const cell = `inline-flex ${cellBase}`;

/** Pagination: page (1-based), totalPages, onChange(page), className; renders nothing for one page or none. */
export function Pagination({
  page,
  totalPages,
  onChange,
  className,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Phân trang" className={cx('flex items-center justify-center gap-1', className)}>
      <button
        type="button"
        className={cx(
          cell,
          'text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent',
        )}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Trang trước"
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <span className="px-2 text-sm text-slate-600 sm:hidden">
        Trang {page} / {totalPages}
      </span>
      {pageWindow(page, totalPages).map((p, i, all) =>
        p === 'gap' ? (
          <span
            key={`gap-after-${all[i - 1]}`}
            className="hidden w-6 text-center text-slate-400 sm:inline"
            aria-hidden="true"
          >
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            onClick={() => onChange(p)}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Trang ${p}`}
            className={cx(
              cellBase,
              'hidden sm:inline-flex',
              p === page ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className={cx(
          cell,
          'text-slate-700 hover:bg-slate-100 disabled:opacity-40 disabled:hover:bg-transparent',
        )}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Trang sau"
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
    </nav>
  );
}
