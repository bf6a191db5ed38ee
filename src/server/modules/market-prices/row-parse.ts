import { createHash } from 'node:crypto';
import {
  type BodyType,
  type Fuel,
  MIN_CAR_YEAR,
  type Origin,
  parseBodyType,
  parseFuel,
  parseTransmission,
  type Transmission,
} from '../../../contract/cars';
import { formatPrice, parseVnDate, vnDayKey } from '../../../contract/format';
import {
  canonicalBrandModel,
  carGroupKeys,
  type Lookup,
  type NameResult,
  nameSearchText,
  recogniseCarName,
} from '../../../contract/query/car-name';
import { parsePriceText } from '../../../contract/query/money';
import { parseKmText } from '../../../contract/query/odometer';
import { foldVietnamese } from '../../../contract/text';
import type { Columns, ImportField } from './columns';
import type { Cell } from './read-file';

/** A row ready to store. */
export interface MarketRow {
  title: string;
  brand: string;
  model: string;
  version: string;
  brandKey: string;
  modelKey: string;
  versionKey: string;
  year: number;
  odo: number;
  price: number;
  transmission: Transmission | null;
  fuel: Fuel | null;
  bodyType: BodyType | null;
  origin: Origin | null;
  province: string;
  source: string;
  listedOn: string | null;
  searchText: string;
  fingerprint: string;
}

export interface RowContext {
  lookup: Lookup;
  /** The current year in Vietnam: a model year may be at most the next one. */
  year: number;
  /** Names already read in this file: a price list repeats the same few hundred cars. */
  names?: Map<string, NameResult>;
}

function recognise(name: string, ctx: RowContext): NameResult {
  let found = ctx.names?.get(name);
  if (!found) {
    found = recogniseCarName(name, ctx.lookup);
    ctx.names?.set(name, found);
  }
  return found;
}

/** Prices below or above these are typing mistakes, not cars. */
export const MIN_MARKET_PRICE = 30_000_000;
export const MAX_MARKET_PRICE = 100_000_000_000;

const str = (c: Cell | undefined): string =>
  c === null || c === undefined ? '' : c instanceof Date ? vnDayKey(c) : String(c).trim();

function matchFolded<K>(value: string, rules: [RegExp, K][]): K | null {
  const f = foldVietnamese(value);
  for (const [re, key] of rules) if (re.test(f)) return key;
  return null;
}

/** Remembers a pure reading of a cell's text: a column of gearboxes holds a handful of distinct values. */
function memo<T>(read: (v: string) => T): (v: string) => T {
  const seen = new Map<string, T>();
  return (v) => {
    if (seen.has(v)) return seen.get(v) as T;
    const out = read(v);
    if (seen.size >= 2000) seen.clear();
    seen.set(v, out);
    return out;
  };
}

const transmissionOf = memo(readTransmission);
const fuelOf = memo(readFuel);
const bodyOf = memo(readBody);
const originOf = memo(readOrigin);
const folded = memo(foldVietnamese);

function readTransmission(v: string): Transmission | null {
  if (!v) return null;
  return (
    parseTransmission(v) ??
    matchFolded<Transmission>(v, [
      [/(^|\s)(san|manual|mt|m\/t|so san)(\s|$)/, 'MANUAL'],
      [/(tu dong|automatic|auto|(^|\s)(at|a\/t|cvt|dct|ecvt|ivt)(\s|$))/, 'AUTOMATIC'],
    ])
  );
}

function readFuel(v: string): Fuel | null {
  if (!v) return null;
  return (
    parseFuel(v) ??
    matchFolded<Fuel>(v, [
      [/(hybrid|lai dien|hev|phev)/, 'HYBRID'],
      [/(dien|electric|(^|\s)ev(\s|$)|bev)/, 'ELECTRIC'],
      [/(dau|diesel)/, 'DIESEL'],
      [/(xang|petrol|gasoline|(^|\s)gas(\s|$))/, 'PETROL'],
    ])
  );
}

function readBody(v: string): BodyType | null {
  if (!v) return null;
  return (
    parseBodyType(v) ??
    matchFolded<BodyType>(v, [
      [/(ban tai|pick ?up)/, 'PICKUP'],
      [/(mui tran|convertible|cabriolet|roadster)/, 'CONVERTIBLE'],
      [/(crossover|cuv)/, 'CROSSOVER'],
      [/(suv|gam cao)/, 'SUV'],
      [/(mpv|da dung|minivan)/, 'MPV'],
      [/(hatchback|hatch)/, 'HATCHBACK'],
      [/(sedan)/, 'SEDAN'],
      [/(coupe)/, 'COUPE'],
      [/(van|xe khach|minibus)/, 'VAN'],
    ])
  );
}

function readOrigin(v: string): Origin | null {
  if (!v) return null;
  return matchFolded<Origin>(v, [
    [/(nhap|imported|cbu|import)/, 'IMPORTED'],
    [/(trong nuoc|lap rap|domestic|ckd|viet nam|vn)/, 'DOMESTIC'],
  ]);
}

function dayOf(c: Cell | undefined): string | null {
  if (c instanceof Date) return Number.isNaN(c.getTime()) ? null : vnDayKey(c);
  const t = str(c).replace(/[.-]/g, '/');
  if (!t) return null;
  const iso = /^(\d{4})\/(\d{2})\/(\d{2})/.exec(t);
  const d = parseVnDate(iso ? `${iso[1]}-${iso[2]}-${iso[3]}` : t.split(' ')[0]);
  return d ? vnDayKey(d) : null;
}

function yearOf(c: Cell | undefined, ctx: RowContext): number | string {
  const t = str(c);
  if (!t) return 'Thiếu năm sản xuất';
  const m = /(?<!\d)(\d{4})(?!\d)/.exec(t);
  const y = m ? Number(m[1]) : Number.NaN;
  if (!Number.isInteger(y) || y < MIN_CAR_YEAR) return `Năm sản xuất “${t}” không hợp lệ`;
  if (y > ctx.year + 1) return `Năm sản xuất ${y} lớn hơn năm sau`;
  return y;
}

function kmOf(c: Cell | undefined): number | string {
  if (typeof c === 'number')
    return Number.isInteger(c) && c >= 0 && c <= 2_000_000 ? c : `Số km “${c}” không hợp lệ`;
  const t = str(c);
  if (!t) return 'Thiếu số km';
  return parseKmText(t) ?? `Không đọc được số km “${t}” (ví dụ hợp lệ: 45.000, 45,000 km, 45000)`;
}

function priceOf(c: Cell | undefined, unit: Columns['priceUnit']): number | string {
  const t = str(c);
  if (!t) return 'Thiếu giá';
  const v = typeof c === 'number' ? parsePriceText(String(c), unit) : parsePriceText(t, unit);
  if (v === null) return `Không đọc được giá “${t}” (ví dụ hợp lệ: 890 triệu, 1,25 tỷ, 890.000.000)`;
  if (v < MIN_MARKET_PRICE) return `Giá ${formatPrice(v)} quá thấp cho một chiếc xe`;
  if (v > MAX_MARKET_PRICE) return `Giá ${formatPrice(v)} quá cao`;
  return v;
}

/**
 * One data row as a MarketRow, or the Vietnamese reason it is refused. The car comes from separate
 * brand and model columns when both are filled, otherwise from its name; a year in the name counts
 * when the year column is empty. Optional columns that cannot be read stay empty rather than refuse
 * the row: the price is what matters.
 */
export function parseRow(cells: Cell[], cols: Columns, ctx: RowContext): MarketRow | { reason: string } {
  const at = (f: ImportField) => (cols.index[f] === undefined ? undefined : cells[cols.index[f] as number]);
  const title = str(at('title')).slice(0, 200);
  const brandText = str(at('brand'));
  const modelText = str(at('model'));
  let brand: string;
  let model: string;
  let version = str(at('version')).slice(0, 80);
  let nameYear: number | null = null;
  if (brandText && modelText) {
    ({ brand, model } = canonicalBrandModel(brandText, modelText, ctx.lookup));
    if (!version && title) {
      const named = recognise(title, ctx);
      if (named.ok && named.car.model === model) version = named.car.version;
    }
  } else if (title || brandText || modelText) {
    const named = recognise(title || `${brandText} ${modelText}`, ctx);
    if (!named.ok) return { reason: named.reason };
    ({ brand, model } = named.car);
    version ||= named.car.version;
    nameYear = named.car.year;
  } else {
    return { reason: 'Thiếu tên xe (hoặc hãng và dòng xe)' };
  }
  // The year column when it is filled; otherwise a year the name carries.
  const yearCell = at('year');
  const year = !str(yearCell) && nameYear !== null ? nameYear : yearOf(yearCell, ctx);
  if (typeof year === 'string') return { reason: year };
  const odo = kmOf(at('odo'));
  if (typeof odo === 'string') return { reason: odo };
  const price = priceOf(at('price'), cols.priceUnit);
  if (typeof price === 'string') return { reason: price };

  const keys = carGroupKeys({ brand, model, version });
  const province = str(at('province')).slice(0, 60);
  const source = str(at('source')).slice(0, 120);
  const listedOn = dayOf(at('listedOn'));
  const fingerprint = createHash('sha1')
    .update([keys.version, year, odo, price, folded(province), folded(source), listedOn ?? ''].join('|'))
    .digest('base64url');
  return {
    title: title || [brand, model, version].filter(Boolean).join(' '),
    brand,
    model,
    version,
    brandKey: keys.brand,
    modelKey: keys.model,
    versionKey: keys.version,
    year,
    odo,
    price,
    transmission: transmissionOf(str(at('transmission'))),
    fuel: fuelOf(str(at('fuel'))),
    bodyType: bodyOf(str(at('bodyType'))),
    origin: originOf(str(at('origin'))),
    province,
    source,
    listedOn,
    searchText: nameSearchText([title, brand, model, version, String(year), province, source]),
    fingerprint,
  };
}
