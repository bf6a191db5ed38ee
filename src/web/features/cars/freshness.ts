import type { CarSummary } from '@contract/cars';
import { NEW_ARRIVAL_DAYS } from '@contract/cars-labels';
import { formatPrice } from '@contract/format';

/**
 * What a card and a car page say about a car's time on the lot, derived from its data: "Mới về" when it
 * went on sale fewer than 7 days ago, "Vừa giảm X triệu" when its price fell in the last 30 days (the
 * server derives the amount from the recorded price changes).
 */
export function freshnessBadges(
  car: Pick<CarSummary, 'createdAt' | 'priceDrop' | 'status'>,
  now = Date.now(),
): { kind: 'new' | 'drop'; label: string }[] {
  if (car.status === 'sold') return [];
  const badges: { kind: 'new' | 'drop'; label: string }[] = [];
  if (now - Date.parse(car.createdAt) < NEW_ARRIVAL_DAYS * 86_400_000)
    badges.push({ kind: 'new', label: 'Mới về' });
  if (car.priceDrop) badges.push({ kind: 'drop', label: `Vừa giảm ${formatPrice(car.priceDrop)}` });
  return badges;
}
