import type {
  BodyType,
  CarFilters,
  CarSort,
  CarStatus,
  CarSummary,
  CarsQuery,
  Fuel,
  Transmission,
} from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import { compactFold } from '../../../contract/text';
import type { Executor } from '../../db/client';
import {
  type AdvisorCar,
  type CarDetails,
  type CarSearch,
  compareCars,
  matchesSearch,
  type PriceStats,
  statsOf,
} from './inventory';
import type { Catalogue } from './parse';

/**
 * Reads the inventory for the advisor through the cars module's public service only (list, findRow,
 * filters). The service's list takes one value per filter and no ranges on year or seats, so a search
 * is planned as a few list calls with what can be pushed down (brand, body type, fuel, gearbox, price,
 * km, exact year and seats, a model keyword), and the rest (ranges, colours, status "available", ids
 * already shown) is checked here with the shared rule `matchesSearch`.
 */

/** What this adapter uses of CarsService (structural, so tests and benchmarks can pass the real one). */
export interface CarsReader {
  list(q: CarsQuery): Promise<Page<CarSummary>>;
  findRow(exec: Executor, id: number): Promise<CarRowLike | undefined>;
  filters(): Promise<CarFilters>;
}

export interface CarRowLike {
  id: number;
  carName: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  sellPrice: number;
  odo: number;
  bodyType: string;
  size: number;
  fuel: string;
  transmission: string;
  drivetrain: string | null;
  engine: string;
  exteriorColor: string;
  interiorColor: string;
  origin: string;
  previousOwners: number;
  description: string;
  features: string[] | null;
  status: string;
}

/** Rows scanned at most for one search: bounds the work of a very unselective question. */
const SCAN_LIMIT = 4_000;
/** List calls at most for one search (the product of the multi-valued filters pushed down). */
const MAX_CALLS = 8;
const CATALOGUE_TTL_MS = 60_000;
/** A named brand missing from the cached catalogue refreshes it, at most this often. */
const CATALOGUE_REFRESH_MS = 5_000;

function summaryToCar(s: CarSummary): AdvisorCar {
  return {
    id: s.carId,
    carName: s.carName,
    brand: s.brand,
    model: s.model,
    version: s.version,
    year: s.year,
    sellPrice: s.sellPrice,
    odo: s.odo,
    bodyType: s.bodyType,
    size: s.size,
    fuel: s.fuel,
    transmission: s.transmission,
    exteriorColor: s.exteriorColor,
    status: s.status,
  };
}

function rowToDetails(r: CarRowLike): CarDetails {
  return {
    id: r.id,
    carName: r.carName,
    brand: r.brand,
    model: r.model,
    version: r.version,
    year: r.year,
    sellPrice: Number(r.sellPrice),
    odo: r.odo,
    bodyType: r.bodyType as BodyType,
    size: r.size,
    fuel: r.fuel as Fuel,
    transmission: r.transmission as Transmission,
    exteriorColor: r.exteriorColor,
    interiorColor: r.interiorColor,
    engine: r.engine,
    drivetrain: r.drivetrain,
    origin: r.origin,
    previousOwners: r.previousOwners,
    features: r.features ?? [],
    description: r.description,
    status: r.status as CarStatus,
  };
}

type Base = Omit<CarsQuery, 'page' | 'pageSize' | 'sort'>;

/** What is in stock, for planning: the brands, model years and seat counts of the visible cars. */
interface Stock {
  brands: string[];
  years: number[];
  sizes: number[];
}

/**
 * One list call's pushed-down filters per combination of the multi-valued filters. The list takes one
 * value per filter, so a range of years or seats becomes one call per year or seat count in stock;
 * the dimensions that narrow the most are pushed down first while the number of calls stays small.
 */
function plan(s: Omit<CarSearch, 'limit'>, stock: Stock): Base[] {
  const common: Base = {
    ...(s.priceMin !== undefined ? { minPrice: s.priceMin } : {}),
    ...(s.priceMax !== undefined ? { maxPrice: s.priceMax } : {}),
    ...(s.odoMin !== undefined ? { minOdo: s.odoMin } : {}),
    ...(s.odoMax !== undefined ? { maxOdo: s.odoMax } : {}),
    ...(s.transmission ? { transmission: s.transmission } : {}),
  };
  const dims: { values: Partial<Base>[]; share: number }[] = [];
  // Who: brands, or models (a model is its brand plus a keyword when it has one key).
  const brandKeys = s.brandKeys ?? [];
  const models = s.models ?? [];
  if (brandKeys.length || models.length) {
    const who: Partial<Base>[] = [
      ...[...new Set(brandKeys)].map((brand) => ({ brand })),
      ...models.map((m) => ({
        ...(m.brandKeys.length === 1 ? { brand: m.brandKeys[0] } : {}),
        ...(m.keys.length === 1 ? { carName: m.keys[0] } : {}),
      })),
    ];
    if (who.every((w) => w.brand))
      dims.push({ values: who, share: who.length / Math.max(1, stock.brands.length) });
  }
  const inRange = (list: number[], lo: number | undefined, hi: number | undefined) =>
    list.filter((v) => (lo === undefined || v >= lo) && (hi === undefined || v <= hi));
  if (s.yearMin !== undefined || s.yearMax !== undefined) {
    const years = inRange(stock.years, s.yearMin, s.yearMax);
    dims.push({
      values: years.map((year) => ({ year })),
      share: years.length / Math.max(1, stock.years.length),
    });
  }
  if (s.seatsMin !== undefined || s.seatsMax !== undefined) {
    const sizes = inRange(stock.sizes, s.seatsMin, s.seatsMax);
    dims.push({
      values: sizes.map((size) => ({ size })),
      share: sizes.length / Math.max(1, stock.sizes.length),
    });
  }
  if (s.bodyTypes?.length)
    dims.push({ values: s.bodyTypes.map((bodyType) => ({ bodyType })), share: s.bodyTypes.length / 9 });
  if (s.fuels?.length) dims.push({ values: s.fuels.map((fuel) => ({ fuel })), share: s.fuels.length / 4 });

  let calls: Partial<Base>[] = [{}];
  for (const dim of dims.sort((a, b) => a.share - b.share)) {
    if (dim.values.length === 0) return []; // nothing in stock can match (no such year or seat count)
    if (calls.length * dim.values.length > MAX_CALLS) continue;
    calls = calls.flatMap((c) => dim.values.map((d) => ({ ...c, ...d })));
  }
  return calls.map((c) => ({ ...common, ...c }) as Base);
}

export class CarsInventoryReader {
  private stockCache: { at: number; value: Stock } | null = null;

  constructor(
    private readonly cars: CarsReader,
    private readonly db: Executor,
  ) {}

  /** Pages through one planned call, keeping rows that pass every filter, until `want` are kept. */
  private async scan(
    base: Base,
    sort: CarSort,
    s: Omit<CarSearch, 'limit'>,
    want: number,
    budget: { rows: number },
  ) {
    const out: AdvisorCar[] = [];
    const pageSize = Math.min(200, Math.max(50, want * 3));
    for (let page = 1; budget.rows < SCAN_LIMIT; page++) {
      const res = await this.cars.list({ ...base, page, pageSize, sort } as CarsQuery);
      budget.rows += res.content.length;
      for (const summary of res.content) {
        const car = summaryToCar(summary);
        if (matchesSearch(car, s)) out.push(car);
      }
      if (out.length >= want || page >= res.totalPages || res.content.length < pageSize) break;
      // Sorted by year: once below the lower bound no later page can match.
      const lastYear = res.content[res.content.length - 1]?.year;
      if (sort === 'year_desc' && s.yearMin !== undefined && lastYear !== undefined && lastYear < s.yearMin)
        break;
    }
    return out;
  }

  /**
   * Brand keys the buyer may have meant ("mercedes", "mec", "mercedesbenz") narrowed to the stored ones,
   * so one list call per brand in stock is made. Null when a named brand has no car at all.
   */
  private async resolveBrands(s: CarSearch): Promise<CarSearch | null> {
    if (!s.brandKeys?.length && !s.models?.length) return s;
    for (const force of [false, true]) {
      const known = new Set((await this.catalogue(force)).brands.map((b) => compactFold(b)));
      const brandKeys = (s.brandKeys ?? []).filter((k) => known.has(k));
      const models = (s.models ?? [])
        .map((m) => ({ ...m, brandKeys: m.brandKeys.filter((k) => known.has(k)) }))
        .filter((m) => m.brandKeys.length > 0);
      if (brandKeys.length || models.length) return { ...s, brandKeys, models };
    }
    return null;
  }

  async searchCars(search: CarSearch): Promise<AdvisorCar[]> {
    const s = await this.resolveBrands(search);
    if (!s) return [];
    const budget = { rows: 0 };
    const calls = plan(s, await this.stock());
    const statuses = s.statuses ?? ['available'];
    if (!statuses.includes('available') && !statuses.includes('pending')) return []; // the list shows visible cars only
    const found = new Map<number, AdvisorCar>();
    const collect = async (sort: CarSort, extra: Partial<Base>, want: number) => {
      for (const base of calls) {
        for (const car of await this.scan({ ...base, ...extra }, sort, s, want, budget))
          found.set(car.id, car);
      }
    };
    if (s.nearPrice !== undefined) {
      // Closest prices: the cheapest at or above the target and the dearest below it, merged by distance.
      const above: Partial<Base> = { minPrice: Math.max(s.priceMin ?? 0, s.nearPrice) };
      const below: Partial<Base> = {
        maxPrice: Math.min(s.priceMax ?? Number.MAX_SAFE_INTEGER, s.nearPrice - 1),
      };
      if (above.minPrice! <= (s.priceMax ?? Number.MAX_SAFE_INTEGER))
        await collect('price_asc', above, s.limit);
      if (below.maxPrice! >= (s.priceMin ?? 0)) await collect('price_desc', below, s.limit);
    } else {
      await collect(s.sort ?? 'newest', {}, s.limit);
    }
    return [...found.values()].sort(compareCars(s)).slice(0, s.limit);
  }

  async getCar(id: number): Promise<CarDetails | null> {
    const row = await this.cars.findRow(this.db, id);
    return row ? rowToDetails(row) : null;
  }

  async priceStats(s: Omit<CarSearch, 'limit'>): Promise<PriceStats | null> {
    const cars = await this.searchCars({ ...s, sort: 'price_asc', limit: SCAN_LIMIT });
    return statsOf(cars.map((c) => c.sellPrice));
  }

  /** Brands, years and seat counts in stock, from the cars service's filter panel (refreshed every minute). */
  private async stock(force = false): Promise<Stock> {
    const now = Date.now();
    const age = this.stockCache ? now - this.stockCache.at : Number.POSITIVE_INFINITY;
    if (this.stockCache && age < (force ? CATALOGUE_REFRESH_MS : CATALOGUE_TTL_MS))
      return this.stockCache.value;
    const f = await this.cars.filters();
    const value: Stock = { brands: f.brands.map((b) => b.label), years: f.years, sizes: f.sizes };
    this.stockCache = { at: now, value };
    return value;
  }

  async catalogue(force = false): Promise<Catalogue> {
    return { brands: (await this.stock(force)).brands, models: [] };
  }
}
