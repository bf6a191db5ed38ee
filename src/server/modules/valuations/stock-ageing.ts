import { formatPrice, vnMidnight } from '../../../contract/format';
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  AGEING_DISCOUNT,
  type AgeBucket,
  bucketOf,
  type StockAgeing,
  type StockAgeingQuery,
  type StockAgeingRow,
} from '../../../contract/valuations';
import type { CarEvidence, CarsService } from '../cars/service';
import type { MarketIndex } from './engine/market-index';
import { valueCar } from './engine/value';

const DAY = 86_400_000;
/** A suggested price ends in a round 5 million, and a markdown smaller than that is not worth a change. */
const STEP = 5_000_000;

const percent = (x: number) => `${Math.round(Math.abs(x) * 100)}%`;

/**
 * The markdown rule: after 30 days on the lot a car should be priced a little under the market (2 %,
 * then 4 % after 60 days, 7 % after 90) to sell; before that, only a price above the market's range is
 * brought back to the estimate. The suggestion is rounded down to 5 million.
 */
export function suggest(
  price: number,
  days: number,
  v: { estimate: number; high: number },
): { suggestedPrice: number | null; markdown: number | null; advice: string } {
  const bucket = bucketOf(days);
  const gap = (price - v.estimate) / v.estimate;
  let target: number | null = null;
  if (bucket === '0-30') target = price > v.high ? v.estimate : null;
  else target = v.estimate * (1 - AGEING_DISCOUNT[bucket]);
  const suggested = target === null ? null : Math.floor(target / STEP) * STEP;
  if (suggested !== null && price - suggested >= STEP) {
    const markdown = price - suggested;
    const why =
      gap > 0.02
        ? `Giá cao hơn ước tính thị trường ${percent(gap)}${days > 30 ? ` sau ${days} ngày trong kho` : ''}`
        : `${days} ngày trong kho`;
    return { suggestedPrice: suggested, markdown, advice: `${why}: đề xuất giảm ${formatPrice(markdown)}` };
  }
  const advice =
    gap < -0.05
      ? `Giá thấp hơn ước tính thị trường ${percent(gap)}: có thể giữ giá`
      : 'Giá phù hợp với thị trường';
  return { suggestedPrice: null, markdown: null, advice };
}

/**
 * Cars on sale by days on the lot, the longest first: each valued without its own listing, set
 * against the market, with the suggested markdown. Buckets count the whole stock; only the page asked
 * for is valued.
 */
export async function stockAgeing(
  index: MarketIndex,
  stock: CarEvidence[],
  cars: CarsService,
  now: Date,
  q: StockAgeingQuery,
): Promise<StockAgeing> {
  const today = vnMidnight(now).getTime();
  const onSale = stock
    .filter((c) => c.status === 'available' || c.status === 'pending')
    .map((c) => {
      const days = Math.max(0, Math.round((today - vnMidnight(c.createdAt).getTime()) / DAY));
      return { car: c, days, bucket: bucketOf(days) };
    });
  const buckets = AGE_BUCKETS.map((bucket: AgeBucket) => {
    const cars = onSale.filter((c) => c.bucket === bucket);
    return {
      bucket,
      label: AGE_BUCKET_LABELS[bucket],
      count: cars.length,
      value: cars.reduce((s, c) => s + c.car.sellPrice, 0),
    };
  });
  const listed = onSale
    .filter((c) => !q.bucket || c.bucket === q.bucket)
    .sort((a, b) => b.days - a.days || a.car.id - b.car.id);
  const page = listed.slice((q.page - 1) * q.size, q.page * q.size);
  const thumbs = await cars.thumbnails(page.map((p) => p.car.id));
  const content: StockAgeingRow[] = page.map(({ car, days, bucket }) => {
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
    const base = {
      carId: car.id,
      carName: car.carName,
      year: car.year,
      odo: car.odo,
      sellPrice: car.sellPrice,
      status: car.status,
      cover: thumbs.get(car.id)?.cover ?? null,
      listedAt: car.createdAt.toISOString(),
      daysOnLot: days,
      bucket,
    };
    if (!out.ok)
      return {
        ...base,
        estimate: null,
        low: null,
        high: null,
        confidence: null,
        gap: null,
        suggestedPrice: null,
        markdown: null,
        advice: `Chưa định giá được: ${out.message}`,
      };
    const v = out.valuation;
    return {
      ...base,
      estimate: v.estimate,
      low: v.low,
      high: v.high,
      confidence: v.confidence,
      gap: Math.round(((car.sellPrice - v.estimate) / v.estimate) * 1000) / 1000,
      ...suggest(car.sellPrice, days, v),
    };
  });
  return {
    content,
    totalElements: listed.length,
    totalPages: Math.ceil(listed.length / q.size),
    page: q.page,
    size: q.size,
    buckets,
  };
}
