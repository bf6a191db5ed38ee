/*
 * The car page's estimates themselves: the on-road price with the basis of every line and the instalment
 * plan, with the contract's calculator (src/contract/car-costs.ts). They sit below the fold, so their code
 * comes in its own chunk when the visitor scrolls near (cost-calculator.tsx).
 */
import {
  instalment,
  loanRatioSteps,
  type OnRoadPapers,
  onRoadCost,
  termSteps,
  VALID_UNTIL_WORDS,
} from '@contract/car-costs';
import { formatDay, formatPrice, formatVnd } from '@contract/format';
import type { CarCalculations } from '@contract/web-config';
import { useId, useMemo, useState } from 'react';

const percent = (r: number) => `${(Math.round(r * 1000) / 10).toString().replace('.', ',')}%`;
const termLabel = (m: number) => (m % 12 === 0 ? `${m} tháng (${m / 12} năm)` : `${m} tháng`);

function Slider({
  id,
  label,
  valueText,
  steps,
  index,
  onIndex,
  format,
}: {
  id: string;
  label: string;
  valueText: string;
  steps: number[];
  index: number;
  onIndex: (i: number) => void;
  format: (v: number) => string;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        <span className="text-sm font-semibold text-slate-900 tabular-nums">{valueText}</span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={steps.length - 1}
        step={1}
        value={index}
        onChange={(e) => onIndex(Number(e.target.value))}
        aria-valuetext={valueText}
        className="h-11 w-full cursor-pointer accent-brand-600"
      />
      <div className="flex justify-between text-xs text-slate-400">
        <span>{format(steps[0])}</span>
        <span>{format(steps[steps.length - 1])}</span>
      </div>
    </div>
  );
}

/** The car the on-road price is for: its price, seats, year and the names the official price is found by. */
export interface CostCalculatorCar {
  price: number;
  seats: number;
  year: number;
  brand: string;
  model: string;
  version: string;
  /** The car's papers: inspection, road fee and insurance still valid are not charged. */
  papers?: OnRoadPapers | null;
}

export function OnRoad({ settings, car }: { settings: CarCalculations; car: CostCalculatorCar }) {
  const { price, seats, year, brand, model, version, papers } = car;
  // The sale date is today (Asia/Ho_Chi_Minh), taken by the calculator.
  const cost = useMemo(
    () => onRoadCost(settings, { price, seats, year, brand, model, version, papers }),
    [settings, price, seats, year, brand, model, version, papers],
  );
  const reg = cost.registration;
  return (
    <div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
          Giá tham khảo
        </span>
        <span>
          Xe sản xuất năm {car.year}, sang tên năm {reg.saleYear}
          {reg.age > 0 ? ` (${reg.age} năm sử dụng)` : ''}.
        </span>
      </p>
      <table className="mt-3 w-full text-sm" aria-label="Chi phí lăn bánh dự tính (giá tham khảo)">
        {cost.lines.map((l) => (
          // One body per line: the amount beside its label, the basis under both at full width.
          <tbody key={l.key} className="border-b border-slate-100" data-line={l.key}>
            <tr>
              <th scope="row" className="pt-2.5 pr-3 text-left font-normal text-slate-700">
                {l.label}
              </th>
              {l.validUntil ? (
                <td
                  className="pt-2.5 text-right font-medium text-emerald-700 tabular-nums"
                  data-amount
                  data-valid-until={l.validUntil}
                >
                  {/* Two short lines on a phone, so the label beside it keeps its width. */}
                  <span className="block whitespace-nowrap sm:inline">{VALID_UNTIL_WORDS}</span>{' '}
                  <span className="whitespace-nowrap">{formatDay(l.validUntil)}</span>
                </td>
              ) : (
                <td
                  className="pt-2.5 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums"
                  data-amount
                >
                  {formatVnd(l.amount)}
                </td>
              )}
            </tr>
            <tr>
              <td
                colSpan={2}
                className="pt-0.5 pb-2.5 text-xs leading-snug text-slate-500"
                data-basis={l.key}
              >
                {l.basis}
              </td>
            </tr>
          </tbody>
        ))}
        <tfoot>
          <tr>
            <th scope="row" className="pt-3 text-left font-semibold text-slate-900">
              Tổng chi phí lăn bánh (tham khảo)
            </th>
            <td className="pt-3 text-right" data-testid="on-road-total">
              <span className="block text-xl font-bold text-brand-600">{formatPrice(cost.total)}</span>
              <span className="block text-xs text-slate-500 tabular-nums">{formatVnd(cost.total)}</span>
            </td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-3 text-xs text-slate-500">
        Trong đó phí và lệ phí: {formatVnd(cost.fees)}. {cost.note}
      </p>
    </div>
  );
}

export function Loan({ settings, price }: { settings: CarCalculations; price: number }) {
  const ratios = useMemo(() => loanRatioSteps(settings), [settings]);
  const terms = useMemo(() => termSteps(settings), [settings]);
  const id = useId();
  const [ratioIndex, setRatioIndex] = useState(() =>
    Math.max(
      0,
      ratios.findIndex((r) => r >= 0.5),
    ),
  );
  // Start at half the price over five years: the plan most buyers ask about.
  const [termIndex, setTermIndex] = useState(() => {
    const i = terms.findIndex((t) => t >= 60);
    return i === -1 ? terms.length - 1 : i;
  });
  const ratio = ratios[Math.min(ratioIndex, ratios.length - 1)] ?? settings.maxLoanRatio;
  const term = terms[Math.min(termIndex, terms.length - 1)] ?? settings.maxTermMonths;
  const plan = useMemo(
    () => instalment(settings, { price, loanRatio: ratio, termMonths: term }),
    [settings, price, ratio, term],
  );

  return (
    <div className="space-y-4">
      <Slider
        id={`${id}-ratio`}
        label="Tỷ lệ vay"
        valueText={`${percent(ratio)} · ${formatPrice(plan.loanAmount)}`}
        steps={ratios}
        index={ratioIndex}
        onIndex={setRatioIndex}
        format={percent}
      />
      <Slider
        id={`${id}-term`}
        label="Thời hạn vay"
        valueText={termLabel(term)}
        steps={terms}
        index={termIndex}
        onIndex={setTermIndex}
        format={(m) => `${m} tháng`}
      />
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-slate-500">Số tiền vay</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{formatVnd(plan.loanAmount)}</dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-slate-500">Trả trước</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{formatVnd(plan.downPayment)}</dd>
        </div>
        <div className="col-span-2 rounded-xl bg-brand-50 p-3 ring-1 ring-brand-100">
          <dt className="text-brand-800">Trả tháng đầu tiên (gốc + lãi)</dt>
          <dd className="mt-0.5 text-2xl font-bold text-brand-700 tabular-nums" data-testid="first-payment">
            {formatVnd(plan.firstMonthPayment)}
          </dd>
          <dd className="mt-0.5 text-xs text-brand-800/80">
            Gốc {formatVnd(plan.monthlyPrincipal)} + lãi {formatVnd(plan.firstMonthInterest)}; các tháng sau
            giảm dần, tháng cuối {formatVnd(plan.lastMonthPayment)}.
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-slate-500">Tổng tiền lãi</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums" data-testid="total-interest">
            {formatVnd(plan.totalInterest)}
          </dd>
        </div>
        <div className="rounded-xl bg-slate-50 p-3">
          <dt className="text-slate-500">Tổng gốc và lãi</dt>
          <dd className="mt-0.5 font-semibold text-slate-900 tabular-nums">{formatVnd(plan.totalPayment)}</dd>
        </div>
      </dl>
      <details className="group rounded-xl ring-1 ring-slate-200">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-medium text-slate-700">
          Lịch trả nợ theo năm
        </summary>
        <div className="overflow-x-auto px-3 pb-3">
          <table className="w-full text-right text-xs tabular-nums">
            <thead className="text-slate-500">
              <tr>
                <th scope="col" className="py-1.5 text-left font-medium">
                  Năm
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Gốc
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Lãi
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Dư nợ cuối năm
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.years.map((y) => (
                <tr key={y.year} className="border-t border-slate-100">
                  <td className="py-1.5 text-left">{y.year}</td>
                  <td className="py-1.5">{formatPrice(y.principal)}</td>
                  <td className="py-1.5">{formatPrice(y.interest)}</td>
                  <td className="py-1.5">{formatPrice(y.balance) || '0'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
      <p className="text-xs text-slate-500">
        Lãi suất tham khảo {percent(plan.annualRate)}/năm, tính trên dư nợ giảm dần. Vay tối đa{' '}
        {percent(settings.maxLoanRatio)} giá trị xe trong {settings.maxTermMonths} tháng.
      </p>
    </div>
  );
}
