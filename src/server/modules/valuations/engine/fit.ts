/**
 * The statistics the engine needs, small and dependency-free: a weighted median, a robust scale, and a
 * robust ridge fit of log price on age and kilometres with group means removed.
 */

export interface Point {
  /** ln(price) */
  y: number;
  /** Age in years when the price was seen. */
  age: number;
  /** Kilometres / 10.000. */
  km: number;
  /** Evidence weight (kind, recency, similarity). */
  w: number;
  /** The group whose mean is removed (a version within a model, a model within a segment). */
  group: string;
}

export interface Slopes {
  /** Change of ln(price) per year of age (negative). */
  age: number;
  /** Change of ln(price) per 10.000 km (negative or zero). */
  km: number;
  /** How many points the slopes were fitted on (0: the prior alone). */
  n: number;
}

/**
 * Clamps: a car never gains value by ageing, never loses more than this a year, and every kilometre
 * costs something (at least 0,2 % per 10.000 km, the least any market study of used cars shows): a
 * model whose few prices happen to rise with the odometer must still value a driven car lower.
 */
export const AGE_SLOPE_RANGE: [number, number] = [-0.3, -0.01];
export const KM_SLOPE_RANGE: [number, number] = [-0.05, -0.002];

export const clamp = (v: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, v));

export function weightedMedian(values: { v: number; w: number }[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a.v - b.v);
  const total = sorted.reduce((s, x) => s + x.w, 0);
  let acc = 0;
  for (const x of sorted) {
    acc += x.w;
    if (acc >= total / 2) return x.v;
  }
  return sorted[sorted.length - 1].v;
}

/** Median absolute deviation scaled to a normal standard deviation. */
export function robustScale(values: { v: number; w: number }[], centre: number): number {
  if (values.length < 2) return Number.NaN;
  return 1.4826 * weightedMedian(values.map((x) => ({ v: Math.abs(x.v - centre), w: x.w })));
}

/** Huber weight of a standardised residual. */
const huber = (r: number, k = 1.5) => (Math.abs(r) <= k ? 1 : k / Math.abs(r));

// Typical spreads of age (years) and km (10.000 km) in a used-car market: the prior's scale.
const S_AGE = 2;
const S_KM = 3;

interface Centred {
  y: number;
  a: number;
  k: number;
  w: number;
}

/** Points less their group's weighted mean (groups of one point say nothing about a slope: dropped). */
function centred(points: Point[]): Centred[] {
  const sums = new Map<string, { w: number; y: number; a: number; k: number; n: number }>();
  for (const p of points) {
    const s = sums.get(p.group) ?? { w: 0, y: 0, a: 0, k: 0, n: 0 };
    s.w += p.w;
    s.y += p.w * p.y;
    s.a += p.w * p.age;
    s.k += p.w * p.km;
    s.n++;
    sums.set(p.group, s);
  }
  return points
    .filter((p) => (sums.get(p.group)?.n ?? 0) > 1)
    .map((p) => {
      const s = sums.get(p.group)!;
      return { y: p.y - s.y / s.w, a: p.age - s.a / s.w, k: p.km - s.k / s.w, w: p.w };
    });
}

/** Residuals' robust scale (floored at 3 %) and the Huber weights it gives each point. */
function reweigh(points: Centred[], residual: (p: Centred) => number): { scale: number; robust: number[] } {
  const residuals = points.map((p) => ({ v: residual(p), w: p.w }));
  const scale = Math.max(0.03, robustScale(residuals, 0) || 0.03);
  return { scale, robust: residuals.map((r) => huber(r.v / scale)) };
}

/**
 * Ridge regression of y on (age, km) after removing each group's weighted mean, pulled towards the
 * prior slopes with the strength of `priorN` typical points, reweighted twice with Huber weights so a
 * mistyped price does not bend the line. Slopes are clamped to AGE_SLOPE_RANGE / KM_SLOPE_RANGE; when
 * the km rate is clamped, the age rate is fitted again with the km rate held there.
 */
export function fitSlopes(points: Point[], prior: Slopes, priorN = 6): Slopes {
  const lamAge = priorN * S_AGE * S_AGE;
  const lamKm = priorN * S_KM * S_KM;
  const rows = centred(points);
  if (rows.length < 3) return { ...prior, n: 0 };

  let bAge = prior.age;
  let bKm = prior.km;
  let robust = rows.map(() => 1);
  for (let iter = 0; iter < 3; iter++) {
    let saa = lamAge;
    let skk = lamKm;
    let sak = 0;
    let say = lamAge * prior.age;
    let sky = lamKm * prior.km;
    rows.forEach((p, i) => {
      const w = p.w * robust[i];
      saa += w * p.a * p.a;
      skk += w * p.k * p.k;
      sak += w * p.a * p.k;
      say += w * p.a * p.y;
      sky += w * p.k * p.y;
    });
    const det = saa * skk - sak * sak;
    if (!(Math.abs(det) > 1e-12)) break;
    bKm = clamp((sky * saa - say * sak) / det, KM_SLOPE_RANGE);
    bAge = clamp((say - sak * bKm) / saa, AGE_SLOPE_RANGE);
    ({ robust } = reweigh(rows, (p) => p.y - bAge * p.a - bKm * p.k));
  }
  return { age: bAge, km: bKm, n: rows.length };
}

/**
 * What a group's own prices say of the km rate, age held (versions' means removed, then km and price
 * each freed of their dependence on age): the rate and its standard error, robust to a mistyped price.
 * Null with fewer than 5 usable prices or kilometres that hardly differ once age is accounted for.
 */
export function kmSignal(points: Point[]): { b: number; se: number } | null {
  const rows = centred(points);
  if (rows.length < 5) return null;
  let robust = rows.map(() => 1);
  let b = 0;
  let se = Number.POSITIVE_INFINITY;
  for (let iter = 0; iter < 3; iter++) {
    let sw = 0;
    let saa = 0;
    let sak = 0;
    let say = 0;
    rows.forEach((p, i) => {
      const w = p.w * robust[i];
      sw += w;
      saa += w * p.a * p.a;
      sak += w * p.a * p.k;
      say += w * p.a * p.y;
    });
    if (!(saa > 1e-9 && sw > 0)) return null;
    // Frisch–Waugh: the km rate is the slope of price on km once both are freed of age.
    const kOnA = sak / saa;
    const yOnA = say / saa;
    let skk = 0;
    let sky = 0;
    rows.forEach((p, i) => {
      const w = p.w * robust[i];
      const k = p.k - kOnA * p.a;
      skk += w * k * k;
      sky += w * k * (p.y - yOnA * p.a);
    });
    if (!(skk > 1e-9)) return null;
    b = sky / skk;
    const fit = reweigh(rows, (p) => p.y - yOnA * p.a - b * (p.k - kOnA * p.a));
    robust = fit.robust;
    // Weights are relative (kind, recency): the information is counted in typical points.
    se = fit.scale / Math.sqrt(skk / (sw / rows.length));
  }
  return { b, se };
}

/** The age rate with the km rate fixed: ridge towards `priorAge` with the strength of `priorN` points. */
export function fitAgeGivenKm(points: Point[], km: number, priorAge: number, priorN = 6): number {
  const rows = centred(points);
  if (rows.length < 3) return priorAge;
  const lam = priorN * S_AGE * S_AGE;
  let bAge = priorAge;
  let robust = rows.map(() => 1);
  for (let iter = 0; iter < 3; iter++) {
    let saa = lam;
    let say = lam * priorAge;
    rows.forEach((p, i) => {
      const w = p.w * robust[i];
      saa += w * p.a * p.a;
      say += w * p.a * (p.y - km * p.k);
    });
    bAge = clamp(say / saa, AGE_SLOPE_RANGE);
    ({ robust } = reweigh(rows, (p) => p.y - km * p.k - bAge * p.a));
  }
  return bAge;
}

/** Huber M-estimate of a weighted location (a few iterations from the weighted median). */
export function robustLocation(values: { v: number; w: number }[], scale: number): number {
  let m = weightedMedian(values);
  const s = Math.max(scale, 0.02);
  for (let iter = 0; iter < 4; iter++) {
    let num = 0;
    let den = 0;
    for (const x of values) {
      const w = x.w * huber((x.v - m) / s);
      num += w * x.v;
      den += w;
    }
    if (den > 0) m = num / den;
  }
  return m;
}

/** Kish's effective sample size of a set of weights. */
export function effectiveN(weights: number[]): number {
  const s = weights.reduce((a, b) => a + b, 0);
  const s2 = weights.reduce((a, b) => a + b * b, 0);
  return s2 > 0 ? (s * s) / s2 : 0;
}
