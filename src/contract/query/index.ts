import type { Catalogue } from './brands';
import { readChange } from './change';
import { readConstraints } from './constraints';
import { parseHoldAsked, parseOffer, parseSell } from './dealing';
import {
  parseAttributes,
  parseFollowUps,
  parseInfoTopics,
  parseInstalment,
  parseMisc,
  parseReference,
} from './intent';
import { Query } from './text';
import { parseFactoryWarranty, parsePolicyTopics, parseTrustTopics } from './trust';
import type { Constraints, ParsedMessage } from './types';

export type { Catalogue } from './brands';
export { wishKinds } from './change';
export * from './types';

/**
 * Reads one Vietnamese message into constraints and intents. Parsers that read numbers run from the
 * most specific unit to the least (instalment terms, km, years, seats, then money), each blanking what
 * it used, so "dưới 50 nghìn km đời 2020 tầm 700 triệu" yields three separate bounds.
 */
export function parseMessage(text: string, now: Date = new Date(), catalogue?: Catalogue): ParsedMessage {
  // What the buyer gives up is cut out first: "bỏ điều kiện máy dầu" must not read as a wish for a diesel.
  const change = readChange(text, now, catalogue);
  const q = new Query(change.rest);
  const dealing = {
    sell: parseSell(q),
    offer: parseOffer(q),
    holdAsked: parseHoldAsked(q),
    factoryWarranty: parseFactoryWarranty(q),
  };
  const info = parseInfoTopics(q);
  const instalment = parseInstalment(q);
  const followUps = parseFollowUps(q);
  const reference = parseReference(q);
  const attributes = parseAttributes(q);
  const misc = parseMisc(q);
  // Before the purposes and the odometer: "bị ngập nước", "tua odo" are about a car's past.
  const trust = parseTrustTopics(q);
  const policy = parsePolicyTopics(q);
  // "bảo hành" is the showroom's warranty, not a maintenance booking.
  if (policy.includes('warranty') && !/(dat lich|dat hen|lich bao duong)/.test(q.folded))
    misc.maintenance = false;
  // "lịch sử bảo dưỡng xe này" asks about the car's records, not for a booking.
  if (trust.includes('service') && !/(dat lich|dat hen)/.test(q.folded)) misc.maintenance = false;

  const c: Constraints = readConstraints(q, now, catalogue);

  // A family car seats five at least; seven-seaters are preferred when the answer is ordered.
  if (c.purposes?.includes('family') && c.seatsMin === undefined) c.seatsMin = 5;
  // Goods need a load bed or a van unless a body type was named.
  if (c.purposes?.includes('cargo') && !c.bodyTypes) c.bodyTypes = ['PICKUP', 'VAN'];

  for (const key of Object.keys(c) as (keyof Constraints)[]) if (c[key] === undefined) delete c[key];
  const newSubject = NEW_SUBJECT.test(q.folded) && !reference && !STAYS_ON_LIST.test(q.folded);
  return {
    constraints: c,
    info,
    instalment,
    attributes,
    reference,
    ...followUps,
    ...misc,
    trust,
    policy,
    newSubject,
    drop: change.drop,
    restart: change.restart,
    ...dealing,
  };
}

/** "xe nào … nhất", "loại nào … nhất", "trong kho xe nào": a question about the whole stock. */
const NEW_SUBJECT =
  /(?<![a-z])((?:xe|loai|mau|dong|chiec|con) nao\b.*\bnhat|trong (?:kho|showroom|toan bo)|tat ca cac xe|ca kho)(?![a-z])/;
/** "trong hai xe này", "trong số đó", "trong mấy xe trên": the question stays on the cars listed. */
const STAYS_ON_LIST =
  /(trong tam gia|tam gia (?:nay|do)|ngan sach (?:nay|do)|trong (?:hai|ba|bon|nam|2|3|4|5|may|cac|so|nhung) (?:xe|chiec|lua chon|mau)|trong so do|trong do|(?:xe|chiec) (?:tren|do|nay))/;

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
