import { type ChatMessage, parseCarAdviceMessage } from '../../../../contract/chat';
import { CHAT_PERSON_OFFER, offersPerson } from '../../../../contract/chat-handoff';
import { vnDayKey } from '../../../../contract/format';
import {
  type Catalogue,
  type Constraints,
  hasHardConstraints,
  type ParsedMessage,
  parseMessage,
} from '../../../../contract/query';
import { foldVietnamese } from '../../../../contract/text';
import type { CarDetails, InventoryPort } from '../inventory';
import { mergeConstraints, onlyKinds, pick, readConversation } from './context';
import { dealingAnswer } from './dealing';
import { handoffAnswer } from './handoff';
import { instalmentAnswer } from './instalment';
import { followUpAnswer, searchAnswer, suggestAnswer } from './lists';
import { compareAnswer, detailAnswer } from './one-car';
import { policyAnswer } from './policies';
import { recordsAnswer, recordsWithoutCarAnswer } from './records';
import { describeConstraints } from './render';
import { MAX_LISTED, toSearch } from './search';
import {
  consultingAnswer,
  fallbackAnswer,
  infoText,
  maintenanceAnswer,
  testDriveAnswer,
} from './showroom-answers';
import { type AdvisorReply, Turn } from './turn';

export type { AdvisorReply, ReplyKind } from './turn';

/**
 * The offline advisor: understands the buyer's Vietnamese, answers from the inventory and the web
 * configuration only, and keeps to what the conversation already established.
 */
export class OfflineAdvisor {
  constructor(
    private readonly inventory: InventoryPort,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async reply(history: ChatMessage[]): Promise<string> {
    return (await this.answer(history)).text;
  }

  async answer(history: ChatMessage[]): Promise<AdvisorReply> {
    const now = this.clock();
    const year = Number(vnDayKey(now).slice(0, 4));
    const last = history[history.length - 1]?.content ?? '';
    const catalogue = await this.inventory.catalogue().catch((): Catalogue => ({ brands: [], models: [] }));
    const conv = readConversation(history, now, catalogue);
    const turn = new Turn(this.inventory, conv, year);

    const handoff = parseCarAdviceMessage(last);
    if (handoff) return handoffAnswer(turn, handoff);

    const p = parseMessage(last, now, catalogue);
    const folded = foldVietnamese(last);
    const constraints = mergeConstraints(conv.previous, p, folded);
    const ownHard = hasHardConstraints(p.constraints);

    // Asking for a person comes first, unless the message also asks something the advisor can answer.
    if (p.consulting && !ownHard && !p.trust.length && !p.instalment && !p.testDrive && !p.maintenance)
      return consultingAnswer(turn);
    const ref = await referencedCars(turn, p, folded);
    const reply =
      (await dealingAnswer(turn, p, ref.cars, folded)) ??
      (await route(turn, p, constraints, ownHard, ref.cars, vnDayKey(now)));
    if (ref.missing.length) reply.text = `${missingNote(ref)}\n\n${reply.text}`;
    const carried = carriedNote(conv.previous, p, constraints, reply);
    if (carried) reply.text = `${carried}\n\n${reply.text}`;
    // Showroom facts asked alongside something else are added to that answer.
    if (p.info.length && reply.kind !== 'info') {
      reply.text += `\n\n${await infoText(turn, p.info)}`;
    }
    return offerPerson(reply, p);
  }
}

/**
 * A person serves better when the visitor asked for one, wants to bargain, or asked what the advisor
 * cannot answer: the answer ends with the offer, and the chat shows "Gặp nhân viên tư vấn" under it.
 */
function offerPerson(reply: AdvisorReply, p: ParsedMessage): AdvisorReply {
  const wanted = p.consulting || p.policy.includes('negotiation') || reply.kind === 'fallback';
  if (wanted && !offersPerson(reply.text)) reply.text += `\n\n${CHAT_PERSON_OFFER}`;
  return reply;
}

/** Which answer a message gets, from what it asks and what the conversation established. */
export async function route(
  t: Turn,
  p: ParsedMessage,
  c: Constraints,
  ownHard: boolean,
  referenced: CarDetails[],
  today: string,
): Promise<AdvisorReply> {
  const conv = t.conv;
  if (p.trust.length) {
    const cars = await carsAskedAbout(t, p, ownHard, referenced);
    // "Mua rồi phát hiện xe ngập thì có được hoàn tiền không": no car in view, so it is about the policy.
    if (!cars.length && p.policy.length) return policyAnswer(t, p.policy);
    const reply = cars.length
      ? await recordsAnswer(t, cars, p.trust, today)
      : await recordsWithoutCarAnswer(t);
    if (p.policy.length) reply.text += `\n\n${(await policyAnswer(t, p.policy)).text}`;
    return reply;
  }
  if (p.policy.length && !ownHard && !p.instalment && !p.testDrive) return policyAnswer(t, p.policy);

  if (p.info.length && !ownHard && !p.instalment && !p.testDrive && !p.maintenance) {
    return { kind: 'info', text: await infoText(t, p.info), cars: [] };
  }
  if (p.instalment) return instalmentAnswer(t, p, referenced);
  if (p.testDrive) return testDriveAnswer(t, referenced);
  if (p.maintenance && !ownHard) return maintenanceAnswer(t);
  if (p.compare) {
    const compared = await compareAnswer(t, p, referenced);
    if (compared) return compared;
  }
  const followUp = p.cheaper || p.pricier || p.newer || p.lessKm;
  if (referenced.length && !followUp && (p.attributes.length || !ownHard)) {
    return detailAnswer(t, referenced, p.attributes);
  }
  const specific = p.attributes.filter((a) => a !== 'all');
  if (!referenced.length && specific.length && !ownHard && conv.focusId && !followUp && !p.more) {
    const focus = await t.inventory.getCar(conv.focusId);
    if (focus) return detailAnswer(t, [focus], specific);
  }
  if (followUp || (p.more && !ownHard)) {
    if (hasHardConstraints(c) || c.purposes || conv.lastList.length || conv.lastNamed.length) {
      return followUpAnswer(t, p, c, referenced);
    }
  }
  const changed = p.drop.length > 0 || p.restart;
  if (
    (hasHardConstraints(c) || (changed && c.purposes)) &&
    (ownHard || p.constraints.purposes || p.constraints.sort || changed)
  )
    return searchAnswer(t, c, p.constraints);
  if (p.constraints.purposes || p.constraints.sort) return searchAnswer(t, c, p.constraints);
  if (p.consulting) return consultingAnswer(t);
  if (p.thanks)
    return {
      kind: 'thanks',
      text: `Rất vui được hỗ trợ bạn! Nếu cần thêm thông tin, bạn cứ hỏi mình hoặc gọi ${await t.hotline()}.`,
      cars: [],
    };
  if (p.greeting) {
    return {
      kind: 'greeting',
      text:
        'Xin chào! Mình có thể giúp bạn tìm xe theo ngân sách, hãng, kiểu dáng, số chỗ, nhiên liệu, hộp số, đời xe hay mục đích sử dụng; ' +
        'cho bạn biết địa chỉ, giờ mở cửa của showroom, ước tính trả góp và cách đặt lịch lái thử. Bạn đang tìm xe như thế nào?',
      cars: [],
    };
  }
  if ((p.carTalk || changed) && !p.info.length) return suggestAnswer(t);
  return fallbackAnswer(t);
}

// ----------------------------------------------------------------------------- references

interface Referenced {
  cars: CarDetails[];
  /** Positions asked for that the list does not have ("xe 3" of two). */
  missing: number[];
  listSize: number;
}

const PLURAL = /(?<![a-z])(?:may|cac|nhung|ca|hai|ba) (?:xe|chiec|mau)|ca hai|tat ca/;

/** The cars the message points at: "xe thứ hai", "hai xe đầu", "xe này". */
async function referencedCars(t: Turn, p: ParsedMessage, folded: string): Promise<Referenced> {
  const conv = t.conv;
  let ids: number[] = [];
  let missing: number[] = [];
  let listSize = 0;
  if (p.reference?.positions.length) {
    const list = conv.lastList.length ? conv.lastList : conv.lastNamed;
    ids = pick(list, p.reference.positions);
    listSize = list.length;
    if (list.length) missing = p.reference.positions.filter((n) => n > list.length || -n > list.length);
  } else if (p.reference?.current && !conv.focusId && PLURAL.test(folded) && conv.lastList.length) {
    // "mấy xe này", "các xe trên": every car just listed; with an ordering wish it is a narrowed search.
    if (!p.constraints.sort) ids = conv.lastList.slice(0, 5);
  } else if (p.reference?.current) {
    const id = conv.focusId ?? conv.lastNamed[0];
    if (id) ids = [id];
  } else if ((p.instalment || p.testDrive) && conv.focusId) {
    ids = [conv.focusId];
  }
  const cars = await Promise.all(ids.map((id) => t.inventory.getCar(id)));
  return { cars: cars.filter((c): c is CarDetails => c !== null), missing, listSize };
}

/** "Danh sách trước chỉ có 2 xe…": an ordinal beyond the list is said, not silently dropped. */
function missingNote(ref: Referenced): string {
  const asked = ref.missing.map((n) => (n < 0 ? 'xe cuối' : `xe thứ ${n}`)).join(', ');
  return `Danh sách mình gửi trước đó chỉ có ${ref.listSize} xe, nên không có ${asked}.${
    ref.cars.length ? ' Dưới đây là xe có trong danh sách:' : ''
  }`;
}

/** The cars a question about records is about: those pointed at, the car in focus, or the cars named. */
async function carsAskedAbout(
  t: Turn,
  p: ParsedMessage,
  ownHard: boolean,
  referenced: CarDetails[],
): Promise<CarDetails[]> {
  if (referenced.length) return referenced;
  if (ownHard) {
    const found = await t.inventory.searchCars({ ...toSearch(p.constraints), limit: 3 });
    const cars = await Promise.all(found.map((car) => t.inventory.getCar(car.id)));
    return cars.filter((x): x is CarDetails => x !== null);
  }
  // "mấy xe này có xe nào bị ngập không": every car of the list just shown.
  const ids = t.conv.focusId ? [t.conv.focusId] : t.conv.lastNamed.slice(0, 5);
  const cars = await Promise.all(ids.map((id) => t.inventory.getCar(id)));
  return cars.filter((x): x is CarDetails => x !== null);
}

/**
 * What the answer kept from earlier messages, gave up, or that it started afresh: a buyer who asks a
 * new question should know whether "CX-5 hoặc CR-V" still applies. Read from the wishes the list was
 * searched with (`reply.applied`), so what the text says it kept is exactly what the list applied.
 */
function carriedNote(
  previous: Constraints,
  p: ParsedMessage,
  c: Constraints,
  reply: AdvisorReply,
): string | null {
  if (!hasHardConstraints(previous) && !previous.purposes) return null;
  const lists = reply.kind === 'search' || reply.kind === 'followup';
  if (p.restart)
    return lists || reply.kind === 'suggest'
      ? `Mình bỏ các điều kiện trước (${describeConstraints(previous)}) và tìm theo yêu cầu mới.`
      : null;
  const given = describeConstraints(onlyKinds(previous, p.drop));
  const droppedNote = given ? `Mình đã bỏ điều kiện ${given}.` : null;
  if (!lists) return reply.kind === 'suggest' ? droppedNote : null;
  if (p.newSubject)
    return `Mình tìm trong toàn bộ xe đang bán, không giữ điều kiện trước (${describeConstraints(previous)}).`;
  if (reply.alone)
    return `Hiện showroom không có xe nào vừa ${describeConstraints(p.constraints)} vừa khớp điều kiện trước (${describeConstraints(previous)}), nên mình tìm theo yêu cầu mới.`;
  const applied = reply.applied ?? c;
  const kept: Constraints = {};
  for (const key of Object.keys(previous) as (keyof Constraints)[]) {
    if (key !== 'sort' && p.constraints[key] === undefined && applied[key] !== undefined)
      Object.assign(kept, { [key]: applied[key] });
  }
  const words = describeConstraints(kept);
  const keptNote = words ? `Mình giữ điều kiện trước: ${words}.` : null;
  return [droppedNote, keptNote].filter(Boolean).join('\n') || null;
}

export { MAX_LISTED };
