import { and, asc, desc, inArray, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type BodyType,
  type CarData,
  type CarDetail,
  type CarPhoto,
  type CarSort,
  type CarStatus,
  type CarSummary,
  carSearchText,
  type Drivetrain,
  type Fuel,
  matchKey,
  type Origin,
  searchTokens,
  type Transmission,
} from '../../../contract/cars';
import { isColourWord } from '../../../contract/colours';
import { PRICE_RATING_ORDER, PRICE_RATINGS, priceRatingView } from '../../../contract/price-rating';
import type { Executor } from '../../db/client';
import { imageView } from '../../platform/images';
import { escapeLike } from '../../platform/paging';
import type { Storage } from '../../platform/storage';
import { recentDrop } from './price-history';
import { carPhotos, cars } from './schema';

/**
 * What every part of the cars service shares: the row types, the columns a list reads, the orders that
 * match the partial indexes, the values a save writes, and the views a row becomes.
 */

export type CarRow = typeof cars.$inferSelect;
export type PhotoRow = typeof carPhotos.$inferSelect;

/** The columns a list needs (no description, no features). */
export const summaryColumns = {
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
  origin: cars.origin,
  status: cars.status,
  coverKey: cars.coverKey,
  coverWidth: cars.coverWidth,
  coverHeight: cars.coverHeight,
  createdAt: cars.createdAt,
  priceDropFrom: cars.priceDropFrom,
  priceDroppedAt: cars.priceDroppedAt,
  inspection: cars.inspection,
  priceRating: cars.priceRating,
  priceRatingComparables: cars.priceRatingComparables,
};
export type SummaryRow = Pick<CarRow, keyof typeof summaryColumns>;

/** Photos of generated benchmark cars live here, shared between cars: never deleted with one car. */
export const SHARED_PHOTO_FOLDER = 'bench/';

/** Written as the partial indexes' predicate, so the planner can use them (VISIBLE_STATUSES in the contract). */
export const visible = () => sql`${cars.status} in ('available', 'pending')`;

/**
 * The listing moment a write sets: the first time a car reaches a status visitors see (on sale or
 * pending) it is stamped; a car already listed keeps its first moment, and a car never listed stays null.
 */
export const listedAtOn = (status: string, at: Date) =>
  status === 'available' || status === 'pending'
    ? sql`coalesce(${cars.listedAt}, ${at.toISOString()}::timestamptz)`
    : sql`${cars.listedAt}`;

/** DESC as the indexes are built (drizzle writes them NULLS LAST; a bare DESC means NULLS FIRST). */
export const down = (column: PgColumn) => sql`${column} desc nulls last`;

/** The deal label as its rank (1 great … 4 high), null without one: the list's filter and sort. */
export const priceRatingRank = () =>
  sql`(case ${cars.priceRating} ${sql.join(
    PRICE_RATINGS.map((r) => sql.raw(`when '${r}' then ${PRICE_RATING_ORDER[r]}`)),
    sql` `,
  )} end)`;

export function orderBy(sort: CarSort | 'updated'): SQL[] {
  // Each sort matches one partial index of schema/cars.ts, tie-breaker included, so a page is an index scan.
  switch (sort) {
    case 'price_asc':
      return [asc(cars.sellPrice), asc(cars.id)];
    case 'price_desc':
      return [desc(cars.sellPrice), desc(cars.id)];
    case 'odo_asc':
      return [asc(cars.odo), asc(cars.id)];
    case 'year_desc':
      return [down(cars.year), down(cars.createdAt), down(cars.id)];
    case 'price_drop':
      return [down(cars.priceDroppedAt), down(cars.id)];
    case 'deal':
      // Best deals first, cars without a label last, then the newest.
      return [sql`${priceRatingRank()} asc nulls last`, down(cars.createdAt), down(cars.id)];
    case 'updated':
      return [desc(cars.updatedAt), desc(cars.id)];
    default:
      return [down(cars.createdAt), down(cars.id)];
  }
}

export function searchCondition(query: string | undefined): SQL | undefined {
  if (!query) return undefined;
  const all = searchTokens(query);
  // "màu trắng": the word "màu" names no car; the colour after it is searched by family.
  const tokens = all.length > 1 ? all.filter((t) => !isColourWord(t.text)) : all;
  if (tokens.length === 0) return undefined;
  return and(
    ...tokens.map((t) =>
      or(
        like(cars.searchText, `%${escapeLike(t.text)}%`),
        t.compact ? like(cars.searchCompact, `%${escapeLike(t.compact)}%`) : undefined,
        // A colour word finds its whole family: "trắng" finds "Trắng ngọc trai".
        t.compact ? like(cars.exteriorColorKey, `${escapeLike(t.compact)}%`) : undefined,
      ),
    ),
  );
}

/** What a car row holds beyond the contract's data: keys and the search columns, written on every save. */
function derived(data: Omit<CarData, 'status'>) {
  const search = carSearchText(data);
  return {
    brandKey: matchKey(data.brand),
    exteriorColorKey: matchKey(data.exteriorColor),
    interiorColorKey: matchKey(data.interiorColor),
    searchText: search.text,
    searchCompact: search.compact,
  };
}

/** The columns a save writes from the contract's data (status apart). */
export function carValues(data: Omit<CarData, 'status'>) {
  return {
    carName: data.carName,
    brand: data.brand,
    model: data.model,
    version: data.version,
    year: data.year,
    sellPrice: data.sellPrice,
    odo: data.odo,
    bodyType: data.bodyType,
    size: data.size,
    fuel: data.fuel,
    transmission: data.transmission,
    drivetrain: data.drivetrain,
    engine: data.engine,
    exteriorColor: data.exteriorColor,
    interiorColor: data.interiorColor,
    origin: data.origin,
    licensePlateRegion: data.licensePlateRegion,
    previousOwners: data.previousOwners,
    description: data.description,
    features: data.features,
    ...derived(data),
  };
}

/** The part of a row the audit log keeps (no search columns). */
export function auditable(row: CarRow) {
  const {
    searchText: _s,
    searchCompact: _c,
    brandKey: _b,
    exteriorColorKey: _e,
    interiorColorKey: _i,
    ...rest
  } = row;
  return rest;
}

/** Turns rows into the contract's views; the storage gives each image its addresses. */
export class CarViews {
  constructor(private readonly storage: Storage) {}

  summary(row: SummaryRow): CarSummary {
    return {
      carId: row.id,
      carName: row.carName,
      brand: row.brand,
      model: row.model,
      version: row.version,
      year: row.year,
      sellPrice: row.sellPrice,
      odo: row.odo,
      bodyType: row.bodyType as BodyType,
      size: row.size,
      fuel: row.fuel as Fuel,
      transmission: row.transmission as Transmission,
      exteriorColor: row.exteriorColor,
      origin: row.origin as Origin,
      status: row.status as CarStatus,
      cover:
        row.coverKey && row.coverWidth && row.coverHeight
          ? imageView(this.storage, row.coverKey, row.coverWidth, row.coverHeight)
          : null,
      createdAt: row.createdAt.toISOString(),
      ...recentDrop(row, Date.now()),
      inspection: row.inspection ?? null,
      ...priceRatingView(row.priceRating, row.priceRatingComparables),
    };
  }

  photo(row: Pick<PhotoRow, 'id' | 'position' | 'key' | 'width' | 'height'>): CarPhoto {
    return {
      photoId: row.id,
      position: row.position,
      ...imageView(this.storage, row.key, row.width, row.height),
    };
  }

  detail(row: CarRow, photos: Pick<PhotoRow, 'id' | 'position' | 'key' | 'width' | 'height'>[]): CarDetail {
    return {
      ...this.summary(row),
      drivetrain: (row.drivetrain as Drivetrain | null) ?? null,
      engine: row.engine,
      interiorColor: row.interiorColor,
      licensePlateRegion: row.licensePlateRegion,
      previousOwners: row.previousOwners,
      description: row.description,
      features: row.features ?? [],
      photos: photos.map((p) => this.photo(p)),
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}

/** Photos of the given cars in order, by car. */
export async function photosOf(exec: Executor, carIds: number[]): Promise<Map<number, PhotoRow[]>> {
  const map = new Map<number, PhotoRow[]>();
  if (carIds.length === 0) return map;
  const rows = await exec
    .select()
    .from(carPhotos)
    .where(inArray(carPhotos.carId, carIds))
    .orderBy(asc(carPhotos.position), asc(carPhotos.id));
  for (const r of rows) {
    const list = map.get(r.carId) ?? [];
    list.push(r);
    map.set(r.carId, list);
  }
  return map;
}
