import {
  type ChatCarInfo,
  type ChatMessage,
  carLinks,
  parseCarAdviceMessage,
} from '../../../../contract/chat';
import {
  type BrandRef,
  type Catalogue,
  type Constraints,
  hasHardConstraints,
  type ModelRef,
  type ParsedMessage,
  parseMessage,
  type WishKind,
  wishKinds,
} from '../../../../contract/query';
import { foldVietnamese } from '../../../../contract/text';

/**
 * What the conversation so far tells the advisor: the cars it listed (from the /cars/{id} links of its
 * own earlier answers), the car being talked about, the buyer's standing wishes, a handed-over car.
 */
export interface Conversation {
  /** Ids of the latest answer that listed two cars or more, in order. */
  lastList: number[];
  /** Ids of the latest answer that named any car. */
  lastNamed: number[];
  /** The car in focus: the only car of the latest answer that named one, or the handed-over car. */
  focusId: number | null;
  /** Every car named so far. */
  shown: number[];
  /** The buyer's wishes before this message. */
  previous: Constraints;
  /** The latest car handed over from a car page. */
  handoff: ChatCarInfo | null;
  /** The messages since the handed-over car (true while it is the subject). */
  handoffActive: boolean;
  /** The visitor's own car, when they sell it or trade it in. */
  seller: SellerCar | null;
  /** The latest answer was about the visitor's own car (a valuation, or a question about it). */
  sellerActive: boolean;
}

/** A visitor's own car as their messages describe it, to be valued. */
export interface SellerCar {
  kind: 'sell' | 'tradeIn';
  brands?: BrandRef[];
  models?: ModelRef[];
  year?: number;
  odo?: number;
}

/** Answers about the visitor's own car end with the selling page: how a later message knows it follows one. */
export const SELLING_PAGE = '/sell-car';

/** Words of a buyer looking for cars ("có xe nào đời 2020 không"), not of a seller telling of theirs. */
const LOOKS_FOR_CARS = /(?<![a-z])(xe nao|con xe|co xe|tim|mua|xem xe|goi y|tu van xe)(?![a-z])/;

/** A message that only tells more of the seller's car ("xe đời 2016, đi 90.000 km"). */
export function describesOwnCar(p: ParsedMessage, folded: string): boolean {
  if (LOOKS_FOR_CARS.test(folded)) return false;
  const c = p.constraints;
  const about = c.yearMin ?? c.yearMax ?? c.odoMax ?? c.odoMin ?? c.models ?? c.brands;
  return about !== undefined && !c.budget && !c.seatsMin && !c.bodyTypes && !c.fuels && !c.colours;
}

/** What this message says of the seller's car, over what earlier ones said. */
export function sellerCar(before: SellerCar | null, p: ParsedMessage): SellerCar {
  const c = p.constraints;
  const out: SellerCar = { ...(before ?? { kind: 'sell' }) };
  if (p.sell) out.kind = p.sell;
  if (c.models || c.brands) {
    out.models = c.models;
    out.brands = c.brands;
  }
  const year = c.yearMin ?? c.yearMax;
  if (year !== undefined) out.year = year;
  const odo = c.odoMax ?? c.odoMin;
  if (odo !== undefined) out.odo = odo;
  return out;
}

const REFINE_CUES =
  /^(con|the con|vay|the|thi|neu|loc|chi|uu tien|them|co mau|co ban|co loai|co xe|mau|loai|doi|di|hang|dong)(?![a-z])|(thi sao|thi the nao|thoi|nua|duoc khong|co khong|hon khong|thi co|nhe|voi)(?![a-z])/;

/** The keys of Constraints each kind of wish holds: a new wish of a kind replaces the old one whole. */
const KIND_KEYS: Record<WishKind, (keyof Constraints)[]> = {
  brands: ['brands', 'models'],
  models: ['models'],
  bodyTypes: ['bodyTypes'],
  seats: ['seatsMin', 'seatsMax'],
  fuels: ['fuels'],
  transmission: ['transmission'],
  year: ['yearMin', 'yearMax'],
  odo: ['odoMin', 'odoMax'],
  colours: ['colours'],
  budget: ['budget'],
  purposes: ['purposes'],
};

/** The constraints less the kinds given up. */
export function withoutKinds(c: Constraints, kinds: readonly WishKind[]): Constraints {
  const out: Constraints = { ...c };
  for (const kind of kinds) for (const key of KIND_KEYS[kind]) delete out[key];
  return out;
}

/** Only the kinds named: what "bỏ điều kiện máy dầu" gave up, in words. */
export function onlyKinds(c: Constraints, kinds: readonly WishKind[]): Constraints {
  const out: Constraints = {};
  for (const kind of kinds)
    for (const key of KIND_KEYS[kind]) if (c[key] !== undefined) Object.assign(out, { [key]: c[key] });
  return out;
}

/**
 * Wishes stated in this message, merged over the standing ones when the message refines them. "Đổi ý"
 * starts over; "bỏ / không cần X" gives X up; a wish of a kind already held replaces it whole (seven
 * seats after five is seven seats, not "seven to five").
 */
export function mergeConstraints(previous: Constraints, parsed: ParsedMessage, folded: string): Constraints {
  const now = parsed.constraints;
  if (parsed.restart) return now;
  const base = withoutKinds(previous, parsed.drop);
  if (!hasHardConstraints(base) && !base.purposes) return now;
  // "xe nào tiết kiệm xăng nhất?": a new question about the whole stock.
  if (parsed.newSubject) return now;
  const kinds = Object.keys(now).filter((k) => k !== 'sort').length;
  const refines =
    parsed.drop.length > 0 ||
    REFINE_CUES.test(folded) ||
    kinds <= 1 ||
    parsed.cheaper ||
    parsed.more ||
    parsed.newer ||
    parsed.lessKm;
  if (!refines) return now;
  // A new brand or model replaces the old ones; a body type replaces a body type; and so on.
  const replaced = wishKinds(now);
  if (replaced.includes('models')) replaced.push('brands');
  const merged: Constraints = { ...withoutKinds(base, replaced), ...now };
  for (const key of Object.keys(merged) as (keyof Constraints)[])
    if (merged[key] === undefined) delete merged[key];
  return merged;
}

export function readConversation(history: ChatMessage[], now: Date, catalogue?: Catalogue): Conversation {
  const conv: Conversation = {
    lastList: [],
    lastNamed: [],
    focusId: null,
    shown: [],
    previous: {},
    handoff: null,
    handoffActive: false,
    seller: null,
    sellerActive: false,
  };
  for (const message of history.slice(0, -1)) {
    if (message.role === 'model') {
      conv.sellerActive = message.content.includes(SELLING_PAGE);
      const ids = carLinks(message.content);
      if (ids.length === 0) continue;
      for (const id of ids) if (!conv.shown.includes(id)) conv.shown.push(id);
      conv.lastNamed = ids;
      // A numbered list (or several cars) is what "xe thứ hai" counts in; a single car named outside a
      // list (a detail, a hand-off, an instalment) is the car in focus.
      const isList = ids.length >= 2 || /^\s*(?:\d+[.)]\s|Xe \d+ –)/m.test(message.content);
      if (isList) conv.lastList = ids;
      // The latest answer sets the subject: a later list ends the focus on an earlier single car.
      conv.focusId = ids.length === 1 ? ids[0] : null;
    } else {
      const handoff = parseCarAdviceMessage(message.content);
      if (handoff) {
        conv.handoff = handoff;
        conv.handoffActive = true;
        continue;
      }
      const parsed = parseMessage(message.content, now, catalogue);
      // A seller's car is not a wish for a car to buy.
      const folded = foldVietnamese(message.content);
      if (parsed.sell || (conv.sellerActive && conv.seller && describesOwnCar(parsed, folded))) {
        conv.seller = sellerCar(conv.seller, parsed);
        continue;
      }
      const changes = parsed.drop.length > 0 || parsed.restart;
      if (hasHardConstraints(parsed.constraints) || parsed.constraints.purposes || changes) {
        conv.handoffActive = false;
        conv.previous = mergeConstraints(conv.previous, parsed, foldForCues(message.content));
      }
    }
  }
  return conv;
}

export const foldForCues = foldVietnamese;

/** Positions (1-based, -1 last) -> ids of a list. */
export function pick(list: number[], positions: number[]): number[] {
  const out: number[] = [];
  for (const p of positions) {
    const id = p < 0 ? list[list.length + p] : list[p - 1];
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}
