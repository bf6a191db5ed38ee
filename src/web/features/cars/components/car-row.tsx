import type { CarSummary } from '@contract/cars';
import { ArrowRight, ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, startTransition, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router';
import { CarCard, CarCardSkeleton } from './car-card';

const ITEM = 'w-[78%] shrink-0 snap-start sm:w-[45%] lg:w-[calc((100%-3*1.25rem)/4)]';

/**
 * Cards in the first render: four fill a desktop row and are more than a phone shows. The rest of the
 * row (it scrolls sideways) is rendered when the visitor reaches for it (scrolls the row, points at it,
 * focuses into it, presses an arrow), so a server-rendered home page with three rows carries a third of
 * the cards to parse, lay out and hydrate, and the page's start does not build cards nobody looks at.
 */
const FIRST_CARDS = 4;

/**
 * A titled row of car cards that scrolls sideways (snap on phones, arrow buttons on larger screens):
 * the home page's newest / most expensive / cheapest and the detail page's similar cars.
 */
export function CarRow({
  title,
  description,
  cars,
  loading,
  moreTo,
  moreLabel = 'Xem tất cả',
  empty,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  cars: CarSummary[] | undefined;
  loading?: boolean;
  moreTo?: string;
  moreLabel?: string;
  empty?: ReactNode;
  className?: string;
}) {
  const list = useRef<HTMLUListElement>(null);
  const [complete, setComplete] = useState(false);
  // A transition: the new cards render in slices, never as one long task under the visitor's finger
  // (pointerenter also comes with a touch).
  const completeRow = () => {
    if (!complete) startTransition(() => setComplete(true));
  };
  const shown = complete ? cars : cars?.slice(0, FIRST_CARDS);
  const titleId = useId();
  const scroll = (dir: 1 | -1) => {
    // Four cards fill a desktop row: the rest must be there before it can scroll.
    if (!complete) flushSync(() => setComplete(true));
    const el = list.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  if (!loading && cars && cars.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={titleId} className={className}>
      <div className="mb-4 flex items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={titleId} className="text-xl font-bold text-slate-900 sm:text-2xl">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {moreTo ? (
            <Link
              to={moreTo}
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-600 hover:bg-brand-50"
            >
              {moreLabel}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          ) : null}
          <button
            type="button"
            onClick={() => scroll(-1)}
            className="hidden size-11 items-center justify-center rounded-full border border-slate-200 text-slate-600 hover:bg-slate-50 sm:inline-flex"
            aria-label="Cuộn sang trái"
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            onClick={() => scroll(1)}
            className="hidden size-11 items-center justify-center rounded-full border border-slate-200 text-slate-600 hover:bg-slate-50 sm:inline-flex"
            aria-label="Cuộn sang phải"
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </button>
        </div>
      </div>
      {!loading && cars && cars.length === 0 ? (
        empty
      ) : (
        <ul
          ref={list}
          onScroll={completeRow}
          onPointerEnter={completeRow}
          onFocus={completeRow}
          className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-3 [scrollbar-width:thin] sm:mx-0 sm:scroll-px-0 sm:gap-5 sm:px-0"
        >
          {loading || !cars
            ? Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                <li key={i} className={ITEM}>
                  <CarCardSkeleton />
                </li>
              ))
            : shown?.map((car) => (
                <li key={car.carId} className={ITEM}>
                  <CarCard
                    car={car}
                    className="h-full"
                    sizes="(min-width: 1024px) 25vw, (min-width: 640px) 45vw, 78vw"
                  />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
