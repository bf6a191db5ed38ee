import type { CarSummary } from '@contract/cars';
import { CAR_STATUS_LABELS, FUEL_LABELS, TRANSMISSION_LABELS } from '@contract/cars-labels';
import { formatKm, formatPrice } from '@contract/format';
import { Calendar, Fuel, Gauge, Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { HeartButton } from '../../favorites/public';
import { CardPledges, InspectedTag } from '../../inspections/public';
import { CarImage } from './car-image';
import { FreshnessBadges } from './freshness-badges';
import { PriceRatingBadge } from './price-rating-badge';

/** A car in a list: photo (3:2), name, year / odometer / fuel / gearbox, price large. */
export function CarCard({
  car,
  eager = false,
  sizes,
  className,
  action,
}: {
  car: CarSummary;
  eager?: boolean;
  sizes?: string;
  className?: string;
  /** An extra control under the card (e.g. the compare toggle). */
  action?: ReactNode;
}) {
  return (
    <article
      className={cx(
        'group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-lg hover:ring-slate-300',
        className,
      )}
    >
      <div className="relative">
        <CarImage
          image={car.cover}
          alt={car.carName}
          eager={eager}
          sizes={sizes}
          imgClassName="transition duration-300 group-hover:scale-[1.03]"
        />
        {car.inspection ? <InspectedTag className="absolute top-3 right-3" /> : null}
        {car.status !== 'available' ? (
          <span
            className={cx(
              'absolute bottom-3 left-3 rounded-full px-2.5 py-1 text-xs font-semibold shadow',
              car.status === 'sold' ? 'bg-slate-900 text-white' : 'bg-amber-400 text-amber-950',
            )}
          >
            {CAR_STATUS_LABELS[car.status]}
          </span>
        ) : null}
        {/* On the photo, so every card keeps one height (the list's scroll positions depend on it). */}
        <FreshnessBadges car={car} solid className="absolute right-3 bottom-3 justify-end" />
      </div>
      <div className="flex flex-1 flex-col p-4">
        <div className="flex items-start gap-1">
          <h3 className="line-clamp-2 min-h-[2.75rem] min-w-0 flex-1 text-base leading-snug font-semibold text-slate-900">
            {/* The whole card is the link (the stretched ::after), the title is its name. */}
            <Link
              to={`/cars/${car.carId}`}
              className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:underline"
            >
              {car.carName}
            </Link>
          </h3>
          {/* Beside the name, not on the photo (whose corner may carry text, as the demo's carry the name);
              above the card's stretched link: a press saves the car, it does not open it. */}
          <HeartButton carId={car.carId} className="relative -mt-2.5 -mr-2.5 shrink-0" />
        </div>
        <ul className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-[13px] text-slate-600">
          <li className="flex items-center gap-1.5">
            <Calendar className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="sr-only">Năm sản xuất: </span>
            {car.year}
          </li>
          <li className="flex items-center gap-1.5">
            <Gauge className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="sr-only">Đã đi: </span>
            {formatKm(car.odo)}
          </li>
          <li className="flex items-center gap-1.5">
            <Fuel className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {FUEL_LABELS[car.fuel]}
          </li>
          <li className="flex items-center gap-1.5">
            <Settings2 className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {TRANSMISSION_LABELS[car.transmission]}
          </li>
        </ul>
        <CardPledges summary={car.inspection} />
        <div className="mt-auto flex items-end justify-between gap-2 pt-3">
          <div>
            <p className="text-xl font-bold text-brand-600" data-testid="car-price">
              {formatPrice(car.sellPrice)}
            </p>
            <PriceRatingBadge car={car} className="mt-1" />
          </div>
          {action ? <div className="relative z-10">{action}</div> : null}
        </div>
      </div>
    </article>
  );
}

export function CarCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" aria-hidden="true">
      <Skeleton className="aspect-[3/2] rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-7 w-1/3" />
      </div>
    </div>
  );
}
