import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';

/** One row of the comparison: its label, then one cell a car; a row whose values differ is tinted. */
export function CompareRow({
  label,
  diff,
  labelClass,
  cellClass,
  cells,
}: {
  label: string;
  diff: boolean;
  labelClass: string;
  cellClass?: string;
  cells: ReactNode[];
}) {
  return (
    <tr data-diff={diff || undefined}>
      <th
        scope="row"
        className={cx(
          'sticky left-0 z-10 border-t border-slate-100 p-2 text-left text-xs sm:p-3 sm:text-sm',
          labelClass,
          diff ? 'bg-amber-50' : 'bg-white',
        )}
      >
        {label}
      </th>
      {cells.map((cell, i) => (
        <td
          // biome-ignore lint/suspicious/noArrayIndexKey: one cell per chosen car, in order
          key={i}
          className={cx('border-t border-slate-100 p-2 sm:p-3', diff && 'bg-amber-50/70', cellClass)}
        >
          {cell}
        </td>
      ))}
    </tr>
  );
}
