import { asc, count, desc, max, min, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  BODY_TYPE_LABELS,
  type BodyType,
  CAR_SORT_LABELS,
  CAR_SORTS,
  type CarFilters,
  FUEL_LABELS,
  type Fuel,
  TRANSMISSION_LABELS,
  type Transmission,
} from '../../../contract/cars';
import { colourFamilies } from '../../../contract/colours';
import type { Executor } from '../../db/client';
import { visible } from './rows';
import { cars } from './schema';

/** The public filter panel: the values in stock with their counts, and the price and km bounds. */
export async function loadFilters(db: Executor): Promise<CarFilters> {
  const v = visible();
  const grouped = async (key: PgColumn, label: PgColumn) =>
    db
      .select({ key, label: sql<string | null>`min(${label})`, n: count() })
      .from(cars)
      .where(v)
      .groupBy(key)
      .orderBy(sql`min(${label})`);
  const [brands, bodyTypes, fuels, transmissions, exterior, interior, years, sizes, bounds] =
    await Promise.all([
      grouped(cars.brandKey, cars.brand),
      db.select({ key: cars.bodyType, n: count() }).from(cars).where(v).groupBy(cars.bodyType),
      db.select({ key: cars.fuel, n: count() }).from(cars).where(v).groupBy(cars.fuel),
      db.select({ key: cars.transmission, n: count() }).from(cars).where(v).groupBy(cars.transmission),
      grouped(cars.exteriorColorKey, cars.exteriorColor),
      grouped(cars.interiorColorKey, cars.interiorColor),
      db.selectDistinct({ y: cars.year }).from(cars).where(v).orderBy(desc(cars.year)),
      db.selectDistinct({ s: cars.size }).from(cars).where(v).orderBy(asc(cars.size)),
      db
        .select({
          minPrice: min(cars.sellPrice),
          maxPrice: max(cars.sellPrice),
          minOdo: min(cars.odo),
          maxOdo: max(cars.odo),
          n: count(),
        })
        .from(cars)
        .where(v),
    ]);
  const order =
    <T extends string>(keys: readonly T[]) =>
    (a: { value: T }, b: { value: T }) =>
      keys.indexOf(a.value) - keys.indexOf(b.value);
  const b = bounds[0];
  return {
    brands: brands.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
    bodyTypes: bodyTypes
      .map((r) => ({
        value: r.key as BodyType,
        label: BODY_TYPE_LABELS[r.key as BodyType] ?? r.key,
        count: r.n,
      }))
      .sort(order(Object.keys(BODY_TYPE_LABELS) as BodyType[])),
    fuels: fuels
      .map((r) => ({ value: r.key as Fuel, label: FUEL_LABELS[r.key as Fuel] ?? r.key, count: r.n }))
      .sort(order(Object.keys(FUEL_LABELS) as Fuel[])),
    transmissions: transmissions
      .map((r) => ({
        value: r.key as Transmission,
        label: TRANSMISSION_LABELS[r.key as Transmission] ?? r.key,
        count: r.n,
      }))
      .sort(order(Object.keys(TRANSMISSION_LABELS) as Transmission[])),
    exteriorColors: colourFamilies(
      exterior.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
    ),
    interiorColors: interior.map((r) => ({ value: r.label ?? '', label: r.label ?? '', count: r.n })),
    years: years.map((r) => r.y),
    sizes: sizes.map((r) => r.s),
    price: { min: Number(b?.minPrice ?? 0), max: Number(b?.maxPrice ?? 0) },
    odo: { min: Number(b?.minOdo ?? 0), max: Number(b?.maxOdo ?? 0) },
    sorts: CAR_SORTS.map((value) => ({ value, label: CAR_SORT_LABELS[value] })),
    total: b?.n ?? 0,
  };
}
