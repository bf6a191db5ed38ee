import { createHash } from 'node:crypto';
import { and, eq, gte, isNotNull, like, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type CarsQuery, matchKey } from '../../../contract/cars';
import { colourFamilyKey } from '../../../contract/colours';
import { PRICE_RATING_ORDER } from '../../../contract/price-rating';
import type { Db } from '../../db/client';
import { orderBy, priceRatingRank, searchCondition, summaryColumns, visible } from './rows';
import { cars } from './schema';

/** A filter of the public list: the column, how it compares, and the parameter's value for a query. */
interface Filter {
  name: string;
  condition: (value: SQLWrapper) => SQL;
  value: (q: CarsQuery) => unknown;
}

const FILTERS: Filter[] = [
  { name: 'brand', condition: (v) => eq(cars.brandKey, v), value: (q) => q.brand && matchKey(q.brand) },
  { name: 'bodyType', condition: (v) => eq(cars.bodyType, v), value: (q) => q.bodyType },
  { name: 'minPrice', condition: (v) => gte(cars.sellPrice, v), value: (q) => q.minPrice },
  { name: 'maxPrice', condition: (v) => lte(cars.sellPrice, v), value: (q) => q.maxPrice },
  { name: 'minOdo', condition: (v) => gte(cars.odo, v), value: (q) => q.minOdo },
  { name: 'maxOdo', condition: (v) => lte(cars.odo, v), value: (q) => q.maxOdo },
  {
    // By family: "Trắng" (or "màu trắng") also finds "Trắng ngọc trai".
    name: 'exteriorColor',
    condition: (v) => like(cars.exteriorColorKey, v),
    value: (q) =>
      q.exteriorColor && colourFamilyKey(q.exteriorColor) && `${colourFamilyKey(q.exteriorColor)}%`,
  },
  {
    name: 'interiorColor',
    condition: (v) => eq(cars.interiorColorKey, v),
    value: (q) => q.interiorColor && matchKey(q.interiorColor),
  },
  { name: 'year', condition: (v) => eq(cars.year, v), value: (q) => q.year },
  { name: 'size', condition: (v) => eq(cars.size, v), value: (q) => q.size },
  { name: 'fuel', condition: (v) => eq(cars.fuel, v), value: (q) => q.fuel },
  { name: 'transmission', condition: (v) => eq(cars.transmission, v), value: (q) => q.transmission },
  // Yes-only filters: their condition has no parameter, so the shape alone (the statement's name) holds them.
  { name: 'inspected', condition: () => isNotNull(cars.inspection), value: (q) => q.inspected },
  { name: 'oneOwner', condition: () => eq(cars.previousOwners, 1), value: (q) => q.oneOwner },
  // The deal label or better (a car without a label never matches).
  {
    name: 'priceRating',
    condition: (v) => sql`${priceRatingRank()} <= ${v}`,
    value: (q) => q.priceRating && PRICE_RATING_ORDER[q.priceRating],
  },
];

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The public list's conditions (visible cars, the filters, the name search) with their values bound: a
 * one-off read with the list's own meaning (the saved searches' new cars, cars/watch-reads.ts).
 */
export function listConditions(q: CarsQuery): SQL | undefined {
  const active = FILTERS.filter((f) => given(f.value(q)));
  return and(visible(), ...active.map((f) => f.condition(sql.param(f.value(q)))), searchCondition(q.carName));
}

type ListRow = Record<keyof typeof summaryColumns, unknown> & { total: number };

/**
 * The public list as one statement: the page and, in the same round trip, the number of matches (an
 * uncorrelated sub-select, run once). Each combination of filters and sort is built once and prepared
 * (named statements on PostgreSQL: parsed and planned once per connection); a request only binds values.
 * A name search has free-form words, so it is built per request and not prepared.
 */
export class CarListQuery {
  private readonly prepared = new Map<
    string,
    { execute(values: Record<string, unknown>): Promise<ListRow[]> }
  >();

  constructor(private readonly db: Db) {}

  async run(q: CarsQuery): Promise<{ rows: ListRow[]; total: number }> {
    const active = FILTERS.filter((f) => given(f.value(q)));
    const values: Record<string, unknown> = { limit: q.pageSize, offset: (q.page - 1) * q.pageSize };
    for (const f of active) values[f.name] = f.value(q);
    const rows = q.carName
      ? await this.build(active, q, searchCondition(q.carName)).execute(values)
      : await this.statement(active, q).execute(values);
    if (rows.length > 0) return { rows, total: Number(rows[0].total) };
    // An empty page: the first one means no match; a later one past the end still needs the count.
    if (q.page === 1) return { rows, total: 0 };
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(cars)
      .where(this.where(active, searchCondition(q.carName), (f) => sql.param(values[f.name])));
    return { rows, total: Number(total) };
  }

  private statement(active: Filter[], q: CarsQuery) {
    const shape = `${q.sort}:${active.map((f) => f.name).join(',')}`;
    let statement = this.prepared.get(shape);
    if (!statement) {
      // Named by its shape: the same name always means the same text, whichever instance prepared it
      // on a pooled connection (node-postgres refuses one name for two texts).
      const name = `cars_list_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
      statement = this.build(active, q).prepare(name) as unknown as {
        execute(values: Record<string, unknown>): Promise<ListRow[]>;
      };
      this.prepared.set(shape, statement);
    }
    return statement;
  }

  private where(
    active: Filter[],
    search?: SQL,
    value: (f: Filter) => SQLWrapper = (f) => sql.placeholder(f.name),
  ) {
    return and(visible(), ...active.map((f) => f.condition(value(f))), search);
  }

  private build(active: Filter[], q: CarsQuery, search?: SQL) {
    const where = this.where(active, search);
    return this.db
      .select({ ...summaryColumns, total: sql<number>`(select count(*)::int from ${cars} where ${where})` })
      .from(cars)
      .where(where)
      .orderBy(...orderBy(q.sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
  }
}
