import { formatKm, formatPrice } from '@contract/format';
import type { ValuationOutcome } from './car-valuation';

/** The estimate, its range and confidence, and how it was reached; or the offer of a valuation by a person. */
export function ValuationResult({ outcome }: { outcome: ValuationOutcome }) {
  if (outcome.kind === 'manual')
    return (
      <div
        className="space-y-2 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
        role="status"
      >
        <p className="font-semibold">Nhân viên sẽ định giá và gọi lại</p>
        {/* The reason alone; the server's full message points elsewhere, while the form is right here. */}
        <p>
          {outcome.detail ? `${outcome.detail} Chưa thể định giá tự động chiếc xe này.` : outcome.message}
        </p>
        <p>Gửi thông tin xe ở bước 2 bên dưới: nhân viên thu mua sẽ định giá và gọi lại cho bạn.</p>
        {outcome.hotline ? (
          <p>
            Cần gấp?{' '}
            <a href={`tel:${outcome.hotline}`} className="font-medium underline">
              Gọi {outcome.hotline}
            </a>
          </p>
        ) : null}
      </div>
    );
  const v = outcome.valuation;
  return (
    <section
      className="space-y-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-label="Kết quả định giá"
      role="status"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Giá tham khảo</p>
      <p className="text-3xl font-bold text-brand-700">{formatPrice(v.estimate)}</p>
      <p className="text-sm text-slate-700">
        Khoảng giá: <strong>{formatPrice(v.low)}</strong> – <strong>{formatPrice(v.high)}</strong> · Độ tin
        cậy: <strong>{v.confidence}</strong>
      </p>
      {v.odometerNote ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          {v.odometerNote}
        </p>
      ) : null}
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer font-medium text-slate-900">Cách tính giá này</summary>
        <div className="mt-2 space-y-2">
          <p>
            {v.basisLabel}: {v.comparables.count} xe so sánh. {v.fallback ?? ''}
          </p>
          <p>
            Xe điển hình: đời {v.reference.year}, {formatKm(v.reference.odo)}, giá{' '}
            {formatPrice(v.reference.price)}.
          </p>
          {v.adjustments.length ? (
            <ul className="space-y-1">
              {v.adjustments.map((a) => (
                <li key={a.label} className="flex justify-between gap-3">
                  <span>{a.label}</span>
                  <span className={a.amount < 0 ? 'text-red-700' : 'text-emerald-700'}>
                    {a.amount < 0 ? '−' : '+'}
                    {formatPrice(Math.abs(a.amount))}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </details>
      <p className="text-xs text-slate-500">{v.note}</p>
    </section>
  );
}
