import { type Constraints, hasHardConstraints, type ParsedMessage } from '../../../../contract/query';
import type { AdvisorCar, CarDetails } from '../inventory';
import { alertLine, heldLine, heldMatches, similarOnSale } from './holds';
import { carEntry, carTitle, describeConstraints, reasonsFor } from './render';
import { findCars, PRICE_RELAX, RELAX_LABELS, type SearchOutcome } from './search';
import type { AdvisorReply, ReplyKind, Turn } from './turn';

/** Answers that list cars: a search (relaxed when nothing matches exactly), suggestions, "cheaper / newer" follow-ups. */

function listIntro(c: Constraints, outcome: SearchOutcome): string {
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

export async function listAnswer(
  t: Turn,
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
        `Bạn có thể để lại thông tin tại /consulting hoặc gọi ${await t.hotline()}, showroom sẽ báo ngay khi có xe phù hợp.`,
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
  const entries = outcome.cars.map((car, i) => carEntry(i + 1, car, reasonsFor(car, satisfied, t.year)));
  const text = [
    intro ?? listIntro(c, outcome),
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
 * When nothing on sale matches exactly but a car on hold does, that car is named as held first.
 */
export async function searchAnswer(t: Turn, c: Constraints, own?: Constraints): Promise<AdvisorReply> {
  const outcome = await findCars(t.inventory, c, t.year);
  const exact = !outcome.dropped.length && !outcome.priceRelaxed;
  if (!exact && own && own !== c && hasHardConstraints(own)) {
    const alone = await findCars(t.inventory, own, t.year);
    if (alone.cars.length && !alone.dropped.length && !alone.priceRelaxed)
      return { ...(await listAnswer(t, own, alone, 'search')), applied: own, alone: true };
  }
  const held = exact && outcome.cars.length ? [] : await heldMatches(t, c);
  if (held.length) return heldListAnswer(t, c, held, outcome);
  return { ...(await listAnswer(t, c, outcome, 'search')), applied: appliedOf(c, outcome) };
}

/**
 * The wishes the listed cars meet: the buyer's, less those the list gave up (which its intro names);
 * a budget stretched by 10 % is still named in the buyer's own figure, beside "nới ngân sách thêm 10%".
 */
function appliedOf(c: Constraints, outcome: SearchOutcome): Constraints {
  const applied: Constraints = { ...outcome.constraints };
  if (outcome.dropped.includes('budget')) delete applied.budget;
  else if (c.budget) applied.budget = c.budget;
  return applied;
}

/** The held cars that match, when they come back, then the nearest cars on sale and the alert. */
async function heldListAnswer(
  t: Turn,
  c: Constraints,
  held: AdvisorCar[],
  outcome: SearchOutcome,
): Promise<AdvisorReply> {
  const heldText = (await Promise.all(held.map((car) => heldLine(t, car)))).join('\n');
  let cars = outcome.cars;
  if (!cars.length) cars = await similarOnSale(t, held[0]);
  const given = outcome.dropped.filter((d) => d !== 'budget').map((d) => RELAX_LABELS[d]);
  const relaxed = [
    outcome.priceRelaxed && !outcome.dropped.includes('budget')
      ? `nới ngân sách thêm ${Math.round(PRICE_RELAX * 100)}%`
      : '',
    given.length ? `bỏ bớt yêu cầu về ${given.join(', ')}` : '',
    outcome.dropped.includes('budget') ? `bỏ giới hạn ${RELAX_LABELS.budget}` : '',
  ].filter(Boolean);
  const intro = cars.length
    ? `Trong lúc chờ, đây là ${cars.length} xe khác đang bán gần với yêu cầu của bạn${relaxed.length ? ` (mình đã ${relaxed.join(', ')})` : ''}:`
    : '';
  const reply = cars.length
    ? await listAnswer(t, c, { ...outcome, cars }, 'search', intro)
    : { kind: 'search' as const, text: '', cars: [] as number[] };
  return {
    ...reply,
    text: [heldText, reply.text, alertLine(held[0])].filter(Boolean).join('\n\n'),
    cars: [...held.map((h) => h.id), ...reply.cars],
    applied: c,
  };
}

/** "tư vấn giúp mình mua xe": a few cars to start from and what to tell the advisor. */
export async function suggestAnswer(t: Turn): Promise<AdvisorReply> {
  const cars = await t.inventory.searchCars({ sort: 'year_desc', limit: 3 });
  const ask =
    'Để tư vấn sát nhu cầu, bạn cho mình biết thêm: ngân sách khoảng bao nhiêu, cần mấy chỗ, ' +
    'thích hãng hay kiểu xe nào (sedan, gầm cao, bán tải...), máy xăng hay máy dầu, số sàn hay tự động, và dùng xe để làm gì.';
  if (!cars.length) return { kind: 'suggest', text: ask, cars: [] };
  const entries = cars.map((car, i) => carEntry(i + 1, car, reasonsFor(car, {}, t.year)));
  return {
    kind: 'suggest',
    text: `${ask}\n\nMột vài xe đời mới đang có ở showroom:\n\n${entries.join('\n\n')}`,
    cars: cars.map((x) => x.id),
    search: { sort: 'year_desc', limit: 3 },
  };
}

export async function followUpAnswer(
  t: Turn,
  p: ParsedMessage,
  c: Constraints,
  referenced: CarDetails[],
): Promise<AdvisorReply> {
  const conv = t.conv;
  const baseIds = referenced.length
    ? referenced.map((x) => x.id)
    : conv.lastList.length
      ? conv.lastList
      : conv.lastNamed;
  const base = (await Promise.all(baseIds.map((id) => t.inventory.getCar(id)))).filter(
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
    ? await findCars(t.inventory, { ...next, budget: undefined }, t.year, {
        excludeIds: exclude,
        ...(next.budget?.max !== undefined ? { priceMax: next.budget.max } : {}),
        ...(next.budget?.min !== undefined ? { priceMin: next.budget.min } : {}),
        ...(next.sort ? { sort: next.sort, nearPrice: undefined } : {}),
      })
    : await findCars(t.inventory, next, t.year, { excludeIds: exclude });
  if (outcome.cars.length === 0) {
    const described = describeConstraints({ ...c, budget: relative ? undefined : c.budget });
    return {
      kind: 'followup',
      text:
        `Hiện showroom không còn xe nào ${wish}${described ? ` khớp yêu cầu (${described})` : ''} ngoài các xe mình đã gợi ý. ` +
        `Bạn có muốn mình nới bớt yêu cầu không? Hoặc gọi ${await t.hotline()} để được báo khi có xe mới về.`,
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
  return listAnswer(t, c, outcome, 'followup', intro);
}
