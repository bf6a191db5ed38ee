import { type ChatMessage, carLinks } from '../../src/contract/chat';
import { formatKm, formatPrice } from '../../src/contract/format';
import { type Constraints, parseMessage } from '../../src/contract/query';
import { foldVietnamese } from '../../src/contract/text';
import type { CarCalculations } from '../../src/contract/web-config';
import { mergeConstraints, readConversation } from '../../src/server/modules/chatbot/advisor/context';
import {
  PRICE_RELAX,
  RELAX_LABELS,
  type Relaxable,
  toSearch,
} from '../../src/server/modules/chatbot/advisor/search';
import { type AdvisorCar, type CarSearch, matchesSearch } from '../../src/server/modules/chatbot/inventory';
import { planInstalment } from '../../src/server/modules/chatbot/port';
import type { Question } from './questions';

/**
 * The properties every answer must have, checked against the database (all cars, every status) and
 * the configuration: each car named exists and is on sale, satisfies the buyer's hard constraints
 * (less those the answer says it gave up), and every price, distance and number in the text comes
 * from the database, the configuration, the buyer or a calculation on them.
 */
export interface World {
  cars: Map<number, AdvisorCar>;
  /** Configuration texts whose numbers an answer may repeat (phone, hours, address). */
  configTexts: string[];
  calculations: CarCalculations;
  now: Date;
  /** Texts holding the cars' records and the showroom's policies, in the words an answer may quote. */
  recordTexts?: string[];
}

/** The constraints the answer's cars must satisfy: the conversation's, merged as the advisor does. */
export function wishes(history: ChatMessage[], now: Date): Constraints {
  const last = history[history.length - 1].content;
  const conv = readConversation(history, now);
  return mergeConstraints(conv.previous, parseMessage(last, now), foldVietnamese(last));
}

/** The wishes less what the answer says it gave up ("nới ngân sách thêm 10%", "bỏ bớt yêu cầu về màu sắc"). */
export function declaredSearch(c: Constraints, answer: string): CarSearch {
  let cons: Constraints = { ...c };
  if (/nới ngân sách thêm/.test(answer) && cons.budget) {
    const b = cons.budget;
    cons.budget = {
      ...(b.min !== undefined ? { min: Math.round(b.min * (1 - PRICE_RELAX)) } : {}),
      ...(b.max !== undefined ? { max: Math.round(b.max * (1 + PRICE_RELAX)) } : {}),
    };
  }
  if (/bỏ giới hạn ngân sách/.test(answer)) cons = { ...cons, budget: undefined };
  const dropped = [...answer.matchAll(/bỏ bớt yêu cầu về ([^.:]+)/g)].flatMap((m) => m[1].split(/, rồi |, /));
  for (const label of dropped) {
    const key = (Object.keys(RELAX_LABELS) as Relaxable[]).find((k) => RELAX_LABELS[k] === label.trim());
    if (!key) continue;
    if (key === 'odo') cons = { ...cons, odoMax: undefined, odoMin: undefined };
    else if (key === 'year') cons = { ...cons, yearMin: undefined, yearMax: undefined };
    else if (key === 'seats') cons = { ...cons, seatsMin: undefined, seatsMax: undefined };
    else if (key === 'models') {
      const brands = [...(cons.brands ?? [])];
      for (const m of cons.models ?? [])
        if (!brands.some((b) => b.brand === m.brand))
          brands.push({ brand: m.brand, keys: [foldVietnamese(m.brand).replace(/[^a-z0-9]/g, '')] });
      cons = { ...cons, models: undefined, brands };
    } else cons = { ...cons, [key]: undefined };
  }
  return toSearch(cons);
}

/** A car on hold may be named, as held: the line that links it says "đang có khách đặt cọc". */
function namedAsHeld(answer: string, id: number): boolean {
  return answer
    .split('\n')
    .some((line) => line.includes(`/cars/${id})`) && line.includes('đang có khách đặt cọc'));
}

const PRICE_RE = /(\d+(?:,\d+)?) (tỷ|triệu)/g;
const KM_RE = /(\d{1,3}(?:\.\d{3})*) km/g;

export interface CheckOptions {
  /** The cars named must satisfy the conversation's hard constraints. */
  constraints: boolean;
  exact?: boolean;
  minCars?: number;
  mentions?: string[];
  /** Text the answer must not contain. */
  absent?: string[];
}

/** Every failed property of one answer, in words (empty when the answer is sound). */
export function checkAnswer(
  history: ChatMessage[],
  answer: string,
  world: World,
  opts: CheckOptions,
): string[] {
  const failures: string[] = [];
  const ids = carLinks(answer);
  const named = ids.map((id) => world.cars.get(id));
  ids.forEach((id, i) => {
    const car = named[i];
    if (!car) failures.push(`names car ${id}, which does not exist`);
    else if (car.status !== 'available' && !(car.status === 'pending' && namedAsHeld(answer, id)))
      failures.push(`names car ${id}, which is ${car.status}`);
  });
  if ((opts.minCars ?? 0) > ids.length)
    failures.push(`names ${ids.length} cars, expected at least ${opts.minCars}`);
  for (const text of opts.mentions ?? [])
    if (!answer.includes(text)) failures.push(`does not mention "${text}"`);
  for (const text of opts.absent ?? []) if (answer.includes(text)) failures.push(`says "${text}"`);

  const c = wishes(history, world.now);
  const relaxed = /nới ngân sách thêm|bỏ bớt yêu cầu|bỏ giới hạn ngân sách/.test(answer);
  if (opts.exact && relaxed) failures.push('gave up a wish although the showroom has exact matches');
  if (opts.constraints) {
    const search = declaredSearch(c, answer);
    for (const car of named) {
      const held = car?.status === 'pending' && namedAsHeld(answer, car.id);
      if (car && !matchesSearch(car, { ...search, statuses: [held ? 'pending' : 'available'] })) {
        failures.push(
          `car ${car.id} (${car.carName}, ${car.year}, ${car.sellPrice}) breaks the constraints ${JSON.stringify(search)}`,
        );
      }
    }
  }

  // Numbers: prices, kilometres, then every other figure.
  const allPrices = new Set<string>();
  const allKm = new Set<string>();
  const allNumbers = new Set<string>();
  for (const car of world.cars.values()) {
    allPrices.add(formatPrice(car.sellPrice));
    allKm.add(formatKm(car.odo));
    allNumbers.add(String(car.year));
    allNumbers.add(String(car.size));
    // Names carry numbers of their own: "C200", "320i", "2.4 4x2 AT", "16 chỗ".
    for (const n of `${car.carName} ${car.model} ${car.version ?? ''}`.match(/\d+(?:[.,]\d+)?/g) ?? []) {
      allNumbers.add(n.replace('.', ','));
      for (const part of n.split(/[.,]/)) allNumbers.add(part);
    }
  }
  const buyerText = history
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join(' ');
  for (const m of history.filter((x) => x.role === 'user')) {
    const p = parseMessage(m.content, world.now);
    const b = p.constraints.budget;
    for (const v of [b?.min, b?.max, b?.target, p.instalment?.downPayment])
      if (v) allPrices.add(formatPrice(v));
    if (p.constraints.odoMax) allKm.add(formatKm(p.constraints.odoMax));
    for (const v of [
      p.constraints.yearMin,
      p.constraints.yearMax,
      p.constraints.seatsMin,
      p.constraints.seatsMax,
    ]) {
      if (v) allNumbers.add(String(v));
    }
    // Loans on any price the conversation may be about, with the buyer's own terms.
    const prices = [b?.target, b?.max, ...ids.map((id) => world.cars.get(id)?.sellPrice)].filter(
      (x): x is number => !!x,
    );
    for (const price of prices) {
      const plan = planInstalment(world.calculations, {
        price,
        downPayment: p.instalment?.downPayment,
        downRatio: p.instalment?.downRatio,
        termMonths: p.instalment?.termMonths,
      });
      for (const v of [
        plan.price,
        plan.downPayment,
        plan.loan,
        plan.firstPayment,
        plan.lastPayment,
        plan.totalInterest,
      ]) {
        allPrices.add(formatPrice(v));
      }
      allNumbers.add(String(plan.termMonths));
    }
  }
  for (const n of buyerText.match(/\d+/g) ?? []) allNumbers.add(n);
  for (const text of world.configTexts) for (const n of text.match(/\d+/g) ?? []) allNumbers.add(n);
  for (const text of world.recordTexts ?? []) {
    for (const m of text.matchAll(PRICE_RE)) allPrices.add(`${m[1]} ${m[2]}`);
    for (const m of text.matchAll(KM_RE)) allKm.add(`${m[1]} km`);
    for (const n of text.match(/\d+(?:,\d+)?/g) ?? []) allNumbers.add(n);
  }
  const calc = world.calculations;
  allNumbers.add(String(calc.maxTermMonths));
  allNumbers.add(String(Math.round(calc.maxLoanRatio * 100)));
  allNumbers.add(String(Math.round(calc.loanInterestRate * 10000) / 100).replace('.', ','));
  allNumbers.add(String(Math.round(PRICE_RELAX * 100)));

  for (const m of answer.matchAll(PRICE_RE)) {
    const text = `${m[1]} ${m[2]}`;
    if (!allPrices.has(text))
      failures.push(`states the price "${text}", which is in neither the database nor the question`);
  }
  for (const m of answer.matchAll(KM_RE)) {
    if (!allKm.has(`${m[1]} km`))
      failures.push(`states "${m[1]} km", which is in neither the database nor the question`);
  }
  const rest = answer
    .replace(/\/cars\/\d+|carId=\d+/g, ' ')
    .replace(PRICE_RE, ' ')
    .replace(KM_RE, ' ')
    .replace(/^\s*\d+\. /gm, ' ')
    .replace(/Xe \d+ –/g, ' ');
  for (const m of rest.matchAll(/\d+(?:,\d+)?/g)) {
    const n = m[0];
    const small = /^\d+$/.test(n) && Number(n) <= world.cars.size; // counts of cars
    if (!small && !allNumbers.has(n)) failures.push(`states the number ${n}, which has no source`);
  }
  return failures;
}

/** The question's conversation so far: the greeting, earlier questions with the advisor's answers, the question. */
export async function converse(
  row: Question,
  ask: (history: ChatMessage[]) => Promise<string>,
): Promise<ChatMessage[]> {
  const history: ChatMessage[] = [
    { role: 'model', content: 'Xin chào! Tôi là trợ lý tư vấn xe AI. Bạn cần hỗ trợ gì hôm nay?' },
  ];
  for (const before of row.before ?? []) {
    history.push({ role: 'user', content: before });
    history.push({ role: 'model', content: await ask(history) });
  }
  history.push({ role: 'user', content: row.q });
  return history;
}
