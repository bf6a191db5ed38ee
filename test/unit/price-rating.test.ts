import { describe, expect, it } from 'vitest';
import { PRICE_RATING_LABELS, priceRatingOf, priceRatingView } from '../../src/contract/price-rating';
import { PRICING_BANDS, type PricingRow, pricingBucketOf } from '../../src/contract/pricing';
import { ratingFor, repricingRows } from '../../src/server/modules/valuations/pricing';

describe('the deal label of a price-to-market ratio', () => {
  it('cuts at 92 %, 97 % and 104 % of the market, each bound inclusive', () => {
    expect(priceRatingOf(0.8)).toBe('GREAT');
    expect(priceRatingOf(0.92)).toBe('GREAT');
    expect(priceRatingOf(0.921)).toBe('GOOD');
    expect(priceRatingOf(0.97)).toBe('GOOD');
    expect(priceRatingOf(0.971)).toBe('FAIR');
    expect(priceRatingOf(1.04)).toBe('FAIR');
    expect(priceRatingOf(1.041)).toBe('HIGH');
    expect(priceRatingOf(1.5)).toBe('HIGH');
  });

  it('names each label in Vietnamese, and reads an unknown stored value as none', () => {
    expect(PRICE_RATING_LABELS).toEqual({
      GREAT: 'Giá rất tốt',
      GOOD: 'Giá tốt',
      FAIR: 'Giá hợp lý',
      HIGH: 'Giá cao',
    });
    expect(priceRatingView('GOOD', 7)).toEqual({
      priceRating: 'GOOD',
      priceRatingLabel: 'Giá tốt',
      priceRatingComparables: 7,
    });
    expect(priceRatingView('cheap', 7)).toEqual({
      priceRating: null,
      priceRatingLabel: null,
      priceRatingComparables: null,
    });
    expect(priceRatingView(null, null).priceRating).toBeNull();
  });

  it('is refused on thin or old evidence, a low confidence, or no price: never guessed', () => {
    expect(ratingFor(0.9, 5, 'cao')).toBe('GREAT');
    expect(ratingFor(0.9, 4, 'cao')).toBeNull();
    expect(ratingFor(0.9, 0, 'trung bình')).toBeNull();
    expect(ratingFor(0.9, 20, 'thấp')).toBeNull();
    expect(ratingFor(null, 20, 'cao')).toBeNull();
    expect(ratingFor(1.1, 20, 'trung bình')).toBe('HIGH');
  });
});

describe('the repricing queue', () => {
  const row = (over: Partial<PricingRow>): PricingRow => ({
    carId: 1,
    carName: 'Toyota Vios 1.5G CVT',
    status: 'available',
    sellPrice: 330_000_000,
    daysInStock: 40,
    bucket: pricingBucketOf(40),
    marketValue: 300_000_000,
    low: 270_000_000,
    high: 330_000_000,
    confidence: 'cao',
    priceToMarket: 1.1,
    trueCost: null,
    costToMarket: null,
    comparables: 12,
    recentComparables: 12,
    newestComparableDays: 50,
    oldestComparableDays: 65,
    priceRating: 'HIGH',
    note: null,
    ...over,
  });

  it('buckets days in stock as 0–15, 16–30, 31–45, 46–60 and over 60', () => {
    expect([0, 15, 16, 30, 31, 45, 46, 60, 61, 400].map(pricingBucketOf)).toEqual([
      '0-15',
      '0-15',
      '16-30',
      '16-30',
      '31-45',
      '31-45',
      '46-60',
      '46-60',
      '60+',
      '60+',
    ]);
  });

  it('brings a dear car down to its band’s top, rounded down to 5 million, and says why', () => {
    const [r] = repricingRows([row({})]);
    // 31–45 days: at most 101 % of 300 million = 303 million -> 300 million.
    expect(PRICING_BANDS['31-45'].max).toBe(1.01);
    expect(r.suggestedPrice).toBe(300_000_000);
    expect(r.reason).toBe(
      'Giá bằng 110% giá thị trường (300 triệu) sau 40 ngày trong kho; mức nên có 92%–101%: đề xuất giảm 30 triệu',
    );
  });

  it('raises a car priced far under the market, and warns when a suggestion is under the true cost', () => {
    const [cheap] = repricingRows([
      row({ sellPrice: 240_000_000, priceToMarket: 0.8, daysInStock: 5, bucket: '0-15' }),
    ]);
    // 0–15 days: at least 95 % of 300 million = 285 million.
    expect(cheap.suggestedPrice).toBe(285_000_000);
    expect(cheap.reason).toMatch(/đề xuất tăng 45 triệu$/);
    const [costly] = repricingRows([row({ trueCost: 310_000_000 })]);
    expect(costly.reason).toMatch(/, thấp hơn giá vốn thực tế 310 triệu$/);
  });

  it('leaves out cars inside their band, on thin evidence, under a deal, or with a change under 5 million', () => {
    expect(repricingRows([row({ sellPrice: 300_000_000, priceToMarket: 1 })])).toEqual([]);
    expect(repricingRows([row({ recentComparables: 4 })])).toEqual([]);
    expect(repricingRows([row({ confidence: 'thấp' })])).toEqual([]);
    expect(repricingRows([row({ status: 'pending' })])).toEqual([]);
    expect(repricingRows([row({ marketValue: null, priceToMarket: null })])).toEqual([]);
    // 1,02 of the market after 40 days: just over the band, but 303 -> 300 is under 5 million.
    expect(repricingRows([row({ sellPrice: 304_000_000, priceToMarket: 1.013 })])).toEqual([]);
  });
});
