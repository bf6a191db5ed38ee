import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PRICE_DROP_DAYS } from '../../../contract/cars-labels';
import { IMAGE_WIDTHS, type ImageWidth, variantKey } from '../../platform/images';
import { cars } from './schema';

/**
 * A car's summary as JSON text written by the database, the same value CarViews.summary gives for the
 * row (test/api/cars-list-json.test.ts compares them car by car). The public list is the busiest
 * uncached read: answering it as text spares Node the driver's parsing of 22 columns a row, the
 * mapping, the image addresses and the serialisation (docs/performance.md, "The hot path").
 */

/** A value as JSON text; SQL null as `null` (a null would void the whole concatenation). */
const json = (value: SQLWrapper | SQL) => sql`coalesce(to_json(${value})::text, 'null')`;

/** An instant as JavaScript's toISOString writes it (milliseconds truncated, as the driver does). */
const iso = (value: SQLWrapper) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An object from its keys and JSON texts, in this order (the order JSON.stringify keeps). */
function object(entries: [string, SQL][]): SQL {
  const parts = entries.map(
    ([key, value], i) => sql`${sql.raw(`'${i === 0 ? '{' : ','}"${key}":'`)} || ${value}`,
  );
  return sql`(${sql.join(parts, sql` || `)} || '}')`;
}

/** imageView (platform/images.ts) of the cover: the addresses of each width and the srcset. */
function cover(urlPrefix: string): SQL {
  // variantKey of an empty key is the suffix every width's key adds to the base key.
  const url = (w: ImageWidth) =>
    sql`${urlPrefix}::text || ${cars.coverKey} || ${sql.raw(`'${variantKey('', w)}'`)}`;
  // Each width at most the picture's own; a width equal to the one before is left out (seen in imageView).
  const srcset = IMAGE_WIDTHS.map((w, i) => {
    const part = sql`${url(w)} || ' ' || least(${sql.raw(String(w))}, ${cars.coverWidth})::text || 'w'`;
    return i === 0
      ? part
      : sql`case when ${cars.coverWidth} > ${sql.raw(String(IMAGE_WIDTHS[i - 1]))} then ', ' || ${part} else '' end`;
  });
  const view = object([
    ['src', json(url(960))],
    ['srcset', json(sql`${sql.join(srcset, sql` || `)}`)],
    ['width', sql`${cars.coverWidth}::text`],
    ['height', sql`${cars.coverHeight}::text`],
    ['urls', object(IMAGE_WIDTHS.map((w) => [String(w), json(url(w))]))],
  ]);
  return sql`case when ${cars.coverKey} <> '' and ${cars.coverWidth} <> 0 and ${cars.coverHeight} <> 0 then ${view} else 'null' end`;
}

/** recentDrop (cars/price-history.ts): a fall from the window's highest price, dated within the window. */
function dropped(): SQL {
  // In hours: a day of a time-zone calendar may have 23 or 25 of them, the window has exactly 24 a day.
  return sql`(${cars.priceDroppedAt} >= now() - interval '${sql.raw(String(PRICE_DROP_DAYS * 24))} hours'
    and ${cars.priceDropFrom} > ${cars.sellPrice})`;
}

export function summaryJson(urlPrefix: string): SQL<string> {
  return object([
    ['carId', json(cars.id)],
    ['carName', json(cars.carName)],
    ['brand', json(cars.brand)],
    ['model', json(cars.model)],
    ['version', json(cars.version)],
    ['year', json(cars.year)],
    ['sellPrice', json(cars.sellPrice)],
    ['odo', json(cars.odo)],
    ['bodyType', json(cars.bodyType)],
    ['size', json(cars.size)],
    ['fuel', json(cars.fuel)],
    ['transmission', json(cars.transmission)],
    ['exteriorColor', json(cars.exteriorColor)],
    ['origin', json(cars.origin)],
    ['status', json(cars.status)],
    ['cover', cover(urlPrefix)],
    ['createdAt', sql`'"' || ${iso(cars.createdAt)} || '"'`],
    [
      'priceDrop',
      sql`case when ${dropped()} then (${cars.priceDropFrom} - ${cars.sellPrice})::text else 'null' end`,
    ],
    [
      'priceDroppedAt',
      sql`case when ${dropped()} then '"' || ${iso(cars.priceDroppedAt)} || '"' else 'null' end`,
    ],
    ['inspection', sql`coalesce(${cars.inspection}::text, 'null')`],
  ]) as SQL<string>;
}

/** The public list's page around the summaries' texts, as Page<CarSummary> is written. */
export function pageJson(items: string[], total: number, page: number, size: number): Buffer {
  return Buffer.from(
    `{"content":[${items.join(',')}],"totalElements":${total},"totalPages":${Math.ceil(total / size)},"page":${page},"size":${size}}`,
  );
}
