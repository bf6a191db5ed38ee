import { CAR_STATUS_LABELS } from '../../../../contract/cars';
import { type ChatCarInfo, type ChatMessage, parseCarAdviceMessage } from '../../../../contract/chat';
import { formatKm, formatPrice, vnDayKey } from '../../../../contract/format';
import { compactFold, foldVietnamese } from '../../../../contract/text';
import type { AdvisorCar, CarDetails, CarSearch, InventoryPort, ShowroomInfo } from '../inventory';
import {
  type CarAttribute,
  type Catalogue,
  type Constraints,
  hasHardConstraints,
  type InfoTopic,
  type ParsedMessage,
  parseMessage,
} from '../parse';
import { type Conversation, mergeConstraints, pick, readConversation } from './context';
import {
  bodyWord,
  carEntry,
  carFacts,
  carLink,
  carTitle,
  describeConstraints,
  FUEL_WORDS,
  reasonsFor,
  TRANSMISSION_WORDS,
} from './render';
import { findCars, MAX_LISTED, PRICE_RELAX, RELAX_LABELS, type SearchOutcome } from './search';

export type ReplyKind =
  | 'search'
  | 'suggest'
  | 'followup'
  | 'detail'
  | 'compare'
  | 'info'
  | 'instalment'
  | 'test_drive'
  | 'maintenance'
  | 'consulting'
  | 'handoff'
  | 'greeting'
  | 'thanks'
  | 'fallback';

export interface AdvisorReply {
  text: string;
  kind: ReplyKind;
  /** Ids of the cars the answer names, in order. */
  cars: number[];
  /** The constraints the answer's cars satisfy (after any relaxation). */
  search?: CarSearch;
  priceRelaxed?: boolean;
  dropped?: string[];
}

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
    if (handoff) return turn.handoff(handoff);

    const p = parseMessage(last, now, catalogue);
    const folded = foldVietnamese(last);
    const constraints = mergeConstraints(conv.previous, p, folded);
    const ownHard = hasHardConstraints(p.constraints);

    const reply = await turn.route(p, constraints, ownHard);
    // Showroom facts asked alongside something else are added to that answer.
    if (p.info.length && reply.kind !== 'info') {
      reply.text += `\n\n${await turn.infoText(p.info)}`;
    }
    return reply;
  }
}

/** One answer: the conversation, the inventory and the showroom's facts, read once. */
class Turn {
  private showroomInfo: ShowroomInfo | null = null;

  constructor(
    private readonly inventory: InventoryPort,
    private readonly conv: Conversation,
    private readonly year: number,
  ) {}

  async showroom(): Promise<ShowroomInfo> {
    this.showroomInfo ??= await this.inventory.showroom();
    return this.showroomInfo;
  }

  /** "hotline 0909 123 456" or the consulting page when no phone is configured. */
  async hotline(): Promise<string> {
    const s = await this.showroom();
    return s.phone ? `hotline ${s.phone}` : 'trang /consulting';
  }

  async route(p: ParsedMessage, c: Constraints, ownHard: boolean): Promise<AdvisorReply> {
    const conv = this.conv;
    const referenced = await this.referencedCars(p);

    if (p.info.length && !ownHard && !p.instalment && !p.testDrive && !p.maintenance) {
      return { kind: 'info', text: await this.infoText(p.info), cars: [] };
    }
    if (p.instalment) return this.instalment(p, referenced);
    if (p.testDrive) return this.testDrive(referenced);
    if (p.maintenance && !ownHard) return this.maintenance();
    if (p.compare) {
      const compared = await this.compare(p, referenced);
      if (compared) return compared;
    }
    const followUp = p.cheaper || p.pricier || p.newer || p.lessKm;
    if (referenced.length && !followUp && (p.attributes.length || !ownHard)) {
      return this.detail(referenced, p.attributes);
    }
    const specific = p.attributes.filter((a) => a !== 'all');
    if (!referenced.length && specific.length && !ownHard && conv.focusId && !followUp && !p.more) {
      const focus = await this.inventory.getCar(conv.focusId);
      if (focus) return this.detail([focus], specific);
    }
    if (followUp || (p.more && !ownHard)) {
      if (hasHardConstraints(c) || c.purposes || conv.lastList.length || conv.lastNamed.length) {
        return this.followUp(p, c, referenced);
      }
    }
    if (hasHardConstraints(c) && (ownHard || p.constraints.purposes || p.constraints.sort))
      return this.search(c, p.constraints);
    if (p.constraints.purposes || p.constraints.sort) return this.search(c, p.constraints);
    if (p.consulting) return this.consulting();
    if (p.thanks)
      return {
        kind: 'thanks',
        text: `Rất vui được hỗ trợ bạn! Nếu cần thêm thông tin, bạn cứ hỏi mình hoặc gọi ${await this.hotline()}.`,
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
    if (p.carTalk && !p.info.length) return this.suggest();
    return this.fallback();
  }

  // ----------------------------------------------------------------------------- references

  /** The cars the message points at: "xe thứ hai", "hai xe đầu", "xe này". */
  private async referencedCars(p: ParsedMessage): Promise<CarDetails[]> {
    const conv = this.conv;
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
    const cars = await Promise.all(ids.map((id) => this.inventory.getCar(id)));
    return cars.filter((c): c is CarDetails => c !== null);
  }

  // ----------------------------------------------------------------------------- search

  private intro(c: Constraints, outcome: SearchOutcome): string {
    const wishes = describeConstraints(c);
    const n = outcome.cars.length;
    const lines: string[] = [];
    if (outcome.dropped.length === 0 && !outcome.priceRelaxed) {
      lines.push(
        wishes
          ? `Đây là ${n} xe đang bán phù hợp với yêu cầu của bạn (${wishes}):`
          : `Đây là ${n} xe đang bán phù hợp:`,
      );
      return lines.join('\n');
    }
    lines.push(`Hiện showroom chưa có xe nào khớp đúng tất cả yêu cầu${wishes ? ` (${wishes})` : ''}.`);
    const steps: string[] = [];
    const budgetAt = outcome.dropped.indexOf('budget');
    if (outcome.priceRelaxed && budgetAt < 0)
      steps.push(`nới ngân sách thêm ${Math.round(PRICE_RELAX * 100)}%`);
    const dropped = outcome.dropped.filter((d) => d !== 'budget');
    const before = budgetAt >= 0 ? dropped.filter((d) => outcome.dropped.indexOf(d) < budgetAt) : dropped;
    const after = budgetAt >= 0 ? dropped.filter((d) => outcome.dropped.indexOf(d) > budgetAt) : [];
    if (before.length) steps.push(`bỏ bớt yêu cầu về ${before.map((d) => RELAX_LABELS[d]).join(', ')}`);
    if (budgetAt >= 0) steps.push(`bỏ giới hạn ${RELAX_LABELS.budget}, chọn các xe có giá gần nhất`);
    if (after.length) steps.push(`bỏ bớt yêu cầu về ${after.map((d) => RELAX_LABELS[d]).join(', ')}`);
    lines.push(`Mình đã ${steps.join(', rồi ')}. Đây là ${n} xe gần nhất với mong muốn của bạn:`);
    return lines.join('\n');
  }

  private async listAnswer(
    c: Constraints,
    outcome: SearchOutcome,
    kind: ReplyKind,
    intro?: string,
  ): Promise<AdvisorReply> {
    if (outcome.cars.length === 0) {
      return {
        kind,
        text:
          `Hiện showroom chưa có xe nào đang bán phù hợp${describeConstraints(c) ? ` với yêu cầu (${describeConstraints(c)})` : ''}. ` +
          `Bạn có thể để lại thông tin tại /consulting hoặc gọi ${await this.hotline()}, showroom sẽ báo ngay khi có xe phù hợp.`,
        cars: [],
        search: outcome.search,
      };
    }
    // Reasons from what the cars do satisfy: the buyer's wishes less any given up.
    // The buyer's own budget, never the stretched one: an answer states no limit the buyer did not say.
    const satisfied =
      outcome.dropped.length || outcome.priceRelaxed
        ? {
            ...outcome.constraints,
            budget: outcome.dropped.includes('budget') ? undefined : c.budget,
            purposes: c.purposes,
          }
        : c;
    const entries = outcome.cars.map((car, i) => carEntry(i + 1, car, reasonsFor(car, satisfied, this.year)));
    const text = [
      intro ?? this.intro(c, outcome),
      '',
      entries.join('\n\n'),
      '',
      'Bạn muốn xem kỹ xe nào, so sánh hai xe đầu, hay tính trả góp? Đăng ký lái thử tại /testdrive.',
    ].join('\n');
    return {
      kind,
      text,
      cars: outcome.cars.map((x) => x.id),
      search: outcome.search,
      priceRelaxed: outcome.priceRelaxed,
      dropped: outcome.dropped,
    };
  }

  /**
   * `c` is the message's wishes merged over the standing ones; `own` the message's alone. When the merge
   * finds nothing exact but the message alone does, the buyer changed the subject: answer the message.
   */
  async search(c: Constraints, own?: Constraints): Promise<AdvisorReply> {
    const outcome = await findCars(this.inventory, c, this.year);
    if ((outcome.dropped.length || outcome.priceRelaxed) && own && own !== c && hasHardConstraints(own)) {
      const alone = await findCars(this.inventory, own, this.year);
      if (alone.cars.length && !alone.dropped.length && !alone.priceRelaxed)
        return this.listAnswer(own, alone, 'search');
    }
    return this.listAnswer(c, outcome, 'search');
  }

  /** "tư vấn giúp mình mua xe": a few cars to start from and what to tell the advisor. */
  async suggest(): Promise<AdvisorReply> {
    const cars = await this.inventory.searchCars({ sort: 'year_desc', limit: 3 });
    const ask =
      'Để tư vấn sát nhu cầu, bạn cho mình biết thêm: ngân sách khoảng bao nhiêu, cần mấy chỗ, ' +
      'thích hãng hay kiểu xe nào (sedan, gầm cao, bán tải...), máy xăng hay máy dầu, số sàn hay tự động, và dùng xe để làm gì.';
    if (!cars.length) return { kind: 'suggest', text: ask, cars: [] };
    const entries = cars.map((car, i) => carEntry(i + 1, car, reasonsFor(car, {}, this.year)));
    return {
      kind: 'suggest',
      text: `${ask}\n\nMột vài xe đời mới đang có ở showroom:\n\n${entries.join('\n\n')}`,
      cars: cars.map((x) => x.id),
      search: { sort: 'year_desc', limit: 3 },
    };
  }

  async followUp(p: ParsedMessage, c: Constraints, referenced: CarDetails[]): Promise<AdvisorReply> {
    const conv = this.conv;
    const baseIds = referenced.length
      ? referenced.map((x) => x.id)
      : conv.lastList.length
        ? conv.lastList
        : conv.lastNamed;
    const base = (await Promise.all(baseIds.map((id) => this.inventory.getCar(id)))).filter(
      (x): x is CarDetails => x !== null,
    );
    const next: Constraints = { ...c };
    let wish = 'khác';
    if (p.cheaper && base.length) {
      const cheapest = Math.min(...base.map((x) => x.sellPrice));
      next.budget = { max: cheapest - 1 };
      next.sort = 'price_desc';
      wish = `rẻ hơn ${referenced.length === 1 ? carTitle(referenced[0]) : 'các xe vừa gợi ý'}`;
    } else if (p.pricier && base.length) {
      next.budget = { min: Math.max(...base.map((x) => x.sellPrice)) + 1 };
      next.sort = 'price_asc';
      wish = 'cao cấp hơn';
    } else if (p.newer && base.length) {
      next.yearMin = Math.max(...base.map((x) => x.year)) + 1;
      delete next.yearMax;
      wish = 'đời mới hơn';
    } else if (p.lessKm && base.length) {
      next.odoMax = Math.min(...base.map((x) => x.odo)) - 1;
      next.sort = 'odo_asc';
      wish = 'đi ít km hơn';
    }
    const exclude = [...new Set([...conv.shown, ...base.map((x) => x.id)])];
    const relative = p.cheaper || p.pricier || p.newer || p.lessKm;
    const outcome = relative
      ? await findCars(this.inventory, { ...next, budget: undefined }, this.year, {
          excludeIds: exclude,
          ...(next.budget?.max !== undefined ? { priceMax: next.budget.max } : {}),
          ...(next.budget?.min !== undefined ? { priceMin: next.budget.min } : {}),
          ...(next.sort ? { sort: next.sort, nearPrice: undefined } : {}),
        })
      : await findCars(this.inventory, next, this.year, { excludeIds: exclude });
    if (outcome.cars.length === 0) {
      const described = describeConstraints({ ...c, budget: relative ? undefined : c.budget });
      return {
        kind: 'followup',
        text:
          `Hiện showroom không còn xe nào ${wish}${described ? ` khớp yêu cầu (${described})` : ''} ngoài các xe mình đã gợi ý. ` +
          `Bạn có muốn mình nới bớt yêu cầu không? Hoặc gọi ${await this.hotline()} để được báo khi có xe mới về.`,
        cars: [],
        search: outcome.search,
      };
    }
    const kept = outcome.dropped.length ? outcome.constraints : next;
    const described = describeConstraints({ ...kept, budget: relative ? undefined : kept.budget });
    const notice = outcome.dropped.length
      ? `Không còn xe ${wish} khớp đủ mọi yêu cầu, nên mình đã bỏ bớt yêu cầu về ${outcome.dropped
          .map((d) => RELAX_LABELS[d])
          .join(', ')}. `
      : '';
    const intro = `${notice}Đây là ${outcome.cars.length} xe ${wish}${described ? `, vẫn theo yêu cầu ${described}` : ''}:`;
    return this.listAnswer(c, outcome, 'followup', intro);
  }

  // ----------------------------------------------------------------------------- one car

  private strengths(car: CarDetails): string[] {
    const out: string[] = [];
    const age = Math.max(1, this.year - car.year);
    if (car.year >= this.year - 3) out.push(`xe đời mới (${car.year})`);
    if (car.odo / age < 12_000) out.push(`số km thấp so với tuổi xe (${formatKm(car.odo)})`);
    if (car.previousOwners === 1) out.push('một chủ sử dụng từ đầu');
    if (car.fuel === 'DIESEL') out.push('máy dầu bền bỉ, tiết kiệm nhiên liệu khi đi xa');
    if (car.fuel === 'HYBRID') out.push('hybrid rất tiết kiệm xăng, nhất là khi đi phố');
    if (car.fuel === 'ELECTRIC') out.push('xe điện êm ái, chi phí vận hành thấp');
    if (car.size >= 7) out.push(`${car.size} chỗ, rộng rãi cho gia đình`);
    if (car.bodyType === 'SUV' || car.bodyType === 'CROSSOVER')
      out.push('gầm cao, tự tin khi đi đường xấu hoặc ngập nước');
    if (car.bodyType === 'PICKUP') out.push('bán tải đa dụng, vừa đi lại vừa chở hàng');
    if (car.bodyType === 'HATCHBACK') out.push('nhỏ gọn, dễ đi phố và đỗ xe');
    if (car.bodyType === 'SEDAN') out.push('sedan êm ái, cốp rộng');
    if (car.bodyType === 'MPV') out.push('MPV rộng rãi, linh hoạt chở người và đồ');
    if (car.transmission === 'AUTOMATIC') out.push('số tự động, dễ lái');
    if (car.origin === 'IMPORTED') out.push('xe nhập khẩu');
    if (car.features.length) out.push(`trang bị: ${car.features.slice(0, 4).join(', ')}`);
    return out;
  }

  private factLine(car: CarDetails, attribute: CarAttribute): string | null {
    switch (attribute) {
      case 'odo':
        return `đã đi ${formatKm(car.odo)}`;
      case 'price':
        return `giá bán ${formatPrice(car.sellPrice)}`;
      case 'year':
        return `sản xuất năm ${car.year}`;
      case 'colour':
        return `màu ngoại thất ${car.exteriorColor.toLowerCase()}, nội thất ${car.interiorColor.toLowerCase()}`;
      case 'fuel':
        return `${FUEL_WORDS[car.fuel]}${car.engine ? `, động cơ ${car.engine}` : ''}`;
      case 'transmission':
        return TRANSMISSION_WORDS[car.transmission];
      case 'seats':
        return `${car.size} chỗ ngồi`;
      case 'body':
        return `kiểu dáng ${bodyWord(car.bodyType)}`;
      default:
        return null;
    }
  }

  private statusNote(car: AdvisorCar): string {
    return car.status === 'available'
      ? ''
      : `\nLưu ý: xe này hiện ở trạng thái "${CAR_STATUS_LABELS[car.status]}".`;
  }

  async detail(cars: CarDetails[], attributes: CarAttribute[]): Promise<AdvisorReply> {
    const specific = attributes.filter((a) => a !== 'all');
    const blocks = cars.map((car) => {
      if (specific.length) {
        const facts = specific.map((a) => this.factLine(car, a)).filter(Boolean);
        return `Xe ${carTitle(car)} (đời ${car.year}) ${facts.join(', ')}. Xem chi tiết: ${carLink(car.id)}${this.statusNote(car)}`;
      }
      const lines = [
        `${carFacts(car)}`,
        `- Kiểu dáng: ${bodyWord(car.bodyType)}, ${car.size} chỗ; ${FUEL_WORDS[car.fuel]}${car.engine ? ` ${car.engine}` : ''}, ${TRANSMISSION_WORDS[car.transmission]}`,
        `- Màu ngoại thất ${car.exteriorColor.toLowerCase()}, nội thất ${car.interiorColor.toLowerCase()}`,
      ];
      const strengths = this.strengths(car);
      if (strengths.length) lines.push(`- Điểm nổi bật: ${strengths.slice(0, 5).join('; ')}`);
      lines.push(`- Xem chi tiết: ${carLink(car.id)}`);
      return lines.join('\n') + this.statusNote(car);
    });
    const tail =
      cars.length === 1
        ? `\n\nBạn có thể đăng ký lái thử tại /testdrive?carId=${cars[0].id} hoặc hỏi mình về trả góp xe này.`
        : '';
    return { kind: 'detail', text: blocks.join('\n\n') + tail, cars: cars.map((x) => x.id) };
  }

  // ----------------------------------------------------------------------------- compare

  async compare(p: ParsedMessage, referenced: CarDetails[]): Promise<AdvisorReply | null> {
    let cars = referenced;
    if (cars.length < 2 && (p.constraints.models?.length ?? 0) >= 2) {
      // "so sánh CX-5 và CR-V": the best car in stock of each model.
      const found = await Promise.all(
        p.constraints.models!.map(async (m) => {
          const [car] = await this.inventory.searchCars({
            models: [{ brandKeys: [compactFold(m.brand)], keys: m.keys }],
            sort: 'year_desc',
            limit: 1,
          });
          return car ? this.inventory.getCar(car.id) : null;
        }),
      );
      cars = found.filter((x): x is CarDetails => x !== null);
    }
    if (cars.length < 2 && this.conv.lastList.length >= 2 && !p.reference?.positions.length) {
      cars = (
        await Promise.all(this.conv.lastList.slice(0, 2).map((id) => this.inventory.getCar(id)))
      ).filter((x): x is CarDetails => x !== null);
    }
    if (cars.length < 2) return null;
    cars = cars.slice(0, 4);
    const label = (car: CarDetails, i: number) => `Xe ${i + 1} – ${carTitle(car)}`;
    const lines: string[] = [`So sánh ${cars.map((c) => carTitle(c)).join(' và ')}:`, ''];
    cars.forEach((car, i) => {
      lines.push(
        `${label(car, i)}: đời ${car.year}, ${formatPrice(car.sellPrice)}, ${formatKm(car.odo)}, ${bodyWord(car.bodyType)} ${car.size} chỗ, ` +
          `${FUEL_WORDS[car.fuel]}, ${TRANSMISSION_WORDS[car.transmission]}, màu ${car.exteriorColor.toLowerCase()} – ${carLink(car.id)}`,
      );
    });
    const best = (pickBest: (a: CarDetails, b: CarDetails) => number) =>
      cars.reduce((a, b) => (pickBest(a, b) <= 0 ? a : b));
    const cheapest = best((a, b) => a.sellPrice - b.sellPrice);
    const newest = best((a, b) => b.year - a.year);
    const leastKm = best((a, b) => a.odo - b.odo);
    const mostSeats = best((a, b) => b.size - a.size);
    const verdict: string[] = [];
    const most = cars.length === 2 ? 'hơn' : 'nhất';
    if (new Set(cars.map((c) => c.sellPrice)).size > 1)
      verdict.push(`${carTitle(cheapest)} có giá thấp ${most}`);
    if (new Set(cars.map((c) => c.year)).size > 1) verdict.push(`${carTitle(newest)} đời mới ${most}`);
    if (new Set(cars.map((c) => c.odo)).size > 1) verdict.push(`${carTitle(leastKm)} đi ít km ${most}`);
    if (new Set(cars.map((c) => c.size)).size > 1) verdict.push(`${carTitle(mostSeats)} nhiều chỗ ${most}`);
    lines.push('');
    lines.push(
      verdict.length ? `Tóm lại: ${verdict.join('; ')}.` : 'Hai xe rất tương đồng về giá, đời và số km.',
    );
    lines.push(
      'Nếu ưu tiên chi phí, chọn xe giá thấp hơn; nếu muốn xe bền lâu và giữ giá, ưu tiên xe đời mới, đi ít. Bạn có thể xem hai xe trực tiếp khi đăng ký lái thử tại /testdrive.',
    );
    return { kind: 'compare', text: lines.join('\n'), cars: cars.map((c) => c.id) };
  }

  // ----------------------------------------------------------------------------- showroom

  async infoText(topics: InfoTopic[]): Promise<string> {
    const s = await this.showroom();
    const lines: string[] = [];
    const missing = (what: string) =>
      `Showroom chưa cập nhật ${what} trên website; bạn vui lòng liên hệ qua ${s.phone ? `hotline ${s.phone}` : s.email ? `email ${s.email}` : 'trang /consulting'}.`;
    for (const t of topics) {
      if (t === 'address')
        lines.push(s.address ? `Địa chỉ showroom ${s.name}: ${s.address}.` : missing('địa chỉ'));
      if (t === 'phone') {
        lines.push(s.phone ? `Số điện thoại / hotline: ${s.phone}.` : missing('số điện thoại'));
        if (s.zaloUrl) lines.push(`Zalo: ${s.zaloUrl}`);
      }
      if (t === 'hours')
        lines.push(s.openingHours ? `Giờ mở cửa: ${s.openingHours}.` : missing('giờ mở cửa'));
      if (t === 'email') lines.push(s.email ? `Email: ${s.email}.` : missing('email'));
      if (t === 'social') {
        const links = [
          s.facebookUrl && `Facebook: ${s.facebookUrl}`,
          s.messengerUrl && `Messenger: ${s.messengerUrl}`,
          s.zaloUrl && `Zalo: ${s.zaloUrl}`,
        ].filter(Boolean);
        lines.push(links.length ? links.join('\n') : missing('trang mạng xã hội'));
      }
    }
    return [...new Set(lines)].join('\n');
  }

  async testDrive(referenced: CarDetails[]): Promise<AdvisorReply> {
    const s = await this.showroom();
    const hours = s.openingHours ? ` Showroom mở cửa ${s.openingHours}.` : '';
    const car = referenced[0];
    if (car) {
      return {
        kind: 'test_drive',
        text:
          `Bạn đăng ký lái thử xe ${carTitle(car)} (đời ${car.year}, ${carLink(car.id)}) tại /testdrive?carId=${car.id}: điền họ tên, số điện thoại và thời gian mong muốn, ` +
          `nhân viên sẽ gọi lại xác nhận lịch.${hours} Cần hỗ trợ nhanh, gọi ${await this.hotline()}.${this.statusNote(car)}`,
        cars: [car.id],
      };
    }
    return {
      kind: 'test_drive',
      text:
        'Bạn đăng ký lái thử tại /testdrive: chọn xe muốn lái thử, điền họ tên, số điện thoại và thời gian mong muốn, nhân viên sẽ gọi lại xác nhận lịch. ' +
        `Trên trang chi tiết mỗi xe (/cars) cũng có nút đăng ký lái thử xe đó.${hours} Cần hỗ trợ nhanh, gọi ${await this.hotline()}.`,
      cars: [],
    };
  }

  async maintenance(): Promise<AdvisorReply> {
    const s = await this.showroom();
    const hours = s.openingHours ? ` Giờ làm việc: ${s.openingHours}.` : '';
    return {
      kind: 'maintenance',
      text:
        'Bạn đặt lịch bảo dưỡng tại /maintenance: điền thông tin xe, dịch vụ cần làm và thời gian mong muốn, showroom sẽ liên hệ xác nhận.' +
        `${hours} Cần tư vấn thêm, gọi ${await this.hotline()}.`,
      cars: [],
    };
  }

  async consulting(): Promise<AdvisorReply> {
    return {
      kind: 'consulting',
      text: `Bạn để lại họ tên và số điện thoại tại /consulting, nhân viên tư vấn sẽ gọi lại cho bạn sớm nhất; hoặc gọi ngay ${await this.hotline()}.`,
      cars: [],
    };
  }

  async fallback(): Promise<AdvisorReply> {
    return {
      kind: 'fallback',
      text:
        'Xin lỗi, câu hỏi này nằm ngoài những gì mình có thể trả lời chính xác. Mình có thể giúp bạn tìm xe theo ngân sách, hãng, kiểu dáng, ' +
        `số chỗ, nhiên liệu; so sánh xe; ước tính trả góp; hoặc hướng dẫn đặt lịch lái thử, bảo dưỡng. Để được hỗ trợ trực tiếp, bạn vui lòng gọi ${await this.hotline()}.`,
      cars: [],
    };
  }

  // ----------------------------------------------------------------------------- instalment

  async instalment(p: ParsedMessage, referenced: CarDetails[]): Promise<AdvisorReply> {
    const plan = p.instalment ?? {};
    let car: AdvisorCar | null = referenced[0] ?? null;
    if (!car && this.conv.handoff && this.conv.handoffActive)
      car = await this.findHandedOver(this.conv.handoff);
    if (!car && (p.constraints.models?.length || p.constraints.brands?.length)) {
      const outcome = await findCars(this.inventory, { ...p.constraints }, this.year);
      if (!outcome.dropped.length && !outcome.priceRelaxed) car = outcome.cars[0] ?? null;
    }
    const price = car?.sellPrice ?? p.constraints.budget?.target ?? p.constraints.budget?.max;
    const s = await this.showroom();
    if (!price) {
      const terms = await this.inventory.loanTerms();
      return {
        kind: 'instalment',
        text:
          `Showroom hỗ trợ trả góp qua ngân hàng: vay tối đa ${Math.round(terms.maxLoanRatio * 100)}% giá xe, thời hạn đến ${terms.maxTermMonths} tháng, ` +
          `lãi suất tham khảo ${formatRate(terms.annualRate)}/năm, trả theo dư nợ giảm dần. ` +
          'Bạn cho mình biết xe muốn mua (hoặc hỏi "trả góp xe này" ngay sau khi mình gợi ý xe) để mình tính số tiền trả mỗi tháng. ' +
          `Tư vấn chi tiết: /consulting hoặc ${await this.hotline()}.`,
        cars: [],
      };
    }
    const estimate = await this.inventory.instalment({
      price,
      downPayment: plan.downPayment,
      downRatio: plan.downRatio,
      termMonths: plan.termMonths,
    });
    const subject = car
      ? `xe ${carTitle(car)} (đời ${car.year}, giá ${formatPrice(car.sellPrice)}) – ${carLink(car.id)}`
      : `xe giá ${formatPrice(price)}`;
    const lines = [
      `Ước tính trả góp ${subject}:`,
      `- Trả trước: ${formatPrice(estimate.downPayment)}${estimate.capped ? ` (ngân hàng cho vay tối đa ${Math.round(estimate.maxLoanRatio * 100)}% giá xe)` : ''}`,
      `- Số tiền vay: ${formatPrice(estimate.loan)} trong ${estimate.termMonths} tháng, lãi suất tham khảo ${formatRate(estimate.annualRate)}/năm (dư nợ giảm dần)`,
      `- Tháng đầu trả khoảng ${formatPrice(estimate.firstPayment)}, giảm dần đến khoảng ${formatPrice(estimate.lastPayment)} ở tháng cuối`,
      `- Tổng tiền lãi ước tính: ${formatPrice(estimate.totalInterest)}`,
      '',
      `Đây là số liệu tham khảo theo cấu hình của showroom ${s.name}; lãi suất thực tế tùy ngân hàng và hồ sơ. Tư vấn chi tiết: /consulting hoặc ${await this.hotline()}.`,
    ];
    if (car) lines.push(`Đăng ký lái thử xe này: /testdrive?carId=${car.id}`);
    return { kind: 'instalment', text: lines.join('\n'), cars: car ? [car.id] : [] };
  }

  // ----------------------------------------------------------------------------- handed-over car

  async findHandedOver(info: ChatCarInfo): Promise<CarDetails | null> {
    const candidates = await this.inventory.searchCars({
      brandKeys: [compactFold(info.brand)],
      priceMin: info.sellPrice,
      priceMax: info.sellPrice,
      yearMin: info.year,
      yearMax: info.year,
      odoMin: info.odo,
      odoMax: info.odo,
      statuses: ['available', 'pending', 'sold'],
      sort: 'newest',
      limit: 10,
    });
    const name = compactFold(info.carName);
    const best = candidates.find((c) => compactFold(c.carName) === name) ?? candidates[0];
    return best ? this.inventory.getCar(best.id) : null;
  }

  async handoff(info: ChatCarInfo): Promise<AdvisorReply> {
    const car = await this.findHandedOver(info);
    if (!car) {
      return {
        kind: 'handoff',
        text:
          `Mình chưa tìm thấy xe ${info.carName} với thông tin này trong kho của showroom (có thể xe vừa được cập nhật). ` +
          `Bạn vui lòng tải lại trang xe hoặc gọi ${await this.hotline()} để được tư vấn chính xác.`,
        cars: [],
      };
    }
    const lines = [`Về xe ${carFacts(car)} (${carLink(car.id)}):`];
    const strengths = this.strengths(car);
    if (strengths.length) lines.push(`- Điểm nổi bật: ${strengths.slice(0, 6).join('; ')}.`);
    lines.push(`- ${await this.priceVerdict(car)}`);
    if (car.status !== 'available')
      lines.push(`- Lưu ý: xe hiện ở trạng thái "${CAR_STATUS_LABELS[car.status]}".`);
    lines.push(
      '',
      `Bạn có thể hỏi mình "trả góp xe này mỗi tháng bao nhiêu?", hoặc đăng ký lái thử tại /testdrive?carId=${car.id}. Hotline: ${(await this.showroom()).phone || '/consulting'}.`,
    );
    return { kind: 'handoff', text: lines.join('\n'), cars: [car.id] };
  }

  /** The car's price against similar cars on sale: same model, else same body type of about the same age. */
  private async priceVerdict(car: CarDetails): Promise<string> {
    const sameModel = await this.inventory.priceStats({
      models: [{ brandKeys: [compactFold(car.brand)], keys: [compactFold(car.model)] }],
      excludeIds: [car.id],
    });
    let stats = sameModel;
    let group = `xe ${car.brand} ${car.model} khác`;
    if (!stats || stats.count < 2) {
      stats = await this.inventory.priceStats({
        bodyTypes: [car.bodyType],
        yearMin: car.year - 2,
        yearMax: car.year + 2,
        excludeIds: [car.id],
      });
      group = `xe ${bodyWord(car.bodyType)} đời tương đương`;
    }
    if (!stats) return 'Hiện không có xe tương tự đang bán để so sánh giá.';
    const position =
      car.sellPrice < stats.avg * 0.97
        ? 'thấp hơn mức giá trung bình của nhóm này'
        : car.sellPrice > stats.avg * 1.03
          ? 'cao hơn mức giá trung bình của nhóm này (thường do đời mới hơn, đi ít hơn hoặc trang bị tốt hơn)'
          : 'ngang mức giá trung bình của nhóm này';
    const range =
      stats.count === 1
        ? `có giá ${formatPrice(stats.min)}`
        : `có giá từ ${formatPrice(stats.min)} đến ${formatPrice(stats.max)}`;
    return `Về giá: showroom đang bán ${stats.count} ${group} ${range}; giá ${formatPrice(car.sellPrice)} của xe này ${position}.`;
  }
}

function formatRate(rate: number): string {
  return `${(Math.round(rate * 10000) / 100).toString().replace('.', ',')}%`;
}

export { MAX_LISTED };
