import { hasHardConstraints, type ParsedMessage } from '../../../../contract/query';
import type { CarDetails } from '../inventory';
import { describesOwnCar, sellerCar } from './context';
import { findHandedOver } from './handoff';
import { holdAnswer } from './holds';
import { negotiationAnswer } from './negotiation';
import { toSearch } from './search';
import { sellingAnswer } from './selling';
import type { AdvisorReply, Turn } from './turn';
import { warrantyAnswer } from './warranty';

/**
 * Messages about one car rather than a search: the visitor's own car (selling, trading in), an offer
 * or a haggle over the car in hand, whether a car is held, and the maker's warranty. Null when the
 * message is none of these; advisor.ts then routes it as before.
 */
export async function dealingAnswer(
  t: Turn,
  p: ParsedMessage,
  referenced: CarDetails[],
  folded: string,
): Promise<AdvisorReply | null> {
  const conv = t.conv;
  const sellerGoesOn = !p.sell && conv.sellerActive && conv.seller && describesOwnCar(p, folded);
  if (p.sell || sellerGoesOn) {
    const inHand =
      p.sell === 'tradeIn' || conv.seller?.kind === 'tradeIn' ? await carInHand(t, referenced) : null;
    return sellingAnswer(t, sellerCar(conv.seller && !p.sell ? conv.seller : null, p), inHand);
  }
  if (p.factoryWarranty) {
    const car = (await carInHand(t, referenced)) ?? (await carNamed(t, p));
    return warrantyAnswer(t, car, car ? [] : (p.constraints.brands ?? []));
  }
  // Wishes besides a price ("7 chỗ tầm 600 triệu bán không") are a search, not a haggle.
  const { budget: _price, ...others } = p.constraints;
  const haggles = p.offer !== null || p.policy.includes('negotiation');
  // "còn xe nào 500 triệu bán không" looks for other cars.
  const otherCars = p.more || /(?<![a-z])xe (?:nao|khac)(?![a-z])/.test(folded);
  if ((p.holdAsked || haggles) && !hasHardConstraints(others) && !p.trust.length && !otherCars) {
    const car = await carInHand(t, referenced);
    if (car && p.holdAsked && !haggles) return holdAnswer(t, car);
    if (car && haggles) return negotiationAnswer(t, car, p.offer);
  }
  return null;
}

/** The car being talked about: pointed at ("xe này"), the one in focus, or the one handed over from its page. */
async function carInHand(t: Turn, referenced: CarDetails[]): Promise<CarDetails | null> {
  if (referenced[0]) return referenced[0];
  const conv = t.conv;
  if (conv.focusId) return t.inventory.getCar(conv.focusId);
  if (conv.handoff && conv.handoffActive) return findHandedOver(t, conv.handoff);
  return null;
}

/** "Vios 2022 còn bảo hành hãng không": the first car of that description, on sale or not. */
async function carNamed(t: Turn, p: ParsedMessage): Promise<CarDetails | null> {
  if (!p.constraints.models?.length) return null;
  const [found] = await t.inventory.searchCars({
    ...toSearch(p.constraints),
    statuses: ['available', 'pending'],
    limit: 1,
  });
  return found ? t.inventory.getCar(found.id) : null;
}
