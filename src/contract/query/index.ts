import { parseBody, parseSeats } from './body';
import { type Catalogue, parseBrandsModels } from './brands';
import { parseBudget } from './budget';
import { parseColours } from './colour';
import {
  parseAttributes,
  parseFollowUps,
  parseInfoTopics,
  parseInstalment,
  parseMisc,
  parseReference,
  parseSortWish,
} from './intent';
import { parseOdometer, wantsLowMileage } from './odometer';
import { parseFuels, parseTransmission } from './powertrain';
import { parsePurposes } from './purpose';
import { Query } from './text';
import type { Constraints, ParsedMessage } from './types';
import { parseYear } from './year';

export type { Catalogue } from './brands';
export * from './types';

/**
 * Reads one Vietnamese message into constraints and intents. Parsers that read numbers run from the
 * most specific unit to the least (instalment terms, km, years, seats, then money), each blanking what
 * it used, so "dưới 50 nghìn km đời 2020 tầm 700 triệu" yields three separate bounds.
 */
export function parseMessage(text: string, now: Date = new Date(), catalogue?: Catalogue): ParsedMessage {
  const q = new Query(text);
  const info = parseInfoTopics(q);
  const instalment = parseInstalment(q);
  const followUps = parseFollowUps(q);
  const reference = parseReference(q);
  const attributes = parseAttributes(q);
  const misc = parseMisc(q);

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

  // A family car seats five at least; seven-seaters are preferred when the answer is ordered.
  if (c.purposes?.includes('family') && c.seatsMin === undefined) c.seatsMin = 5;
  // Goods need a load bed or a van unless a body type was named.
  if (c.purposes?.includes('cargo') && !c.bodyTypes) c.bodyTypes = ['PICKUP', 'VAN'];

  for (const key of Object.keys(c) as (keyof Constraints)[]) if (c[key] === undefined) delete c[key];
  return { constraints: c, info, instalment, attributes, reference, ...followUps, ...misc };
}

/** True when the message states at least one constraint that narrows the inventory. */
export function hasHardConstraints(c: Constraints): boolean {
  return Boolean(
    c.budget ||
      c.brands ||
      c.models ||
      c.bodyTypes ||
      c.seatsMin ||
      c.seatsMax ||
      c.fuels ||
      c.transmission ||
      c.yearMin ||
      c.yearMax ||
      c.odoMax ||
      c.odoMin ||
      c.colours,
  );
}
