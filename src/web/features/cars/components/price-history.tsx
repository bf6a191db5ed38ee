import { formatDate, formatPrice } from '@contract/format';
import { usePriceHistory } from '../api';

/** The car's price changes, newest first ("Lịch sử giá"): shown only when the price has changed. */
export function PriceHistory({ carId }: { carId: number }) {
  const { data } = usePriceHistory(carId);
  if (!data?.changes.length) return null;
  return (
    <details className="mt-3 text-sm text-slate-600">
      <summary className="min-h-11 cursor-pointer py-2 font-medium text-slate-700">
        Lịch sử giá ({data.changes.length} lần thay đổi)
      </summary>
      <ol className="space-y-1">
        {data.changes.map((c) => (
          <li key={c.changedAt} className="flex justify-between gap-3 tabular-nums">
            <span>{formatDate(c.changedAt)}</span>
            <span>
              {formatPrice(c.oldPrice)} →{' '}
              <strong className="text-slate-900">{formatPrice(c.newPrice)}</strong>
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
