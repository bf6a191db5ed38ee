/**
 * The public deal label: how a car's price sits against the market (price ÷ the valuation engine's
 * estimate, the car's own listing left out). No zod here: the cards and the car page import it.
 * Every threshold is written in docs/pricing.md.
 */

export const PRICE_RATINGS = ['GREAT', 'GOOD', 'FAIR', 'HIGH'] as const;
export type PriceRating = (typeof PRICE_RATINGS)[number];

export const PRICE_RATING_LABELS: Record<PriceRating, string> = {
  GREAT: 'Giá rất tốt',
  GOOD: 'Giá tốt',
  FAIR: 'Giá hợp lý',
  HIGH: 'Giá cao',
};

/**
 * Upper bounds of price ÷ market for each label (inclusive): at most 92 % of the market is a great
 * price, up to 97 % a good one, up to 104 % a fair one (asking prices sit a little above what cars
 * fetch), above that high.
 */
export const PRICE_RATING_BOUNDS: Record<Exclude<PriceRating, 'HIGH'>, number> = {
  GREAT: 0.92,
  GOOD: 0.97,
  FAIR: 1.04,
};

/** A label only when at least this many comparables from the market (imported prices, sales) exist… */
export const PRICE_RATING_MIN_COMPARABLES = 5;
/** …each seen within this many days. Older or fewer, and there is no label: never a guess. */
export const PRICE_RATING_RECENT_DAYS = 180;

/** The label of a price-to-market ratio (the evidence rule is applied by the caller). */
export function priceRatingOf(priceToMarket: number): PriceRating {
  if (priceToMarket <= PRICE_RATING_BOUNDS.GREAT) return 'GREAT';
  if (priceToMarket <= PRICE_RATING_BOUNDS.GOOD) return 'GOOD';
  if (priceToMarket <= PRICE_RATING_BOUNDS.FAIR) return 'FAIR';
  return 'HIGH';
}

/** Best deals first in the public sort: great, good, fair, high, then cars without a label. */
export const PRICE_RATING_ORDER: Record<PriceRating, number> = { GREAT: 1, GOOD: 2, FAIR: 3, HIGH: 4 };

/** The summary fields of a stored label (an unknown stored value reads as no label). */
export function priceRatingView(
  stored: string | null,
  comparables: number | null,
): {
  priceRating: PriceRating | null;
  priceRatingLabel: string | null;
  priceRatingComparables: number | null;
} {
  const rating = (PRICE_RATINGS as readonly string[]).includes(stored ?? '') ? (stored as PriceRating) : null;
  return {
    priceRating: rating,
    priceRatingLabel: rating && PRICE_RATING_LABELS[rating],
    priceRatingComparables: rating && comparables,
  };
}

/** The /cars filter: a label or better ("Giá tốt trở lên" finds great and good prices). */
export const PRICE_RATING_FILTERS = ['GREAT', 'GOOD', 'FAIR'] as const;
export const PRICE_RATING_FILTER_LABELS: Record<(typeof PRICE_RATING_FILTERS)[number], string> = {
  GREAT: 'Giá rất tốt',
  GOOD: 'Giá tốt trở lên',
  FAIR: 'Giá hợp lý trở lên',
};
