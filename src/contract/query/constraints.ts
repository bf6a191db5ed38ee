import { parseBody, parseSeats } from './body';
import { type Catalogue, parseBrandsModels } from './brands';
import { parseBudget } from './budget';
import { parseColours } from './colour';
import { parseSortWish } from './intent';
import { parseOdometer, wantsLowMileage } from './odometer';
import { parseFuels, parseTransmission } from './powertrain';
import { parsePurposes } from './purpose';
import type { Query } from './text';
import type { Constraints } from './types';
import { parseYear } from './year';

/**
 * The wishes a text states, as written (no defaults added). Parsers that read numbers run from the
 * most specific unit to the least (km, years, seats, then money), each blanking what it used, so
 * "dưới 50 nghìn km đời 2020 tầm 700 triệu" yields three separate bounds.
 */
export function readConstraints(q: Query, now: Date, catalogue?: Catalogue): Constraints {
  const c: Constraints = {};
  Object.assign(c, parseBrandsModels(q, catalogue));
  Object.assign(c, parseOdometer(q));
  Object.assign(c, parseYear(q, now));
  Object.assign(c, parseSeats(q));
  const bodyTypes = parseBody(q);
  if (bodyTypes) c.bodyTypes = bodyTypes;
  const fuels = parseFuels(q);
  if (fuels) c.fuels = fuels;
  const transmission = parseTransmission(q);
  if (transmission) c.transmission = transmission;
  const colours = parseColours(q);
  if (colours) c.colours = colours;
  const purposes = parsePurposes(q);
  if (purposes) c.purposes = purposes;
  const budget = parseBudget(q);
  if (budget) c.budget = budget;
  const sort = parseSortWish(q) ?? (wantsLowMileage(q) ? 'odo_asc' : undefined);
  if (sort) c.sort = sort;
  for (const key of Object.keys(c) as (keyof Constraints)[]) if (c[key] === undefined) delete c[key];
  return c;
}
