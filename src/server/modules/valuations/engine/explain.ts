import { formatThousands } from '../../../../contract/format';
import { type Slopes, weightedMedian } from './fit';
import type { Comparable, Observation, ValuationQuery } from './types';

/**
 * What the condition answers do to a price. The market lists say nothing of a car's past, so these are
 * not fitted: they are the discounts Vietnamese dealers apply (a flooded car sells a quarter lower, a
 * repaired accident about an eighth), written here once and in docs/valuation.md.
 */
export const CONDITION_FACTORS = {
  flood: 0.75,
  accident: 0.88,
  serviceHistory: 1.02,
  noServiceHistory: 0.97,
  oneOwner: 1.01,
  /** Per owner after the first, at most four. */
  perExtraOwner: 0.985,
  /** A manual car valued from automatic ones (and the reverse). */
  manualVsAutomatic: 0.95,
};

const MILLION = 1_000_000;
const toMillion = (v: number) => Math.round(v / MILLION) * MILLION;

export interface Explained {
  estimate: number;
  reference: { price: number; year: number; odo: number };
  adjustments: { label: string; amount: number }[];
}

/**
 * The estimate told as a reference car (the comparables' typical year and kilometres, at their
 * centre's price) plus one signed amount per difference: age, kilometres, then each condition. Amounts
 * are whole millions and add up to the estimate exactly.
 */
export function explain(a: {
  q: ValuationQuery;
  /** ln(price) of the valued car before its condition. */
  level: number;
  slopes: Slopes;
  ageQ: number;
  kmQ: number;
  comparables: Comparable[];
  groupRows: Observation[];
}): Explained {
  const { q, level, slopes: s, ageQ, kmQ } = a;
  const refAge = weightedMedian(a.comparables.map((c) => ({ v: c.obs.age, w: c.share })));
  const refKm = weightedMedian(a.comparables.map((c) => ({ v: c.obs.km, w: c.share })));
  // Whole years and thousands of km, so the words say what the amounts do.
  const years = Math.round(refAge - ageQ);
  const refOdo = Math.round((refKm * 10_000) / 1000) * 1000;
  const refLog = level + s.age * years + s.km * (refOdo / 10_000 - kmQ);

  const steps: { label: string; value: number }[] = [];
  const afterAge = level + s.km * (refOdo / 10_000 - kmQ);
  if (years !== 0)
    steps.push({
      label:
        years > 0 ? `Đời xe mới hơn xe tham chiếu ${years} năm` : `Đời xe cũ hơn xe tham chiếu ${-years} năm`,
      value: Math.exp(afterAge),
    });
  const dKm = q.odo - refOdo;
  if (Math.abs(dKm) >= 1000)
    steps.push({
      label:
        dKm > 0
          ? `Số km cao hơn trung bình ${formatThousands(Math.round(dKm / 1000) * 1000)} km`
          : `Số km thấp hơn trung bình ${formatThousands(Math.round(-dKm / 1000) * 1000)} km`,
      value: Math.exp(level),
    });
  let price = Math.exp(level);
  const apply = (factor: number, label: string) => {
    price *= factor;
    steps.push({ label, value: price });
  };
  const f = CONDITION_FACTORS;
  const gearboxes = new Set(a.groupRows.map((r) => r.transmission).filter(Boolean));
  if (q.transmission && gearboxes.size > 0 && !gearboxes.has(q.transmission)) {
    if (q.transmission === 'MANUAL') apply(f.manualVsAutomatic, 'Số sàn (các xe so sánh đều số tự động)');
    else apply(1 / f.manualVsAutomatic, 'Số tự động (các xe so sánh đều số sàn)');
  }
  if (q.owners === 1) apply(f.oneOwner, 'Xe một chủ từ mới');
  else if (q.owners && q.owners > 1)
    apply(f.perExtraOwner ** Math.min(4, q.owners - 1), `Xe đã qua ${q.owners} đời chủ`);
  if (q.serviceHistory === true) apply(f.serviceHistory, 'Bảo dưỡng định kỳ đầy đủ tại hãng');
  else if (q.serviceHistory === false) apply(f.noServiceHistory, 'Không có lịch sử bảo dưỡng tại hãng');
  if (q.accident) apply(f.accident, 'Xe từng bị tai nạn (đâm đụng)');
  if (q.flood) apply(f.flood, 'Xe từng bị ngập nước');

  const adjustments: Explained['adjustments'] = [];
  let before = Math.exp(refLog);
  for (const step of steps) {
    const amount = toMillion(step.value - before);
    before = step.value;
    if (amount !== 0) adjustments.push({ label: step.label, amount });
  }
  // The reference is what is left once the rounded amounts are taken off the rounded estimate, so the
  // lines always add up.
  const target = Math.max(MILLION, toMillion(price));
  const reference = target - adjustments.reduce((t, x) => t + x.amount, 0);
  return {
    estimate: target,
    reference: { price: reference, year: q.year - years, odo: Math.max(0, refOdo) },
    adjustments,
  };
}
