import type { BodyType, Fuel, Transmission } from '../../../../contract/cars';

/**
 * What the engine knows of one price: an imported market price, a car on sale at the showroom (its
 * asking price) or a car the showroom sold (the price it fetched: stronger evidence).
 */
export type EvidenceKind = 'market' | 'listing' | 'sale';

export interface EvidenceInput {
  kind: EvidenceKind;
  /** The market price's id, or the car's id for listings and sales. */
  ref: number;
  carId: number | null;
  title: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  odo: number;
  price: number;
  transmission: Transmission | null;
  fuel: Fuel | null;
  bodyType: BodyType | null;
  province: string;
  source: string;
  /** The day the price was seen (yyyy-mm-dd). */
  seenOn: string;
}

export interface Observation extends EvidenceInput {
  modelKey: string;
  versionKey: string;
  /** ln(price) */
  y: number;
  /** Years from the model year's middle to the day the price was seen. */
  age: number;
  /** Kilometres / 10.000. */
  km: number;
  /** Weight of the kind of evidence times its recency. */
  weight: number;
}

/** The car to value, as the engine reads it. */
export interface ValuationQuery {
  carName?: string;
  brand?: string;
  model?: string;
  version?: string;
  year: number;
  odo: number;
  transmission?: Transmission;
  fuel?: Fuel;
  /** How many owners the car has had, the present one included. */
  owners?: number;
  accident?: boolean;
  flood?: boolean;
  /** Serviced at the brand's workshops throughout (true), or not (false). */
  serviceHistory?: boolean;
  province?: string;
  /** The day the value is wanted for (ms); now by default. The benchmark values a listing on its own day. */
  at?: number;
  /** Cars whose own listing must not value them (a stock car valued for its price). */
  excludeCarIds?: number[];
}

export type Basis = 'version' | 'model' | 'segment';
export type Confidence = 'cao' | 'trung bình' | 'thấp';

export interface Comparable {
  obs: Observation;
  /** Its price moved to the valued car's age and kilometres by the fitted rates. */
  adjustedPrice: number;
  /** Its share of the evidence (weights of kind, recency and closeness), 0..1. */
  share: number;
}

export interface Valuation {
  car: { brand: string; model: string; version: string; year: number; odo: number };
  estimate: number;
  low: number;
  high: number;
  confidence: Confidence;
  basis: Basis;
  /** Why a wider group was used, in words; null when the closest group sufficed. */
  fallback: string | null;
  /** The typical comparable the adjustments start from. */
  reference: { price: number; year: number; odo: number };
  adjustments: { label: string; amount: number }[];
  comparables: Comparable[];
  /** Rates fitted to the data: per year of age and per 10.000 km, as fractions of the price. */
  rates: { perYear: number; per10000Km: number; fittedOn: number };
  /** Said when the odometer is far above the usual for the car's age (the range is then wider); else null. */
  odometerNote: string | null;
}

export type Refusal = { reason: 'unknown-car' | 'no-data' | 'too-far'; message: string };
export type ValuationOutcome = { ok: true; valuation: Valuation } | ({ ok: false } & Refusal);
