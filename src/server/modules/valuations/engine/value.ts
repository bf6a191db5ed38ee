import { BODY_TYPE_LABELS } from '../../../../contract/cars';
import { formatThousands } from '../../../../contract/format';
import { canonicalBrandModel, carGroupKeys, recogniseCarName } from '../../../../contract/query/car-name';
import { explain } from './explain';
import { effectiveN, robustLocation, robustScale, type Slopes, weightedMedian } from './fit';
import { ageAt, type MarketIndex, type ModelInfo } from './market-index';
import type { Basis, Comparable, Observation, ValuationOutcome, ValuationQuery } from './types';

/** Rows a version or a model needs to be valued on its own. */
export const MIN_ROWS = 3;
/** A model year further than this from every comparable is not extrapolated to. */
export const MAX_YEAR_GAP = 5;
/** z of a two-sided 80 % interval: the range should hold the real price about four times in five. */
const Z = 1.2816;
/** Spread of prices around the fitted line before any data (log scale), and its weight in rows. */
const PRIOR_SPREAD = 0.09;
const PRIOR_SPREAD_N = 3;
/** Floor of the spread: listings of one version never agree better than this. */
const MIN_SPREAD = 0.035;
/** A comparable with another gearbox or fuel counts this much (when both are known). */
const MISMATCH_WEIGHT = 0.3;

interface Group {
  basis: Basis;
  rows: Observation[];
  slopes: Slopes;
  /** Rows that set the level (the model's own rows under a segment basis). */
  anchor: Observation[];
  /** Rows the spread is read from (the segment under a segment basis). */
  spreadRows: Observation[];
  fallback: string | null;
}

const carLabel = (i: { brand: string; model: string }) => `${i.brand} ${i.model}`;

/**
 * Values a car from comparable prices: the same version, else the same model, else the model's few
 * prices with the rates and spread of its segment (same body type, similar price level). Each
 * comparable's price is moved to the car's age and kilometres by rates fitted to the data (log-linear,
 * robust, pulled towards the wider group's rates when the group is small), and the estimate is their
 * robust weighted centre; condition answers then apply. Refuses rather than guesses: an unknown car, a
 * model without prices, a year far from every comparable.
 */
export function valueCar(index: MarketIndex, q: ValuationQuery): ValuationOutcome {
  let brand: string;
  let model: string;
  let version = q.version?.trim() ?? '';
  if (q.brand?.trim() && q.model?.trim()) {
    ({ brand, model } = canonicalBrandModel(q.brand, q.model, index.lookup));
  } else {
    const named = recogniseCarName(q.carName ?? '', index.lookup);
    if (!named.ok)
      return {
        ok: false,
        reason: 'unknown-car',
        message: `Chưa nhận ra hãng và dòng xe “${(q.carName ?? '').trim()}”.`,
      };
    ({ brand, model } = named.car);
    version ||= named.car.version;
  }
  const keys = carGroupKeys({ brand, model, version });
  const info = index.models.get(keys.model);
  if (!info) return { ok: false, reason: 'no-data', message: `Chưa có dữ liệu giá của ${brand} ${model}.` };

  const excluded = new Set(q.excludeCarIds ?? []);
  const keep = (o: Observation) => o.carId === null || !excluded.has(o.carId);
  const near = (rows: Observation[]) => rows.some((r) => Math.abs(r.year - q.year) <= MAX_YEAR_GAP);
  const group = chooseGroup(index, info, keys.version, version, keep, near, q.year);
  if ('reason' in group) return { ok: false, ...group };

  const now = q.at ?? index.now;
  const ageQ = ageAt(q.year, now);
  const kmQ = q.odo / 10_000;
  const s = group.slopes;
  // Each comparable moved to this car's age and kilometres; closer in age (and same gearbox, fuel)
  // counts more. Not closer in kilometres: weights that moved with the odometer could let a driven car's
  // estimate rise, when the rate alone must carry the kilometres.
  const weighOf = (o: Observation) => {
    let w = o.weight / (1 + ((o.age - ageQ) / 2.5) ** 2);
    if (q.transmission && o.transmission && o.transmission !== q.transmission) w *= MISMATCH_WEIGHT;
    if (q.fuel && o.fuel && o.fuel !== q.fuel) w *= MISMATCH_WEIGHT;
    return w;
  };
  const moved = (o: Observation) => o.y - s.age * (o.age - ageQ) - s.km * (o.km - kmQ);
  const anchor = group.anchor.map((o) => ({ o, v: moved(o), w: weighOf(o) }));

  const spreadValues =
    group.basis === 'segment' ? withinModel(group.spreadRows, s) : anchor.map((a) => ({ v: a.v, w: a.w }));
  const centre0 = weightedMedian(spreadValues);
  const rawSpread = robustScale(spreadValues, centre0);
  const n = spreadValues.length;
  const spread = Math.max(
    MIN_SPREAD,
    Math.sqrt(
      ((Number.isFinite(rawSpread) ? rawSpread ** 2 * n : 0) + PRIOR_SPREAD ** 2 * PRIOR_SPREAD_N) /
        (n + PRIOR_SPREAD_N),
    ),
  );
  const pooled = robustLocation(anchor, spread);
  const nEff = effectiveN(anchor.map((a) => a.w));
  // Valued from the whole model: how far versions sit apart, and what the asked version's own few prices say.
  const versions = group.basis === 'model' ? versionShift(anchor, keys.version, pooled, spread) : null;
  const level = pooled + (versions?.shift ?? 0);

  // Uncertainty: the spread of single prices, the level's own error, and extrapolation in age.
  const nearestGap = Math.min(...group.anchor.map((o) => Math.abs(o.year - q.year)));
  let variance =
    spread ** 2 * (1 + 1 / Math.max(nEff, 1)) +
    (0.025 * Math.max(0, nearestGap - 1)) ** 2 +
    (versions?.variance ?? 0);
  if (q.flood) variance += 0.1 ** 2;
  if (q.accident) variance += 0.05 ** 2;
  const odometer = odometerCheck(q, ageQ, index.kmPerYear);
  variance += odometer.extraSpread ** 2;
  const sigma = Math.sqrt(variance);

  const comparables: Comparable[] = anchor
    .map((a) => ({ obs: a.o, adjustedPrice: Math.round(Math.exp(a.v)), share: a.w }))
    .sort((a, b) => b.share - a.share);
  const total = comparables.reduce((t, c) => t + c.share, 0) || 1;
  for (const c of comparables) c.share /= total;

  const told = explain({
    q,
    level,
    slopes: s,
    ageQ,
    kmQ,
    comparables,
    groupRows: group.rows,
  });
  const confidence =
    group.basis === 'version' && nEff >= 5 && sigma <= 0.09
      ? 'cao'
      : group.basis !== 'segment' && nEff >= 2.5 && sigma <= 0.16
        ? 'trung bình'
        : 'thấp';
  const round = (v: number) => Math.max(1_000_000, Math.round(v / 1_000_000) * 1_000_000);
  return {
    ok: true,
    valuation: {
      car: { brand, model, version, year: q.year, odo: q.odo },
      estimate: told.estimate,
      low: Math.min(told.estimate, round(told.estimate * Math.exp(-Z * sigma))),
      high: Math.max(told.estimate, round(told.estimate * Math.exp(Z * sigma))),
      confidence,
      basis: group.basis,
      fallback: group.fallback,
      reference: told.reference,
      adjustments: told.adjustments,
      comparables,
      rates: { perYear: Math.exp(s.age) - 1, per10000Km: Math.exp(s.km) - 1, fittedOn: s.n },
      odometerNote: odometer.note,
    },
  };
}

/** The usual odometer of a car of this model year on a day (the market's km a year × its age, a year at least). */
export function usualOdometer(index: MarketIndex, year: number, at: number): number {
  return Math.round((index.kmPerYear * Math.max(1, ageAt(year, at))) / 1000) * 1000;
}

/** An odometer above this many times the usual for the car's age (and 60.000 km over it) is far above. */
export const FAR_ABOVE_USUAL = 2;
const FAR_ABOVE_MIN_KM = 60_000;

/**
 * Whether the odometer is far above what cars of this age usually show (the market's km a year ×
 * the age, a year at least). Such a car (a taxi, a long-distance car, or a reading to check) sits
 * outside the prices the rate was fitted on, and its worth depends on its real state: the range widens
 * by a spread that grows with how far above it is (5 % at the line, 3 % more per usual mileage beyond,
 * at most 25 %), and the answer says so.
 */
export function odometerCheck(
  q: Pick<ValuationQuery, 'odo' | 'year'>,
  age: number,
  kmPerYear: number,
): { usual: number; extraSpread: number; note: string | null } {
  const usual = kmPerYear * Math.max(1, age);
  const far = q.odo > FAR_ABOVE_USUAL * usual && q.odo - usual >= FAR_ABOVE_MIN_KM;
  if (!far) return { usual, extraSpread: 0, note: null };
  const beyond = q.odo / usual - FAR_ABOVE_USUAL;
  const usualText = formatThousands(Math.round(usual / 1000) * 1000);
  return {
    usual,
    extraSpread: Math.min(0.25, 0.05 + 0.03 * beyond),
    note:
      `Số km ${formatThousands(q.odo)} km cao bất thường so với đời xe ${q.year} (xe cùng tuổi thường đi khoảng ${usualText} km): ` +
      'giá xe chạy nhiều (xe dịch vụ, xe chạy đường dài) chênh nhau lớn tùy tình trạng thực tế, nên khoảng giá được nới rộng. ' +
      'Showroom sẽ kiểm tra xe và đồng hồ km trước khi báo giá.',
  };
}

/**
 * A model's versions sit at different price levels. Their spread (τ, from the versions' own centres)
 * is uncertainty for a version the data barely knows; its few prices move the estimate towards them by
 * how much they can be trusted against single prices' spread (σ): τ² / (τ² + σ² / n).
 */
function versionShift(
  anchor: { o: Observation; v: number; w: number }[],
  versionKey: string,
  pooled: number,
  spread: number,
): { shift: number; variance: number } {
  const byVersion = new Map<string, { v: number; w: number }[]>();
  for (const a of anchor) {
    const list = byVersion.get(a.o.versionKey) ?? [];
    list.push({ v: a.v, w: a.w });
    byVersion.set(a.o.versionKey, list);
  }
  const centres = [...byVersion.values()].map((list) => ({ v: weightedMedian(list), w: 1 }));
  const tau = centres.length >= 2 ? robustScale(centres, pooled) : 0;
  const own = byVersion.get(versionKey) ?? [];
  if (!(tau > 0)) return { shift: 0, variance: 0 };
  if (own.length === 0) return { shift: 0, variance: tau ** 2 };
  const trust = tau ** 2 / (tau ** 2 + spread ** 2 / own.length);
  const mean = own.reduce((s, x) => s + x.v, 0) / own.length;
  return { shift: trust * (mean - pooled), variance: tau ** 2 * (1 - trust) };
}

/** Residuals of a segment's rows around their own model's centre, once moved by the rates. */
function withinModel(rows: Observation[], s: Slopes) {
  const byModel = new Map<string, { v: number; w: number }[]>();
  for (const o of rows) {
    const list = byModel.get(o.modelKey) ?? [];
    list.push({ v: o.y - s.age * o.age - s.km * o.km, w: o.weight });
    byModel.set(o.modelKey, list);
  }
  const out: { v: number; w: number }[] = [];
  for (const list of byModel.values()) {
    if (list.length < 2) continue;
    const m = weightedMedian(list);
    for (const x of list) out.push({ v: x.v - m, w: x.w });
  }
  return out;
}

function chooseGroup(
  index: MarketIndex,
  info: ModelInfo,
  versionKey: string,
  version: string,
  keep: (o: Observation) => boolean,
  near: (rows: Observation[]) => boolean,
  year: number,
): Group | { reason: 'no-data' | 'too-far'; message: string } {
  const modelRows = info.rows.filter(keep);
  const versionRows = version ? (info.versions.get(versionKey) ?? []).filter(keep) : [];
  const modelOk = modelRows.length >= MIN_ROWS && near(modelRows);
  const slopes = modelRows.length >= MIN_ROWS ? index.slopesOfModel(info) : index.slopesOfSegment(info);
  if (versionRows.length >= MIN_ROWS && near(versionRows))
    return {
      basis: 'version',
      rows: versionRows,
      slopes,
      anchor: versionRows,
      spreadRows: versionRows,
      fallback: null,
    };
  if (modelOk)
    return {
      basis: 'model',
      rows: modelRows,
      slopes,
      anchor: modelRows,
      spreadRows: modelRows,
      fallback: version
        ? `Chưa đủ xe cùng phiên bản ${version} (${versionRows.length} xe): định giá theo ${modelRows.length} xe cùng dòng ${carLabel(info)}.`
        : null,
    };
  if (modelRows.length === 0)
    return { reason: 'no-data', message: `Chưa có dữ liệu giá của ${carLabel(info)}.` };
  if (!near(modelRows)) {
    const years = modelRows.map((r) => r.year);
    return {
      reason: 'too-far',
      message: `Dữ liệu giá của ${carLabel(info)} chỉ có xe đời ${Math.min(...years)}–${Math.max(...years)}, quá xa đời ${year}.`,
    };
  }
  const segment = index.segment(info).filter(keep);
  const body = info.bodyType ? BODY_TYPE_LABELS[info.bodyType] : 'cùng kiểu dáng';
  return {
    basis: 'segment',
    rows: modelRows,
    slopes,
    anchor: modelRows,
    spreadRows: segment,
    fallback:
      `Chỉ có ${modelRows.length} xe cùng dòng ${carLabel(info)}: định giá theo ${modelRows.length === 1 ? 'xe đó' : 'các xe đó'}, ` +
      `với mức khấu hao và độ chênh giá của ${segment.length} xe cùng phân khúc (${body}, tầm giá tương đương).`,
  };
}
