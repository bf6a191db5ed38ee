import {
  type ChatCarInfo,
  type ChatMessage,
  carLinks,
  parseCarAdviceMessage,
} from '../../../../contract/chat';
import {
  type Catalogue,
  type Constraints,
  hasHardConstraints,
  type ParsedMessage,
  parseMessage,
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
}

const REFINE_CUES =
  /^(con|the con|vay|the|thi|neu|loc|chi|uu tien|them|co mau|co ban|co loai|co xe|mau|loai|doi|di|hang|dong)(?![a-z])|(thi sao|thi the nao|thoi|nua|duoc khong|co khong|hon khong|thi co|nhe|voi)(?![a-z])/;

/** Wishes stated in this message, merged over the standing ones when the message refines them. */
export function mergeConstraints(previous: Constraints, parsed: ParsedMessage, folded: string): Constraints {
  const now = parsed.constraints;
  if (!hasHardConstraints(previous) && !previous.purposes) return now;
  // "xe nào tiết kiệm xăng nhất?": a new question about the whole stock.
  if (parsed.newSubject) return now;
  const kinds = Object.keys(now).filter((k) => k !== 'sort').length;
  const refines =
    REFINE_CUES.test(folded) || kinds <= 1 || parsed.cheaper || parsed.more || parsed.newer || parsed.lessKm;
  if (!refines) return now;
  const merged: Constraints = { ...previous, ...now };
  // A new brand or model replaces the old ones; a body type replaces a body type.
  if (now.brands || now.models) {
    merged.brands = now.brands;
    merged.models = now.models;
  }
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
  };
  for (const message of history.slice(0, -1)) {
    if (message.role === 'model') {
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
      if (hasHardConstraints(parsed.constraints) || parsed.constraints.purposes) {
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
