import type { CarSummary } from '@contract/cars';
import { cx } from '../../../lib/cx';

// Words come from the server (priceRatingLabel): no label table in the public pages' scripts.
const TONES: Record<NonNullable<CarSummary['priceRating']>, string> = {
  GREAT: 'bg-emerald-700 text-white',
  GOOD: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
  FAIR: 'bg-slate-100 text-slate-700 ring-1 ring-slate-200',
  HIGH: 'bg-amber-50 text-amber-800 ring-1 ring-amber-200',
};

type Rated = Pick<CarSummary, 'priceRating' | 'priceRatingLabel' | 'priceRatingComparables'>;

/** The deal label as a pill ("Giá tốt"); nothing when the market data is too thin for one. */
export function PriceRatingBadge({ car, className }: { car: Rated; className?: string }) {
  if (!car.priceRating || !car.priceRatingLabel) return null;
  return (
    <span
      className={cx(
        'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
        TONES[car.priceRating],
        className,
      )}
      data-testid="price-rating"
    >
      {car.priceRatingLabel}
    </span>
  );
}

/** The car page's label with what it rests on: "so với N xe tương tự trên thị trường". */
export function PriceRatingNote({ car }: { car: Rated }) {
  if (!car.priceRating || !car.priceRatingComparables) return null;
  return (
    <p
      className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600"
      data-testid="price-rating-note"
    >
      <PriceRatingBadge car={car} />
      <span>so với {car.priceRatingComparables} xe tương tự trên thị trường</span>
      <span className="w-full text-xs text-slate-500">
        Tính tự động từ giá thị trường của xe cùng dòng, đời và số km gần đây; showroom không tự đặt nhãn này.
      </span>
    </p>
  );
}
