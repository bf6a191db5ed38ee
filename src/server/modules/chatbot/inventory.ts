import type { CarPapers, ServiceRecord } from '../../../contract/car-records';
import type { InspectionItemResult, InspectionReport } from '../../../contract/inspections';
import type { OdometerRollback } from '../../../contract/odometer';
import type { Catalogue } from '../../../contract/query';
import type { PublicReservationSettings } from '../../../contract/reservation-labels';
import { compactFold, foldVietnamese } from '../../../contract/text';
import type { ShowroomPolicies } from '../../../contract/web-config';
import type { CarSearch, InventoryRow, ModelFilter, PriceStats } from '../cars/service';

/**
 * What the advisor (offline or a language model through tools) may know about the showroom: this
 * port and nothing else. Every car, price and number in an answer comes through it, from the database
 * or the web configuration, at the moment of the question.
 */

/** A car as the advisor sees it: the cars service's inventory row (modules/cars/inventory-search.ts). */
export type AdvisorCar = InventoryRow;

export interface CarDetails extends AdvisorCar {
  interiorColor: string;
  engine: string;
  drivetrain: string | null;
  origin: string;
  previousOwners: number;
  features: string[];
  description: string;
}

export type { CarSearch, ModelFilter, PriceStats } from '../cars/service';

export interface ShowroomInfo {
  name: string;
  address: string;
  phone: string;
  email: string;
  openingHours: string;
  messengerUrl: string;
  zaloUrl: string;
  facebookUrl: string;
  /** The showroom's written policies (warranty, returns, haggling, independent checks, documents). */
  policies: ShowroomPolicies;
  /** Online deposits: whether they are open, how much, how long a car is held. */
  reservations: PublicReservationSettings;
}

/** What a car's records say: the public inspection report, papers, service history, price changes. */
export interface CarRecords {
  licensePlateRegion: string;
  inspection:
    | (Pick<
        InspectionReport,
        'inspectorName' | 'inspectedAt' | 'odometerKm' | 'conclusion' | 'summary' | 'odometerConsistent'
      > & { items: Pick<InspectionItemResult, 'group' | 'label' | 'pledges' | 'result' | 'note'>[] })
    | null;
  /** Null when nothing about the papers is known. */
  papers: CarPapers | null;
  /** Newest first; `servicedOn` yyyy-mm-dd. */
  serviceRecords: Pick<ServiceRecord, 'servicedOn' | 'km' | 'work' | 'place'>[];
  /** Where the odometer history goes backwards (an imported history), or null. */
  odometerRollback: OdometerRollback | null;
  /** Newest first. */
  priceChanges: { changedAt: string; oldPrice: number; newPrice: number }[];
}

/** An open deposit on a car: waiting for the money, or paid; `until` is when the hold ends (ISO), if known. */
export interface CarHold {
  paid: boolean;
  until: string | null;
}

/** A visitor's own car, to be valued by the showroom's valuation engine. */
export interface OwnCarQuery {
  brand: string;
  model: string;
  year: number;
  odo: number;
}

/** The engine's figures ("giá tham khảo"), or its refusal in its own words. */
export type OwnCarValue =
  | { ok: true; estimate: number; low: number; high: number; confidence: string; comparables: number }
  | { ok: false; message: string };

export interface InstalmentRequest {
  price: number;
  downPayment?: number;
  downRatio?: number;
  termMonths?: number;
}

export interface InstalmentPlan {
  price: number;
  downPayment: number;
  loan: number;
  termMonths: number;
  /** Yearly rate, 0.09 = 9 %. */
  annualRate: number;
  firstPayment: number;
  lastPayment: number;
  totalInterest: number;
  /** The loan asked for exceeded the configured ratio and was capped. */
  capped: boolean;
  maxLoanRatio: number;
  maxTermMonths: number;
}

export interface InventoryPort {
  /** Cars on sale (status available, unless `statuses` says otherwise) that satisfy every filter, ordered, at most `limit`. */
  searchCars(search: CarSearch): Promise<AdvisorCar[]>;
  /** Any car by id, whatever its status; null when there is none. */
  getCar(id: number): Promise<CarDetails | null>;
  /** Prices of the cars on sale that satisfy the filters (limit ignored). */
  priceStats(search: Omit<CarSearch, 'limit'>): Promise<PriceStats | null>;
  /** Brands and models in stock, to recognise names the dictionary lacks. */
  catalogue(): Promise<Catalogue>;
  showroom(): Promise<ShowroomInfo>;
  /** What the car's records hold (inspection, papers, service, price changes); null for no such car. */
  carRecords(id: number): Promise<CarRecords | null>;
  /** The car's open deposit, or null when nobody holds it by a deposit. */
  carHold(id: number): Promise<CarHold | null>;
  /** The valuation engine's range for a visitor's car (selling it or trading it in). */
  valueCar(q: OwnCarQuery): Promise<OwnCarValue>;
  /** The configured loan terms (web configuration, car calculations). */
  loanTerms(): Promise<LoanTerms>;
  /** A loan on a declining balance, computed by the contract's calculator (src/contract/car-costs.ts). */
  instalment(request: InstalmentRequest): Promise<InstalmentPlan>;
}

export interface LoanTerms {
  annualRate: number;
  maxLoanRatio: number;
  maxTermMonths: number;
}

// ------------------------------------------------------------------------------------------------
// The filter semantics, in one place: adapters that cannot express a filter in SQL apply this, and the
// tests check every car an answer names with it.
// ------------------------------------------------------------------------------------------------

export function colourMatches(exteriorColor: string, colours: string[]): boolean {
  const words = ` ${foldVietnamese(exteriorColor).replace(/[^a-z0-9]+/g, ' ')} `;
  return colours.some((c) => {
    if (c === 'xam' && / ghi /.test(words)) return true;
    if (c === 'be' && / kem /.test(words)) return true;
    return words.includes(` ${c} `);
  });
}

export function modelMatches(car: Pick<AdvisorCar, 'brand' | 'model' | 'carName'>, m: ModelFilter): boolean {
  const brand = compactFold(car.brand);
  if (m.brandKeys.length && !m.brandKeys.includes(brand)) return false;
  const model = compactFold(car.model);
  const name = compactFold(car.carName);
  return m.keys.some((k) => model === k || model.startsWith(k) || (k.length >= 3 && name.includes(k)));
}

export function matchesSearch(car: AdvisorCar, s: Omit<CarSearch, 'limit'>): boolean {
  if (!(s.statuses ?? ['available']).includes(car.status)) return false;
  if (s.brandKeys?.length || s.models?.length) {
    const byBrand = s.brandKeys?.includes(compactFold(car.brand)) ?? false;
    const byModel = s.models?.some((m) => modelMatches(car, m)) ?? false;
    if (!byBrand && !byModel) return false;
  }
  if (s.bodyTypes?.length && !s.bodyTypes.includes(car.bodyType)) return false;
  if (s.seatsMin !== undefined && car.size < s.seatsMin) return false;
  if (s.seatsMax !== undefined && car.size > s.seatsMax) return false;
  if (s.fuels?.length && !s.fuels.includes(car.fuel)) return false;
  if (s.transmission && car.transmission !== s.transmission) return false;
  if (s.priceMin !== undefined && car.sellPrice < s.priceMin) return false;
  if (s.priceMax !== undefined && car.sellPrice > s.priceMax) return false;
  if (s.yearMin !== undefined && car.year < s.yearMin) return false;
  if (s.yearMax !== undefined && car.year > s.yearMax) return false;
  if (s.odoMin !== undefined && car.odo < s.odoMin) return false;
  if (s.odoMax !== undefined && car.odo > s.odoMax) return false;
  if (s.colours?.length && !colourMatches(car.exteriorColor, s.colours)) return false;
  if (s.excludeIds?.includes(car.id)) return false;
  return true;
}

/** The order of `sort` (and closeness to `nearPrice`), for adapters that sort in memory. */
export function compareCars(s: Pick<CarSearch, 'sort' | 'nearPrice'>) {
  return (a: AdvisorCar, b: AdvisorCar): number => {
    if (s.nearPrice !== undefined) {
      const d = Math.abs(a.sellPrice - s.nearPrice) - Math.abs(b.sellPrice - s.nearPrice);
      if (d !== 0) return d;
    }
    switch (s.sort) {
      case 'price_asc':
        return a.sellPrice - b.sellPrice || b.id - a.id;
      case 'price_desc':
        return b.sellPrice - a.sellPrice || b.id - a.id;
      case 'odo_asc':
        return a.odo - b.odo || b.id - a.id;
      case 'year_desc':
        return b.year - a.year || a.odo - b.odo || b.id - a.id;
      default:
        return b.id - a.id;
    }
  };
}

export function statsOf(prices: number[]): PriceStats | null {
  if (prices.length === 0) return null;
  const sum = prices.reduce((a, b) => a + b, 0);
  return {
    count: prices.length,
    min: Math.min(...prices),
    max: Math.max(...prices),
    avg: Math.round(sum / prices.length),
  };
}
