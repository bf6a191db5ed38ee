import type { CarSummary } from '@contract/cars';
import { formatKm, formatPrice } from '@contract/format';
import { Car, ChevronLeft, ChevronRight, X } from 'lucide-react';
import { type Ref, useState } from 'react';
import { Button } from '../../../components/button';
import { SearchBox } from '../../../components/search-box';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useCar, useVisibleCars } from '../api';

function Thumb({ car, className }: { car: Pick<CarSummary, 'cover' | 'carName'>; className?: string }) {
  return car.cover ? (
    <img
      src={car.cover.urls[480] ?? car.cover.src}
      alt=""
      width={car.cover.width}
      height={car.cover.height}
      loading="lazy"
      className={cx('shrink-0 rounded-lg bg-slate-100 object-cover', className)}
    />
  ) : (
    <span
      className={cx(
        'flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400',
        className,
      )}
    >
      <Car className="size-6" aria-hidden="true" />
    </span>
  );
}

/**
 * Choosing a car a visitor can see (GET cars): the chosen car as a card with "Đổi xe"; otherwise a
 * search (accent-insensitive on the server) over a short paged list. `value` is the car id or empty.
 */
export function CarPicker({
  id,
  label,
  value,
  onChange,
  error,
  required = false,
  inputRef,
}: {
  id: string;
  label: string;
  value: number | string | null | undefined;
  onChange: (carId: number | '') => void;
  error?: string;
  required?: boolean;
  /** The form library focuses (and so scrolls to) the group when the car is missing. */
  inputRef?: Ref<HTMLFieldSetElement>;
}) {
  const carId = value === '' || value === null || value === undefined ? null : Number(value);
  const chosen = useCar(carId);
  const [browsing, setBrowsing] = useState(carId === null);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const showList = browsing || carId === null || chosen.isError;
  const cars = useVisibleCars(search, page, showList);
  const errorId = `${id}-error`;

  return (
    <fieldset
      id={id}
      ref={inputRef}
      tabIndex={-1}
      className="min-w-0 space-y-2 outline-none"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {label}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>

      {carId !== null && !chosen.isError ? (
        <div
          className={cx(
            'flex items-center gap-3 rounded-xl border p-2.5',
            showList ? 'border-slate-200 bg-slate-50' : 'border-brand-600 bg-brand-50/50',
          )}
        >
          {chosen.data ? (
            <>
              <Thumb car={chosen.data} className="h-14 w-20 sm:h-16 sm:w-24" />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-sm font-semibold text-slate-900" data-testid="chosen-car">
                  {chosen.data.carName}
                </p>
                <p className="text-xs text-slate-500">
                  {chosen.data.year} · {formatKm(chosen.data.odo)}
                </p>
                <p className="text-sm font-bold text-brand-700">{formatPrice(chosen.data.sellPrice)}</p>
              </div>
            </>
          ) : (
            <>
              <Skeleton className="h-16 w-24" />
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </>
          )}
          <div className="flex shrink-0 flex-col gap-1 sm:flex-row">
            {!showList ? (
              <Button variant="ghost" className="px-3 text-brand-700" onClick={() => setBrowsing(true)}>
                Đổi xe
              </Button>
            ) : null}
            {!required ? (
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100"
                aria-label="Bỏ chọn xe"
                title="Bỏ chọn xe"
                onClick={() => {
                  onChange('');
                  setBrowsing(true);
                }}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {chosen.isError ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Xe bạn chọn không còn được bán. Vui lòng chọn xe khác.
        </p>
      ) : null}

      {showList ? (
        <div className="space-y-2 rounded-xl border border-slate-200 p-2.5">
          <SearchBox
            value={search}
            onChange={(v) => {
              setSearch(v);
              setPage(1);
            }}
            placeholder="Tìm theo tên xe, hãng, năm..."
            label="Tìm xe"
          />
          <ul
            className="grid gap-1.5 sm:grid-cols-2"
            aria-label="Danh sách xe"
            aria-busy={cars.isFetching || undefined}
          >
            {cars.isPending
              ? [0, 1, 2, 3].map((i) => (
                  <li key={i} className="flex gap-3 p-1.5">
                    <Skeleton className="h-12 w-16" />
                    <div className="flex-1 space-y-2">
                      <Skeleton className="h-4 w-2/3" />
                      <Skeleton className="h-3 w-1/3" />
                    </div>
                  </li>
                ))
              : cars.data?.content.map((car) => {
                  const selected = car.carId === carId;
                  return (
                    <li key={car.carId}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        onClick={() => {
                          onChange(car.carId);
                          setBrowsing(false);
                        }}
                        className={cx(
                          'flex min-h-14 w-full items-center gap-3 rounded-lg p-1.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                          selected ? 'bg-brand-50 ring-1 ring-brand-600' : 'hover:bg-slate-50',
                        )}
                      >
                        <Thumb car={car} className="h-12 w-16" />
                        <span className="min-w-0 flex-1">
                          {/* Said before the visible text rather than replacing it (a label must hold what is seen). */}
                          <span className="sr-only">Chọn xe </span>
                          <span
                            data-testid="car-name"
                            className="line-clamp-1 text-sm font-medium text-slate-900"
                          >
                            {car.carName}
                          </span>
                          <span className="block text-xs text-slate-500">
                            {car.year} · {formatKm(car.odo)}
                          </span>
                        </span>
                        <span className="shrink-0 text-sm font-bold text-brand-700">
                          {formatPrice(car.sellPrice)}
                        </span>
                      </button>
                    </li>
                  );
                })}
            {cars.data && cars.data.content.length === 0 ? (
              <li className="px-2 py-6 text-center text-sm text-slate-500 sm:col-span-2">
                Không tìm thấy xe phù hợp.
              </li>
            ) : null}
            {cars.isError ? (
              <li className="px-2 py-6 text-center text-sm text-red-600 sm:col-span-2">
                Không tải được danh sách xe.
              </li>
            ) : null}
          </ul>
          {cars.data && cars.data.totalPages > 1 ? (
            <div className="flex items-center justify-between">
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                aria-label="Xe trang trước"
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
              </button>
              <span className="text-xs text-slate-500">
                Trang {page} / {cars.data.totalPages} · {cars.data.totalElements} xe
              </span>
              <button
                type="button"
                className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
                disabled={page >= cars.data.totalPages}
                onClick={() => setPage((p) => p + 1)}
                aria-label="Xe trang sau"
              >
                <ChevronRight className="size-5" aria-hidden="true" />
              </button>
            </div>
          ) : null}
          {carId !== null && !chosen.isError ? (
            <Button variant="ghost" className="w-full" onClick={() => setBrowsing(false)}>
              Giữ xe đã chọn
            </Button>
          ) : null}
        </div>
      ) : null}

      {error ? (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
