import { describe, expect, it } from 'vitest';
import { recentDrop } from '../../src/server/modules/cars/price-history';

const DAY = 86_400_000;
const now = Date.parse('2026-11-24T10:00:00+07:00');
const at = (daysAgo: number) => new Date(now - daysAgo * DAY);

describe('the drop a car card shows ("Vừa giảm X triệu")', () => {
  it('is the price before the recent drops minus today’s, within 30 days', () => {
    expect(
      recentDrop({ sellPrice: 570_000_000, priceDropFrom: 600_000_000, priceDroppedAt: at(3) }, now),
    ).toEqual({
      priceDrop: 30_000_000,
      priceDroppedAt: at(3).toISOString(),
    });
    expect(
      recentDrop({ sellPrice: 570_000_000, priceDropFrom: 600_000_000, priceDroppedAt: at(30) }, now)
        .priceDrop,
    ).toBe(30_000_000);
  });

  it('is nothing after 30 days, without a drop, or when the price is back up', () => {
    const none = { priceDrop: null, priceDroppedAt: null };
    expect(
      recentDrop({ sellPrice: 570_000_000, priceDropFrom: 600_000_000, priceDroppedAt: at(31) }, now),
    ).toEqual(none);
    expect(recentDrop({ sellPrice: 570_000_000, priceDropFrom: null, priceDroppedAt: null }, now)).toEqual(
      none,
    );
    expect(
      recentDrop({ sellPrice: 600_000_000, priceDropFrom: 600_000_000, priceDroppedAt: at(1) }, now),
    ).toEqual(none);
  });
});
