import type { BodyType, Fuel, Transmission } from '../cars';
import { compactFold } from '../text';
import { parseBody, parseSeats } from './body';
import { parseBrandsModels } from './brands';
import { parseBudget } from './budget';
import { parseColours } from './colour';
import { parseOdometer } from './odometer';
import { parseFuels, parseTransmission } from './powertrain';
import { Query } from './text';
import type { Colour } from './types';
import { parseYear } from './year';

/** The /cars filters a typed search can fill (the API's names: GET /api/cars). */
export interface TypedSearchFilters {
  brand?: string;
  bodyType?: BodyType;
  minPrice?: number;
  maxPrice?: number;
  minOdo?: number;
  maxOdo?: number;
  exteriorColor?: string;
  year?: number;
  size?: number;
  fuel?: Fuel;
  transmission?: Transmission;
  /** "đã kiểm định": only cars with an inspection report. */
  inspected?: true;
  /** "1 chủ", "một chủ": one previous owner. */
  oneOwner?: true;
  /** What is left for the name search: the models named ("CX-5"), or the text as typed. */
  carName?: string;
}

/** What the site sells, so a recognised brand or colour is written as the filter panel lists it. */
export interface KnownValues {
  brands?: string[];
  exteriorColors?: string[];
}

const COLOUR_LABELS: Record<Colour, string> = {
  den: 'Đen',
  trang: 'Trắng',
  bac: 'Bạc',
  xam: 'Xám',
  do: 'Đỏ',
  xanh: 'Xanh',
  vang: 'Vàng',
  nau: 'Nâu',
  cam: 'Cam',
  be: 'Be',
  dong: 'Đồng',
  tim: 'Tím',
};

const only = <T>(xs: T[] | undefined): T | undefined => (xs?.length === 1 ? xs[0] : undefined);

/**
 * Reads a search box's text with the advisor's own parsers into the /cars filters: "7 chỗ" is seven
 * seats, "mec" is Mercedes-Benz, "bán tải dưới 700 triệu" a body type and a price ceiling,
 * "xe điện" a fuel, "2020" a year, "màu trắng" a colour. Only what maps onto one filter is taken (two
 * brands, or a range of years, stay out: the list filters by one value). Models stay in the name
 * search. When nothing is recognised, the whole text is the name search, as before.
 */
export function filtersFromSearch(
  text: string,
  known: KnownValues = {},
  now = new Date(),
): TypedSearchFilters {
  const typed = text.trim();
  if (!typed) return {};
  // The same order as the advisor's parseMessage: the most specific number readers first.
  const q = new Query(typed);
  const out: TypedSearchFilters = {};
  // The list's two yes-only filters, read first so their "1" is never taken for a number elsewhere.
  q.take(/(?:da |co )?kiem dinh(?: roi)?/g, () => {
    out.inspected = true;
    return true;
  });
  q.take(/(?:1|mot) chu(?![a-z])/g, () => {
    out.oneOwner = true;
    return true;
  });
  const { brands, models } = parseBrandsModels(q);
  const odo = parseOdometer(q);
  const years = parseYear(q, now);
  const seats = parseSeats(q);
  const bodyType = only(parseBody(q));
  const fuel = only(parseFuels(q));
  const transmission = parseTransmission(q);
  const colour = only(parseColours(q));
  const budget = parseBudget(q);

  const brand = only(brands);
  if (brand) {
    const keys = new Set(brand.keys);
    out.brand = known.brands?.find((b) => keys.has(compactFold(b))) ?? brand.brand;
  }
  if (bodyType) out.bodyType = bodyType;
  if (budget?.min !== undefined) out.minPrice = budget.min;
  if (budget?.max !== undefined) out.maxPrice = budget.max;
  if (odo.odoMin !== undefined) out.minOdo = odo.odoMin;
  if (odo.odoMax !== undefined) out.maxOdo = odo.odoMax;
  if (colour) {
    const label = COLOUR_LABELS[colour];
    out.exteriorColor = known.exteriorColors?.find((c) => compactFold(c) === compactFold(label)) ?? label;
  }
  if (years.yearMin !== undefined && years.yearMin === years.yearMax) out.year = years.yearMin;
  if (seats.seatsMin !== undefined && (seats.seatsMax === undefined || seats.seatsMax === seats.seatsMin))
    out.size = seats.seatsMin;
  if (fuel) out.fuel = fuel;
  if (transmission) out.transmission = transmission;

  const named = models?.filter((m) => !out.brand || m.brand === brand?.brand).map((m) => m.model);
  if (Object.keys(out).length === 0) return { carName: typed };
  if (named?.length) out.carName = named.join(' ');
  return out;
}
