import type { BodyType } from '../../../../contract/cars';
import {
  canonicalBrandModel,
  carGroupKeys,
  dictionaryLookup,
  type Lookup,
} from '../../../../contract/query/car-name';
import { vnTime } from '../../../../contract/vn-time';
import {
  clamp,
  fitAgeGivenKm,
  fitSlopes,
  KM_SLOPE_RANGE,
  kmSignal,
  type Point,
  type Slopes,
  weightedMedian,
} from './fit';
import type { EvidenceInput, EvidenceKind, Observation } from './types';

export const YEAR_MS = 365.25 * 86_400_000;
/** How much one price counts by its kind: a sale is a price someone paid, a listing one asked for. */
export const KIND_WEIGHT: Record<EvidenceKind, number> = { market: 1, listing: 1, sale: 2 };
/** A price seen this many months ago counts half. */
export const HALF_LIFE_MONTHS = 18;
/** Before any data: about 11 % a year and 0,7 % per 10.000 km (used cars in Vietnam). */
export const PRIOR_SLOPES: Slopes = { age: Math.log(0.89), km: -0.007, n: 0 };
/** Models whose reference price is within this factor of the valued one's share its segment. */
export const SEGMENT_BAND = 1.4;
/** The reference car a model's price level is read at: 3 years old, 45.000 km. */
const REF_AGE = 3;
const REF_KM = 4.5;
/**
 * How far the km rate of one model may sit from the pooled one, at least and at most (per 10.000 km):
 * the spread between models is estimated from the data between these bounds.
 */
const KM_SPREAD_RANGE: [number, number] = [0.001, 0.004];
/** Before the data says otherwise, a car in Vietnam drives about this much a year. */
const USUAL_KM_PER_YEAR = 14_000;
/** A brand's rates pool its other models' prices only when they hold at least this many. */
const MIN_BRAND_ROWS = 10;

/** Years from the middle of the model year to a moment (never negative). */
export const ageAt = (year: number, at: number) => Math.max(0, (at - Date.UTC(year, 6, 1)) / YEAR_MS);

export interface ModelInfo {
  key: string;
  brand: string;
  model: string;
  bodyType: BodyType | null;
  /** ln(price) of its reference car (3 years, 45.000 km) by the prior rates; null without rows. */
  level: number | null;
  rows: Observation[];
  versions: Map<string, Observation[]>;
}

function mostCommon<T>(values: T[]): T | null {
  const counts = new Map<T, number>();
  let best: T | null = null;
  let bestN = 0;
  for (const v of values) {
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) [best, bestN] = [v, n];
  }
  return best;
}

/**
 * Everything the engine reads, indexed once per change of the data: observations by model and by
 * version, each model's body type and price level (its segment), the rates fitted per model, per
 * segment and overall (memoised), and the names it recognises.
 */
export class MarketIndex {
  readonly models = new Map<string, ModelInfo>();
  readonly lookup: Lookup;
  readonly global: Slopes;
  readonly size: number;
  /** The market's usual kilometres a year (median over prices of cars a year old or more). */
  readonly kmPerYear: number;
  /**
   * How far models' km rates really sit from the market's (τ), from every model's own signal: the mean
   * squared gap less each one's own uncertainty (method of moments), within KM_SPREAD_RANGE. Measured
   * from the overall rate rather than each model's pooled one: as good on the benchmark, and it keeps
   * the first valuation from fitting every segment (0,36 s on 8.000 prices).
   */
  readonly kmSpread: number;
  private readonly modelSlopes = new Map<string, Slopes>();
  private readonly segmentRows = new Map<string, Observation[]>();
  private readonly segmentSlopes = new Map<string, Slopes>();
  private readonly brandSlopes = new Map<string, Slopes>();
  private readonly brandRows = new Map<string, Observation[]>();

  constructor(
    evidence: EvidenceInput[],
    readonly now: number,
  ) {
    const base = dictionaryLookup();
    const brands = new Set<string>();
    const models: { brand: string; model: string }[] = [];
    for (const e of evidence) {
      brands.add(e.brand);
      models.push({ brand: e.brand, model: e.model });
    }
    this.lookup = dictionaryLookup({ brands: [...brands], models });
    for (const e of evidence) {
      if (!(e.price > 0) || !(e.year > 1900)) continue;
      const named = canonicalBrandModel(e.brand, e.model, base);
      const keys = carGroupKeys({ ...named, version: e.version });
      const seenAt = vnTime(e.seenOn, '12:00').getTime();
      const at = Number.isFinite(seenAt) ? Math.min(seenAt, now) : now;
      const months = (now - at) / (YEAR_MS / 12);
      const obs: Observation = {
        ...e,
        ...named,
        modelKey: keys.model,
        versionKey: keys.version,
        y: Math.log(e.price),
        age: ageAt(e.year, at),
        km: e.odo / 10_000,
        weight: KIND_WEIGHT[e.kind] * 0.5 ** (months / HALF_LIFE_MONTHS),
      };
      let info = this.models.get(keys.model);
      if (!info) {
        info = {
          key: keys.model,
          brand: named.brand,
          model: named.model,
          bodyType: null,
          level: null,
          rows: [],
          versions: new Map(),
        };
        this.models.set(keys.model, info);
      }
      info.rows.push(obs);
      const ofBrand = this.brandRows.get(named.brand) ?? [];
      ofBrand.push(obs);
      this.brandRows.set(named.brand, ofBrand);
      const list = info.versions.get(keys.version) ?? [];
      list.push(obs);
      info.versions.set(keys.version, list);
    }
    this.size = [...this.models.values()].reduce((s, m) => s + m.rows.length, 0);
    for (const info of this.models.values()) {
      info.bodyType = mostCommon(info.rows.map((r) => r.bodyType).filter((b): b is BodyType => b !== null));
      info.level = weightedMedian(
        info.rows.map((r) => ({
          v: r.y - PRIOR_SLOPES.age * (r.age - REF_AGE) - PRIOR_SLOPES.km * (r.km - REF_KM),
          w: r.weight,
        })),
      );
    }
    const perYear = weightedMedian(
      [...this.models.values()]
        .flatMap((m) => m.rows)
        .filter((r) => r.age >= 1)
        .map((r) => ({ v: (r.km * 10_000) / r.age, w: r.weight })),
    );
    this.kmPerYear = perYear > 0 ? perYear : USUAL_KM_PER_YEAR;
    this.global = fitSlopes(
      this.points(
        [...this.models.values()].flatMap((m) => m.rows),
        'model',
      ),
      PRIOR_SLOPES,
      20,
    );
    const gaps: number[] = [];
    for (const info of this.models.values()) {
      const own = kmSignal(this.points(info.rows, 'version'));
      if (own && Number.isFinite(own.se)) gaps.push((own.b - this.global.km) ** 2 - own.se ** 2);
    }
    const tau2 = gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0;
    this.kmSpread = clamp(Math.sqrt(Math.max(0, tau2)), KM_SPREAD_RANGE);
  }

  private points(rows: Observation[], by: 'model' | 'version'): Point[] {
    return rows.map((r) => ({
      y: r.y,
      age: r.age,
      km: r.km,
      w: r.weight,
      group: by === 'model' ? r.modelKey : r.versionKey,
    }));
  }

  /** Rows of the same body type whose models' price levels are within SEGMENT_BAND of this one's. */
  segment(info: ModelInfo): Observation[] {
    const cached = this.segmentRows.get(info.key);
    if (cached) return cached;
    const band = Math.log(SEGMENT_BAND);
    const rows: Observation[] = [];
    if (info.bodyType && info.level !== null) {
      for (const m of this.models.values()) {
        if (m.bodyType === info.bodyType && m.level !== null && Math.abs(m.level - info.level) <= band)
          rows.push(...m.rows);
      }
    }
    this.segmentRows.set(info.key, rows);
    return rows;
  }

  /** The segment's rates (models' means removed), pulled towards the overall rates. */
  slopesOfSegment(info: ModelInfo): Slopes {
    let s = this.segmentSlopes.get(info.key);
    if (!s) {
      s = fitSlopes(this.points(this.segment(info), 'model'), this.global, 10);
      this.segmentSlopes.set(info.key, s);
    }
    return s;
  }

  /** The brand's rates (models' means removed), pulled towards the overall rates. */
  private slopesOfBrand(brand: string): Slopes {
    let s = this.brandSlopes.get(brand);
    if (!s) {
      s = fitSlopes(this.points(this.brandRows.get(brand) ?? [], 'model'), this.global, 10);
      this.brandSlopes.set(brand, s);
    }
    return s;
  }

  /**
   * The rates a model borrows where its own prices say little: the middle of its segment's and its
   * brand's (a brand's cars keep their value alike: Toyota holds, VinFast petrol cars fall), the brand
   * counted only when its other models hold enough prices, the overall rates when neither exists.
   */
  pooledSlopes(info: ModelInfo): Slopes {
    const others = (this.brandRows.get(info.brand)?.length ?? 0) - info.rows.length;
    const parts = [
      this.slopesOfSegment(info),
      ...(others >= MIN_BRAND_ROWS ? [this.slopesOfBrand(info.brand)] : []),
    ].filter((p) => p.n > 0);
    if (parts.length === 0) return this.global;
    const mean = (f: (s: Slopes) => number) => parts.reduce((t, p) => t + f(p), 0) / parts.length;
    return { age: mean((p) => p.age), km: mean((p) => p.km), n: Math.max(...parts.map((p) => p.n)) };
  }

  /**
   * The model's rates. Per kilometre: its own prices' rate where they show one, the pooled rate where
   * they do not, weighed by how sure its own rate is against how far models really differ
   * (τ² / (τ² + se²)); age and km run together (older cars have driven more), so the age rate is then
   * fitted with the km rate held, pulled towards the pooled age rate.
   */
  slopesOfModel(info: ModelInfo): Slopes {
    let s = this.modelSlopes.get(info.key);
    if (!s) {
      const pooled = this.pooledSlopes(info);
      const points = this.points(info.rows, 'version');
      const own = kmSignal(points);
      const tau = this.kmSpread;
      const trust = own ? tau ** 2 / (tau ** 2 + own.se ** 2) : 0;
      const km = clamp(pooled.km + trust * ((own?.b ?? pooled.km) - pooled.km), KM_SLOPE_RANGE);
      const age = fitAgeGivenKm(points, km, pooled.age, 8);
      s = { age, km, n: points.length };
      this.modelSlopes.set(info.key, s);
    }
    return s;
  }

  /** The model's information by brand and model as given (named by the dictionary when it knows them). */
  find(brand: string, model: string): ModelInfo | undefined {
    const named = canonicalBrandModel(brand, model, this.lookup);
    return this.models.get(carGroupKeys(named).model);
  }
}
