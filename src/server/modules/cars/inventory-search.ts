import {
  and,
  asc,
  avg,
  count,
  desc,
  eq,
  gte,
  inArray,
  like,
  lte,
  max,
  min,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { BodyType, CarSort, CarStatus, Fuel, Transmission } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import { escapeLike } from '../../platform/paging';
import { priceRatingRank } from './rows';
import { cars } from './schema';

/**
 * The advisor's searches as one read-only query: every filter of CarSearch (ranges of years and seats,
 * several brands or body types, models, colours) in the WHERE clause, no count, at most a few dozen
 * rows. The public list takes one value per filter and counts every page, which would cost one call per
 * combination and most of the advisor's time budget on 10,000 cars. It lives here, beside the columns it
 * reads (brand_key, search_compact, exterior_color_key), and is reached through CarsService.
 */

/** A model named by the buyer: its brand's match keys and the model's keys (compactFold). */
export interface ModelFilter {
  brandKeys: string[];
  keys: string[];
}

export interface CarSearch {
  /** Brands by match key (compactFold of the stored brand), any of. */
  brandKeys?: string[];
  /** Models, any of; a car matches a brand of brandKeys OR one of the models. */
  models?: ModelFilter[];
  bodyTypes?: BodyType[];
  seatsMin?: number;
  seatsMax?: number;
  fuels?: Fuel[];
  transmission?: Transmission;
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  odoMin?: number;
  odoMax?: number;
  /** Folded colour words; a car matches when its exterior colour contains one of them as a word. */
  colours?: string[];
  excludeIds?: number[];
  /** Default: on sale only (available). The handed-over car is looked up in every status. */
  statuses?: CarStatus[];
  sort?: CarSort;
  /** Order by closeness to this price (ties by sort). */
  nearPrice?: number;
  limit: number;
}

export interface PriceStats {
  count: number;
  min: number;
  max: number;
  avg: number;
}

/** Colour words -> prefixes of the stored colour key ("do" matches "Đỏ pha lê" = "dophale"). */
function colourCondition(colours: string[]): SQL | undefined {
  const prefixes = colours.flatMap((c) => (c === 'xam' ? ['xam', 'ghi'] : c === 'be' ? ['be', 'kem'] : [c]));
  return or(...prefixes.map((p) => like(cars.exteriorColorKey, `${escapeLike(p)}%`)));
}

function where(s: Omit<CarSearch, 'limit'>): SQL | undefined {
  const who: (SQL | undefined)[] = [];
  if (s.brandKeys?.length) who.push(inArray(cars.brandKey, s.brandKeys));
  for (const m of s.models ?? []) {
    const keys = m.keys.filter((k) => k.length > 0);
    who.push(
      and(
        m.brandKeys.length ? inArray(cars.brandKey, m.brandKeys) : undefined,
        keys.length ? or(...keys.map((k) => like(cars.searchCompact, `%${escapeLike(k)}%`))) : undefined,
      ),
    );
  }
  return and(
    inArray(cars.status, s.statuses ?? ['available']),
    who.length ? or(...who) : undefined,
    s.bodyTypes?.length ? inArray(cars.bodyType, s.bodyTypes) : undefined,
    s.seatsMin !== undefined ? gte(cars.size, s.seatsMin) : undefined,
    s.seatsMax !== undefined ? lte(cars.size, s.seatsMax) : undefined,
    s.fuels?.length ? inArray(cars.fuel, s.fuels) : undefined,
    s.transmission ? eq(cars.transmission, s.transmission) : undefined,
    s.priceMin !== undefined ? gte(cars.sellPrice, s.priceMin) : undefined,
    s.priceMax !== undefined ? lte(cars.sellPrice, s.priceMax) : undefined,
    s.yearMin !== undefined ? gte(cars.year, s.yearMin) : undefined,
    s.yearMax !== undefined ? lte(cars.year, s.yearMax) : undefined,
    s.odoMin !== undefined ? gte(cars.odo, s.odoMin) : undefined,
    s.odoMax !== undefined ? lte(cars.odo, s.odoMax) : undefined,
    s.colours?.length ? colourCondition(s.colours) : undefined,
    s.excludeIds?.length ? notInArray(cars.id, s.excludeIds) : undefined,
  );
}

function order(s: CarSearch): SQL[] {
  const near = s.nearPrice !== undefined ? [sql`abs(${cars.sellPrice} - ${s.nearPrice})`] : [];
  switch (s.sort) {
    case 'price_asc':
      return [...near, asc(cars.sellPrice), desc(cars.id)];
    case 'price_desc':
      return [...near, desc(cars.sellPrice), desc(cars.id)];
    case 'odo_asc':
      return [...near, asc(cars.odo), desc(cars.id)];
    case 'year_desc':
      return [...near, desc(cars.year), asc(cars.odo), desc(cars.id)];
    case 'deal':
      return [...near, sql`${priceRatingRank()} asc nulls last`, desc(cars.id)];
    default:
      return [...near, desc(cars.id)];
  }
}

const columns = {
  id: cars.id,
  carName: cars.carName,
  brand: cars.brand,
  model: cars.model,
  version: cars.version,
  year: cars.year,
  sellPrice: cars.sellPrice,
  odo: cars.odo,
  bodyType: cars.bodyType,
  size: cars.size,
  fuel: cars.fuel,
  transmission: cars.transmission,
  exteriorColor: cars.exteriorColor,
  status: cars.status,
};

/** A car as the advisor's search returns it: the summary columns, prices as numbers. */
export interface InventoryRow {
  id: number;
  carName: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  sellPrice: number;
  odo: number;
  bodyType: BodyType;
  size: number;
  fuel: Fuel;
  transmission: Transmission;
  exteriorColor: string;
  status: CarStatus;
}

/** Up to `limit` rows in the search's order; callers re-check rows with their own word rules. */
export async function searchInventory(db: Executor, s: CarSearch, limit: number): Promise<InventoryRow[]> {
  const rows = await db
    .select(columns)
    .from(cars)
    .where(where(s))
    .orderBy(...order(s))
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    sellPrice: Number(r.sellPrice),
    bodyType: r.bodyType as BodyType,
    fuel: r.fuel as Fuel,
    transmission: r.transmission as Transmission,
    status: r.status as CarStatus,
  }));
}

export async function inventoryPriceStats(
  db: Executor,
  s: Omit<CarSearch, 'limit'>,
): Promise<PriceStats | null> {
  const [row] = await db
    .select({ n: count(), lo: min(cars.sellPrice), hi: max(cars.sellPrice), mean: avg(cars.sellPrice) })
    .from(cars)
    .where(where(s));
  if (!row || row.n === 0) return null;
  return { count: row.n, min: Number(row.lo), max: Number(row.hi), avg: Math.round(Number(row.mean)) };
}
