import type { DealView } from '@contract/deals';
import { formatVnd } from '@contract/format';
import { Card } from './card';

function Line({
  label,
  amount,
  minus,
  note,
  strong,
}: {
  label: string;
  amount: number;
  minus?: boolean;
  note?: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : ''}`}
    >
      <dt className="min-w-0 text-slate-700">
        {label}
        {note ? <span className="block text-xs font-normal text-slate-500">{note}</span> : null}
      </dt>
      <dd className="shrink-0 text-right tabular-nums">
        {minus && amount > 0 ? '− ' : ''}
        {formatVnd(amount)}
      </dd>
    </div>
  );
}

/** The price build-up: price, fees line by line, trade-in, then what was received; the balance is derived. */
export function MoneyCard({ deal }: { deal: DealView }) {
  const m = deal.money;
  return (
    <Card title="Giá và thanh toán">
      <dl className="text-sm" data-testid="deal-money">
        <Line label="Giá xe" amount={m.price} />
        {deal.fees.map((f) => (
          <Line key={f.label} label={f.label} amount={f.amount} note={f.basis} />
        ))}
        {deal.tradeIn ? (
          <Line label={`Xe đổi: ${deal.tradeIn.description}`} amount={m.tradeInValue} minus />
        ) : null}
        <Line label="Tổng khách phải trả" amount={m.total} strong />
        <Line label="Đã đặt cọc" amount={m.deposit} minus />
        <Line label="Ngân hàng đã giải ngân" amount={m.loanDisbursed} minus />
        <Line label="Đã thanh toán khác" amount={m.paid - m.deposit - m.loanDisbursed + m.refunded} minus />
        {m.refunded > 0 ? <Line label="Đã hoàn cho khách" amount={m.refunded} /> : null}
        <div className="mt-1 flex items-baseline justify-between gap-4 rounded-lg bg-slate-50 px-3 py-2 text-base font-bold text-slate-900">
          <dt>{m.balanceDue >= 0 ? 'Còn phải thu' : 'Phải hoàn cho khách'}</dt>
          <dd className="tabular-nums" data-testid="deal-balance">
            {formatVnd(Math.abs(m.balanceDue))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
