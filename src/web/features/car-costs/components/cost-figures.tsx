import { belowTrueCost, type CostSummary } from '@contract/car-cost-ledger';
import { formatPrice } from '@contract/format';
import { AlertTriangle } from 'lucide-react';
import { cx } from '../../../lib/cx';

const signed = (n: number) => (n > 0 ? `+${formatPrice(n)}` : n < 0 ? `−${formatPrice(-n)}` : '0 đ');

/** A stock list's cell: true cost, and the margin at the price shown (red when it is a loss). */
export function TrueCostCell({ summary, price }: { summary: CostSummary | undefined; price: number }) {
  if (!summary) return <span className="text-slate-400">…</span>;
  if (summary.purchasePrice === null)
    return <span className="text-xs text-slate-500">Chưa nhập giá mua</span>;
  const margin = price - summary.trueCost;
  return (
    <span className="block whitespace-nowrap leading-tight">
      <span className="text-slate-700">{formatPrice(summary.trueCost)}</span>
      <span className={cx('block text-xs font-medium', margin < 0 ? 'text-red-700' : 'text-emerald-700')}>
        {margin < 0 ? 'Lỗ ' : 'Lãi '}
        {signed(margin)}
      </span>
    </span>
  );
}

/**
 * Under a price being typed: the car's true cost and the margin at that price; in red, saying so,
 * when the price would sell below the true cost.
 */
export function PriceAgainstCost({ trueCost, price }: { trueCost: number | null; price: number | null }) {
  if (trueCost === null || trueCost <= 0) return null;
  const below = belowTrueCost(price, trueCost);
  const margin = price === null ? null : price - trueCost;
  return (
    <div
      role={below ? 'alert' : undefined}
      className={cx(
        'flex items-start gap-2 rounded-lg px-3 py-2 text-sm',
        below ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-slate-50 text-slate-700',
      )}
    >
      {below ? <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" /> : null}
      <p>
        Giá vốn thực: <strong>{formatPrice(trueCost)}</strong>
        {margin === null ? null : (
          <>
            {' · '}
            {below ? 'Lỗ' : 'Lãi'} ở giá này:{' '}
            <strong className={below ? 'text-red-700' : 'text-emerald-700'}>{signed(margin)}</strong>
          </>
        )}
        {below ? <span className="block font-medium">Giá bán thấp hơn giá vốn thực của xe.</span> : null}
      </p>
    </div>
  );
}
