import type { CarDetail } from '@contract/cars';
import { carLinks } from '@contract/chat';
import { formatPrice } from '@contract/format';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CarThumb } from '../../components/car-thumb';
import { api } from '../../lib/api-client';

const MAX_CARDS = 5;

/**
 * The cars an answer names, as compact cards under the bubble: photo, name and price, each a link to its
 * page. A strip that scrolls sideways, so it fits the phone-width panel as well as the full chat page.
 * A car that cannot be loaded (sold and removed, offline) simply has no card; its name stays a link.
 */
export function CarCards({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const ids = carLinks(text).slice(0, MAX_CARDS);
  const cars = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['cars', 'detail', id],
      queryFn: ({ signal }: { signal?: AbortSignal }) => api<CarDetail>(`cars/${id}`, { signal }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const loaded = cars.map((q) => q.data).filter((c): c is CarDetail => Boolean(c));
  if (!loaded.length) return null;
  return (
    <ul
      className="mt-2 flex max-w-full gap-2 overflow-x-auto pb-1"
      aria-label="Xe được nhắc đến"
      data-testid="chat-cars"
    >
      {loaded.map((car) => (
        <li key={car.carId} className="w-36 shrink-0">
          <Link
            to={`/cars/${car.carId}`}
            onClick={onNavigate}
            className="block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CarThumb src={car.photos[0]?.urls[480]} className="w-full" iconClassName="size-8" />
            <span className="block px-2 pt-1.5 text-[13px] leading-snug font-medium text-slate-800 line-clamp-2">
              {car.carName}
            </span>
            <span className="block px-2 pb-2 text-sm font-bold text-brand-700">
              {formatPrice(car.sellPrice)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
