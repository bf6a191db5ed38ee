import { type ChatMessage, parseCarAdviceMessage } from '../../../../contract/chat';
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
import { mergeConstraints, pick, readConversation } from './context';
import { handoffAnswer } from './handoff';
import { instalmentAnswer } from './instalment';
import { followUpAnswer, searchAnswer, suggestAnswer } from './lists';
import { compareAnswer, detailAnswer } from './one-car';
import { MAX_LISTED } from './search';
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

    const reply = await route(turn, p, constraints, ownHard);
    // Showroom facts asked alongside something else are added to that answer.
    if (p.info.length && reply.kind !== 'info') {
      reply.text += `\n\n${await infoText(turn, p.info)}`;
    }
    return reply;
  }
}

/** Which answer a message gets, from what it asks and what the conversation established. */
export async function route(
  t: Turn,
  p: ParsedMessage,
  c: Constraints,
  ownHard: boolean,
): Promise<AdvisorReply> {
  const conv = t.conv;
  const referenced = await referencedCars(t, p);

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
  if (hasHardConstraints(c) && (ownHard || p.constraints.purposes || p.constraints.sort))
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
  if (p.carTalk && !p.info.length) return suggestAnswer(t);
  return fallbackAnswer(t);
}

// ----------------------------------------------------------------------------- references

/** The cars the message points at: "xe thứ hai", "hai xe đầu", "xe này". */
async function referencedCars(t: Turn, p: ParsedMessage): Promise<CarDetails[]> {
  const conv = t.conv;
  let ids: number[] = [];
  if (p.reference?.positions.length) {
    const list = conv.lastList.length ? conv.lastList : conv.lastNamed;
    ids = pick(list, p.reference.positions);
  } else if (p.reference?.current) {
    const id = conv.focusId ?? conv.lastNamed[0];
    if (id) ids = [id];
  } else if ((p.instalment || p.testDrive) && conv.focusId) {
    ids = [conv.focusId];
  }
  const cars = await Promise.all(ids.map((id) => t.inventory.getCar(id)));
  return cars.filter((c): c is CarDetails => c !== null);
}

export { MAX_LISTED };
