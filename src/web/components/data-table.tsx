import type { ReactNode } from 'react';
import { cx } from '../lib/cx';
import { Skeleton } from './skeleton';

/** Classes for a hand-written table that should look like DataTable. */
export const tableClasses = {
  wrap: 'max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white shadow-sm',
  table: 'min-w-full border-separate border-spacing-0 text-left text-sm',
  th: 'sticky top-0 z-10 whitespace-nowrap border-b border-slate-200 bg-slate-50 px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase',
  td: 'border-b border-slate-100 px-4 py-2.5 align-middle text-slate-700',
  tr: 'hover:bg-slate-50/70',
};

const highlightedRow = 'bg-amber-50 motion-safe:transition-colors motion-safe:duration-1000';
/** A row in trouble (a lead waiting past its target): a red bar and a faint red tint (grey text keeps its contrast); the row says why in words too. */
const dangerRow =
  'bg-red-50/40 hover:bg-red-50/50 [&>td:first-child]:border-l-4 [&>td:first-child]:border-l-red-600';

export interface Column<T> {
  /** Unique key of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Extra classes for the cells (e.g. 'text-right', 'w-32'). */
  className?: string;
  /**
   * On phones each row is a card: 'title' heads the card, 'actions' sits at its foot, 'hidden' is
   * left out; anything else shows as "header: value".
   */
  mobile?: 'title' | 'actions' | 'hidden';
}

/**
 * DataTable: columns [{key, header, cell(row), className?}], rows, rowKey(row), loading (skeleton rows
 * while there are no rows yet), empty (shown when there are no rows), caption (read by screen readers).
 * Sticky header; the table scrolls inside its card. Below the md breakpoint rows become cards (see
 * Column.mobile). Put row actions in the last column.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  caption,
  className,
  rowHighlighted,
  rowDanger,
}: {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  empty?: ReactNode;
  caption?: string;
  className?: string;
  /** Rows to draw the eye to (a lead that just arrived): tinted, with `data-highlighted`. */
  rowHighlighted?: (row: T) => boolean;
  /** Rows in trouble: tinted red with `data-danger` (their cells must also say so in text). */
  rowDanger?: (row: T) => boolean;
}) {
  const list = rows ?? [];
  const title = columns.find((c) => c.mobile === 'title');
  const actions = columns.find((c) => c.mobile === 'actions');
  const details = columns.filter((c) => !c.mobile);
  return (
    <>
      <ul
        className={cx('space-y-3 md:hidden', className)}
        aria-busy={loading || undefined}
        aria-label={caption}
      >
        {loading && list.length === 0
          ? Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={i} className="space-y-2 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <Skeleton className="h-5 w-1/2" />
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-2/3" />
              </li>
            ))
          : list.map((row) => (
              <li
                key={rowKey(row)}
                data-highlighted={rowHighlighted?.(row) || undefined}
                data-danger={rowDanger?.(row) || undefined}
                className={cx(
                  'rounded-xl p-4 text-sm shadow-sm',
                  rowHighlighted?.(row)
                    ? 'bg-amber-50 ring-2 ring-amber-400'
                    : rowDanger?.(row)
                      ? 'bg-red-50/40 ring-2 ring-red-300'
                      : 'bg-white ring-1 ring-slate-200',
                )}
              >
                {title ? <div className="mb-2">{title.cell(row)}</div> : null}
                <dl className="space-y-1.5">
                  {details.map((c) => (
                    <div key={c.key} className="flex items-start justify-between gap-3">
                      <dt className="shrink-0 text-xs font-medium text-slate-500 uppercase">{c.header}</dt>
                      <dd className="min-w-0 text-right text-slate-700">{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
                {actions ? (
                  <div className="mt-2 flex justify-end border-t border-slate-100 pt-2">
                    {actions.cell(row)}
                  </div>
                ) : null}
              </li>
            ))}
        {!loading && list.length === 0 ? (
          <li className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            {empty ?? <p className="py-10 text-center text-slate-500">Không có dữ liệu</p>}
          </li>
        ) : null}
      </ul>
      <div className={cx(tableClasses.wrap, 'hidden md:block', className)}>
        <table className={tableClasses.table} aria-busy={loading || undefined}>
          {caption ? <caption className="sr-only">{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={cx(tableClasses.th, c.className)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading && list.length === 0
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                  <tr key={i}>
                    {columns.map((c) => (
                      <td key={c.key} className={tableClasses.td}>
                        <Skeleton className="h-4 w-full min-w-12" />
                      </td>
                    ))}
                  </tr>
                ))
              : list.map((row) => (
                  <tr
                    key={rowKey(row)}
                    data-highlighted={rowHighlighted?.(row) || undefined}
                    data-danger={rowDanger?.(row) || undefined}
                    className={cx(
                      tableClasses.tr,
                      rowDanger?.(row) && dangerRow,
                      rowHighlighted?.(row) && highlightedRow,
                    )}
                  >
                    {columns.map((c) => (
                      <td key={c.key} className={cx(tableClasses.td, c.className)}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
            {!loading && list.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="px-4">
                  {empty ?? <p className="py-10 text-center text-slate-500">Không có dữ liệu</p>}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </>
  );
}
