import { z } from 'zod';
import { CAR_STATUSES } from './cars-labels';
import { positiveId } from './common';
import { PRICE_RATINGS, type PriceRating } from './price-rating';
import { CONFIDENCES } from './valuations';

/**
 * Prices against the market, for staff: every car in stock with its market value, price-to-market,
 * cost-to-market and the comparables behind them (GET /api/valuations/pricing), and the repricing
 * queue with one-click apply (GET /api/valuations/repricing, POST /api/valuations/repricing/{carId}).
 * The rules are in docs/pricing.md.
 */

/** Days-in-stock buckets of the repricing queue. */
export const PRICING_AGE_BUCKETS = ['0-15', '16-30', '31-45', '46-60', '60+'] as const;
export type PricingAgeBucket = (typeof PRICING_AGE_BUCKETS)[number];
export const PRICING_AGE_BUCKET_LABELS: Record<PricingAgeBucket, string> = {
  '0-15': '0–15 ngày',
  '16-30': '16–30 ngày',
  '31-45': '31–45 ngày',
  '46-60': '46–60 ngày',
  '60+': 'Trên 60 ngày',
};
export const pricingBucketOf = (days: number): PricingAgeBucket =>
  days <= 15 ? '0-15' : days <= 30 ? '16-30' : days <= 45 ? '31-45' : days <= 60 ? '46-60' : '60+';

/**
 * The price-to-market band a car should sit in for its days in stock: a new car may ask a little over
 * the market, an older one must come under it to sell. Outside the band it enters the repricing queue.
 */
export const PRICING_BANDS: Record<PricingAgeBucket, { min: number; max: number }> = {
  '0-15': { min: 0.95, max: 1.05 },
  '16-30': { min: 0.94, max: 1.03 },
  '31-45': { min: 0.92, max: 1.01 },
  '46-60': { min: 0.9, max: 0.99 },
  '60+': { min: 0.87, max: 0.97 },
};
/** A suggested price ends in a round 5 million; a change smaller than that is not suggested. */
export const PRICING_STEP = 5_000_000;

export const pricingRowSchema = z.object({
  carId: z.number().int(),
  carName: z.string(),
  status: z.enum(CAR_STATUSES),
  sellPrice: z.number().int(),
  daysInStock: z.number().int(),
  bucket: z.enum(PRICING_AGE_BUCKETS),
  /** The engine's estimate without the car's own listing; null when it cannot value the car. */
  marketValue: z.number().int().nullable(),
  low: z.number().int().nullable(),
  high: z.number().int().nullable(),
  confidence: z.enum(CONFIDENCES).nullable(),
  /** price ÷ market value, 3 decimals. */
  priceToMarket: z.number().nullable(),
  /** True cost (car-costs) when the purchase price is known, else null. */
  trueCost: z.number().int().nullable(),
  /** true cost ÷ market value, 3 decimals. */
  costToMarket: z.number().nullable(),
  comparables: z.number().int(),
  /** Comparables from the market (imported prices and sales) seen within the label's recent days. */
  recentComparables: z.number().int(),
  /** Days since the newest and the oldest comparable was seen; null without comparables. */
  newestComparableDays: z.number().int().nullable(),
  oldestComparableDays: z.number().int().nullable(),
  priceRating: z.enum(PRICE_RATINGS).nullable(),
  /** Why there is no market value or no label, in words; null when both are there. */
  note: z.string().nullable(),
});
export type PricingRow = z.infer<typeof pricingRowSchema>;
export const pricingSchema = z.object({ content: z.array(pricingRowSchema) });
export type Pricing = z.infer<typeof pricingSchema>;

export const repricingRowSchema = pricingRowSchema.extend({
  band: z.object({ min: z.number(), max: z.number() }),
  suggestedPrice: z.number().int(),
  reason: z.string(),
});
export type RepricingRow = z.infer<typeof repricingRowSchema>;
export const repricingSchema = z.object({ content: z.array(repricingRowSchema) });
export type Repricing = z.infer<typeof repricingSchema>;

export const repricingApplyParams = z.object({ carId: positiveId('Mã xe không hợp lệ') });

/** What the stored label of a car is, as the cars module keeps it for the public reads. */
export interface StoredPriceRating {
  carId: number;
  priceRating: PriceRating | null;
  comparables: number | null;
}
