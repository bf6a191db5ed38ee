import type { BodyType } from '../../../../contract/cars';
import {
  canonicalBrandModel,
  carGroupKeys,
  dictionaryLookup,
  type Lookup,
} from '../../../../contract/query/car-name';
import { vnTime } from '../../../../contract/vn-time';
import { fitSlopes, type Point, type Slopes, weightedMedian } from './fit';
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
  private readonly modelSlopes = new Map<string, Slopes>();
  private readonly segmentRows = new Map<string, Observation[]>();
  private readonly segmentSlopes = new Map<string, Slopes>();

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
    this.global = fitSlopes(
      this.points(
        [...this.models.values()].flatMap((m) => m.rows),
        'model',
      ),
      PRIOR_SLOPES,
      20,
    );
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

  /** The model's rates (versions' means removed), pulled towards its segment's. */
  slopesOfModel(info: ModelInfo): Slopes {
    let s = this.modelSlopes.get(info.key);
    if (!s) {
      s = fitSlopes(this.points(info.rows, 'version'), this.slopesOfSegment(info), 8);
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
