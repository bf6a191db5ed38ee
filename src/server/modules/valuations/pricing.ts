import { formatPrice, vnMidnight } from '../../../contract/format';
import {
  PRICE_RATING_MIN_COMPARABLES,
  PRICE_RATING_RECENT_DAYS,
  type PriceRating,
  priceRatingOf,
} from '../../../contract/price-rating';
import {
  PRICING_BANDS,
  PRICING_STEP,
  type PricingRow,
  pricingBucketOf,
  type RepricingRow,
} from '../../../contract/pricing';
import { vnDayStart } from '../../../contract/vn-time';
import type { CarEvidence } from '../cars/service';
import type { MarketIndex } from './engine/market-index';
import { valueCar } from './engine/value';

const DAY = 86_400_000;
/** Cars in stock: everything not yet sold (a preparing car has a price to judge before it is listed). */
const IN_STOCK = new Set(['preparing', 'available', 'pending']);
/** Cars the public sees, and so the only ones that carry a public label. */
const PUBLIC = new Set(['available', 'pending']);

const ratio = (a: number, b: number) => Math.round((a / b) * 1000) / 1000;
const percent = (x: number) => `${Math.round(x * 100)}%`;

/** What the comparables of a valuation say about its freshness. */
interface Evidence {
  comparables: number;
  recent: number;
  newestDays: number | null;
  oldestDays: number | null;
}

function freshness(seen: { kind: string; seenOn: string }[], now: number): Evidence {
  const today = vnMidnight(new Date(now)).getTime();
  const ages = seen.map((s) => ({
    kind: s.kind,
    days: Math.max(0, Math.round((today - vnDayStart(s.seenOn).getTime()) / DAY)),
  }));
  // The showroom's own asking prices value a car but never tell the public it is a good deal.
  const recent = ages.filter((a) => a.kind !== 'listing' && a.days <= PRICE_RATING_RECENT_DAYS).length;
  const days = ages.map((a) => a.days);
  return {
    comparables: ages.length,
    recent,
    newestDays: days.length ? Math.min(...days) : null,
    oldestDays: days.length ? Math.max(...days) : null,
  };
}

/**
 * The public label of a price-to-market ratio, or null when the evidence is too thin or too old: at
 * least PRICE_RATING_MIN_COMPARABLES comparables from the market, each seen within
 * PRICE_RATING_RECENT_DAYS, and an estimate not of low confidence.
 */
export function ratingFor(
  priceToMarket: number | null,
  recentComparables: number,
  confidence: string | null,
): PriceRating | null {
  if (priceToMarket === null || confidence === null || confidence === 'thấp') return null;
  if (recentComparables < PRICE_RATING_MIN_COMPARABLES) return null;
  return priceRatingOf(priceToMarket);
}

/** Every car in stock against the market, longest in stock first. `trueCosts` by car id (known ones). */
export function pricingRows(
  index: MarketIndex,
  stock: CarEvidence[],
  trueCosts: Map<number, number>,
  now: Date,
): PricingRow[] {
  const today = vnMidnight(now).getTime();
  return stock
    .filter((c) => IN_STOCK.has(c.status))
    .map((car): PricingRow => {
      const daysInStock = Math.max(0, Math.round((today - vnMidnight(car.createdAt).getTime()) / DAY));
      const trueCost = trueCosts.get(car.id) ?? null;
      const base = {
        carId: car.id,
        carName: car.carName,
        status: car.status,
        sellPrice: car.sellPrice,
        daysInStock,
        bucket: pricingBucketOf(daysInStock),
        trueCost,
      };
      const out = valueCar(index, {
        brand: car.brand,
        model: car.model,
        version: car.version,
        year: car.year,
        odo: car.odo,
        transmission: car.transmission,
        fuel: car.fuel,
        excludeCarIds: [car.id],
        at: now.getTime(),
      });
      if (!out.ok)
        return {
          ...base,
          marketValue: null,
          low: null,
          high: null,
          confidence: null,
          priceToMarket: null,
          costToMarket: null,
          comparables: 0,
          recentComparables: 0,
          newestComparableDays: null,
          oldestComparableDays: null,
          priceRating: null,
          note: `Chưa định giá được: ${out.message}`,
        };
      const v = out.valuation;
      const ev = freshness(
        v.comparables.map((c) => c.obs),
        now.getTime(),
      );
      const priceToMarket = car.sellPrice > 0 ? ratio(car.sellPrice, v.estimate) : null;
      const rating = PUBLIC.has(car.status) ? ratingFor(priceToMarket, ev.recent, v.confidence) : null;
      return {
        ...base,
        marketValue: v.estimate,
        low: v.low,
        high: v.high,
        confidence: v.confidence,
        priceToMarket,
        costToMarket: trueCost === null ? null : ratio(trueCost, v.estimate),
        comparables: ev.comparables,
        recentComparables: ev.recent,
        newestComparableDays: ev.newestDays,
        oldestComparableDays: ev.oldestDays,
        priceRating: rating,
        note:
          rating || !PUBLIC.has(car.status) ? null : noLabelReason(priceToMarket, ev.recent, v.confidence),
      };
    })
    .sort((a, b) => b.daysInStock - a.daysInStock || a.carId - b.carId);
}

function noLabelReason(priceToMarket: number | null, recent: number, confidence: string): string {
  if (priceToMarket === null) return 'Chưa có giá bán: không gắn nhãn giá';
  if (recent < PRICE_RATING_MIN_COMPARABLES)
    return (
      `Chỉ có ${recent} xe so sánh trong ${PRICE_RATING_RECENT_DAYS} ngày gần đây ` +
      `(cần ít nhất ${PRICE_RATING_MIN_COMPARABLES}): không gắn nhãn giá`
    );
  return `Độ tin cậy của giá thị trường ${confidence}: không gắn nhãn giá`;
}

/**
 * The repricing queue: cars on sale or being prepared whose price-to-market lies outside the band of
 * their days in stock, valued on enough recent evidence (the public label's rule). The suggestion
 * brings the price to the band's nearer edge, in round 5 million (down when lowering, up when raising);
 * a change under 5 million is not suggested. A suggestion under the true cost says so.
 */
export function repricingRows(rows: PricingRow[]): RepricingRow[] {
  const out: RepricingRow[] = [];
  for (const r of rows) {
    if (r.status === 'pending' || r.marketValue === null || r.priceToMarket === null) continue;
    if (r.confidence === 'thấp' || r.recentComparables < PRICE_RATING_MIN_COMPARABLES) continue;
    const band = PRICING_BANDS[r.bucket];
    if (r.priceToMarket >= band.min && r.priceToMarket <= band.max) continue;
    const high = r.priceToMarket > band.max;
    const target = r.marketValue * (high ? band.max : band.min);
    const suggestedPrice = high
      ? Math.floor(target / PRICING_STEP) * PRICING_STEP
      : Math.ceil(target / PRICING_STEP) * PRICING_STEP;
    const change = suggestedPrice - r.sellPrice;
    if (Math.abs(change) < PRICING_STEP) continue;
    let reason =
      `Giá bằng ${percent(r.priceToMarket)} giá thị trường (${formatPrice(r.marketValue)}) ` +
      `sau ${r.daysInStock} ngày trong kho; mức nên có ${percent(band.min)}–${percent(band.max)}: ` +
      `đề xuất ${change < 0 ? 'giảm' : 'tăng'} ${formatPrice(Math.abs(change))}`;
    if (r.trueCost !== null && suggestedPrice < r.trueCost)
      reason += `, thấp hơn giá vốn thực tế ${formatPrice(r.trueCost)}`;
    out.push({ ...r, band, suggestedPrice, reason });
  }
  return out;
}
