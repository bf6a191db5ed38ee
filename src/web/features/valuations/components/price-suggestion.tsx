import { formatDay, formatKm, formatPrice } from '@contract/format';
import type { StaffValuationView } from '@contract/valuations';
import { Sparkles } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { tableClasses } from '../../../components/data-table';
import { Skeleton } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type PricedCar, useStaffValuation } from '../api';

const CONFIDENCE_TONES: Record<StaffValuationView['confidence'], BadgeTone> = {
  cao: 'success',
  'trung bình': 'warning',
  thấp: 'danger',
};

const signed = (v: number) => `${v > 0 ? '+' : '−'}${formatPrice(Math.abs(v))}`;
const percent = (x: number) => `${(Math.round(x * 1000) / 10).toString().replace('.', ',')}%`;

/** The car as typed, once it says enough to value it (brand, model, a year and the km), half a second after the last key. */
function useSettled(car: PricedCar | null): PricedCar | null {
  const [settled, setSettled] = useState(car);
  const key = JSON.stringify(car);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised car is the dependency
  useEffect(() => {
    const timer = setTimeout(() => setSettled(car), 500);
    return () => clearTimeout(timer);
  }, [key]);
  return settled;
}

/**
 * The engine's suggested sell price for the car being entered: the estimate and its range, how sure it
 * is and from which group, the adjustments from the reference car, and the comparables it used (each
 * moved to this car's year and km). "Dùng giá này" puts the estimate in the price field.
 */
export function PriceSuggestion({
  car,
  currentPrice,
  onUse,
}: {
  car: PricedCar | null;
  currentPrice: number | null;
  onUse: (price: number) => void;
}) {
  const settled = useSettled(car);
  const q = useStaffValuation(settled);
  const v = q.data;

  let body: ReactNode;
  if (!settled) {
    body = (
      <p className="text-sm text-slate-600">Nhập hãng, dòng xe, năm sản xuất và số km để xem giá đề xuất.</p>
    );
  } else if (q.error) {
    body = (
      <p className="text-sm text-slate-600" role="status">
        {q.error instanceof ApiError && q.error.status === 422
          ? errorMessage(q.error)
          : `Chưa lấy được giá đề xuất: ${errorMessage(q.error)}`}
      </p>
    );
  } else if (!v) {
    body = (
      <div className="space-y-2" aria-busy="true">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  } else {
    const gap = currentPrice ? (currentPrice - v.estimate) / v.estimate : null;
    body = (
      <div className={q.isPlaceholderData ? 'opacity-70' : undefined}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="text-2xl font-bold text-slate-900" data-testid="suggested-price">
              {formatPrice(v.estimate)}
            </p>
            <p className="text-sm text-slate-600">
              Khoảng {formatPrice(v.low)} – {formatPrice(v.high)} · {v.comparables.count} xe so sánh (
              {v.basisLabel.toLowerCase()})
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={CONFIDENCE_TONES[v.confidence]}>Độ tin cậy: {v.confidence}</Badge>
            <Button
              variant="secondary"
              onClick={() => onUse(v.estimate)}
              disabled={currentPrice === v.estimate}
            >
              Dùng giá này
            </Button>
          </div>
        </div>
        {gap !== null && Math.abs(gap) >= 0.03 ? (
          <p className={`mt-2 text-sm ${gap > 0 ? 'text-amber-700' : 'text-slate-600'}`}>
            Giá đang nhập {gap > 0 ? 'cao' : 'thấp'} hơn giá đề xuất {percent(Math.abs(gap))}.
          </p>
        ) : null}
        {v.fallback ? <p className="mt-2 text-sm text-slate-600">{v.fallback}</p> : null}
        {v.odometerNote ? <p className="mt-2 text-sm text-amber-800">{v.odometerNote}</p> : null}
        <ul className="mt-3 space-y-1 text-sm" aria-label="Cách tính">
          <li className="flex justify-between gap-3">
            <span className="text-slate-600">
              Xe tham chiếu: đời {v.reference.year}, {formatKm(v.reference.odo)}
            </span>
            <span className="font-medium tabular-nums">{formatPrice(v.reference.price)}</span>
          </li>
          {v.adjustments.map((a) => (
            <li key={a.label} className="flex justify-between gap-3">
              <span className="text-slate-600">{a.label}</span>
              <span
                className={`font-medium tabular-nums ${a.amount < 0 ? 'text-red-700' : 'text-emerald-700'}`}
              >
                {signed(a.amount)}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-xs text-slate-600">
          Khấu hao theo dữ liệu: {percent(-v.rates.perYear)} mỗi năm, {percent(-v.rates.per10000Km)} mỗi
          10.000 km.
        </p>
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-brand-700">
            Xem {v.comparables.items.length} xe so sánh
          </summary>
          <div className={`${tableClasses.wrap} mt-2 max-h-80`}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Xe so sánh</caption>
              <thead>
                <tr>
                  {['Xe', 'Năm', 'Số km', 'Giá', 'Quy đổi', 'Nguồn'].map((h) => (
                    <th key={h} scope="col" className={tableClasses.th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {v.comparables.items.map((c) => (
                  <tr
                    key={`${c.kind}-${c.carId ?? c.title}-${c.seenOn}-${c.price}-${c.odo}`}
                    className={tableClasses.tr}
                  >
                    <td className={tableClasses.td}>{c.title}</td>
                    <td className={`${tableClasses.td} tabular-nums`}>{c.year}</td>
                    <td className={`${tableClasses.td} whitespace-nowrap tabular-nums`}>{formatKm(c.odo)}</td>
                    <td className={`${tableClasses.td} whitespace-nowrap`}>{formatPrice(c.price)}</td>
                    <td className={`${tableClasses.td} whitespace-nowrap`}>{formatPrice(c.adjustedPrice)}</td>
                    <td className={tableClasses.td}>
                      {c.kindLabel}
                      <span className="block text-xs text-slate-600">
                        {[c.source, c.province, formatDay(c.seenOn)].filter(Boolean).join(' · ')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="price-suggestion-title"
      className="rounded-xl border border-brand-100 bg-brand-50/40 p-4 sm:p-5"
      data-testid="price-suggestion"
    >
      <h3
        id="price-suggestion-title"
        className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <Sparkles className="size-4 text-brand-600" aria-hidden="true" />
        Giá đề xuất theo thị trường
      </h3>
      {body}
      <p className="mt-3 text-xs text-slate-600">
        Giá tham khảo từ giá thị trường đã nhập và giao dịch của showroom.
      </p>
    </section>
  );
}
