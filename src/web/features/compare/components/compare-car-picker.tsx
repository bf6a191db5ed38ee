import type { CarSummary } from '@contract/cars';
import { COMPARE_MAX } from '@contract/cars-labels';
import { formatKm, formatPrice } from '@contract/format';
import { Check, Plus } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Select } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { CarImage } from '../../cars';
import { useBrandCars, useCompareBrands } from '../api';

/** Brand, then car: the cars of a brand not yet chosen, added one at a time (up to four). */
export function CarPicker({
  chosen,
  onAdd,
  full,
}: {
  chosen: number[];
  onAdd: (car: CarSummary) => void;
  full: boolean;
}) {
  const [params, setParams] = useSearchParams();
  const brand = params.get('brand');
  const brands = useCompareBrands();
  const cars = useBrandCars(brand);
  const id = useId();
  const setBrand = (b: string) => {
    const p = new URLSearchParams(params);
    if (b) p.set('brand', b);
    else p.delete('brand');
    setParams(p, { replace: true, preventScrollReset: true });
  };
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Chọn xe để so sánh
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        Chọn hãng, rồi thêm tối đa {COMPARE_MAX} xe. Có thể so sánh xe của nhiều hãng khác nhau.
      </p>
      <label htmlFor={`${id}-brand`} className="mt-4 mb-1.5 block text-sm font-medium text-slate-700">
        Hãng xe
      </label>
      <Select id={`${id}-brand`} value={brand ?? ''} onChange={(e) => setBrand(e.target.value)}>
        <option value="">Chọn hãng xe</option>
        {brands.data?.map((b) => (
          <option key={b.brand} value={b.brand}>
            {b.brand} ({b.count})
          </option>
        ))}
      </Select>
      {brand ? (
        <div className="mt-3">
          {cars.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : cars.isError ? (
            <p className="text-sm text-red-600">{errorMessage(cars.error)}</p>
          ) : cars.data && cars.data.length === 0 ? (
            <p className="text-sm text-slate-500">Hãng này hiện không có xe đang bán.</p>
          ) : (
            <ul className="max-h-96 space-y-2 overflow-y-auto pr-1" aria-label={`Xe ${brand}`}>
              {cars.data?.map((car) => {
                const added = chosen.includes(car.carId);
                return (
                  <li
                    key={car.carId}
                    className="flex items-center gap-3 rounded-xl p-2 ring-1 ring-slate-200"
                  >
                    <CarImage image={car.cover} alt="" className="w-20 shrink-0 rounded-lg" sizes="80px" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{car.carName}</p>
                      <p className="text-xs text-slate-500">
                        {car.year} · {formatKm(car.odo)} ·{' '}
                        <span className="font-semibold text-brand-600">{formatPrice(car.sellPrice)}</span>
                      </p>
                    </div>
                    <button
                      type="button"
                      onClick={() => onAdd(car)}
                      disabled={added || full}
                      aria-label={`${added ? 'Đã chọn' : 'Thêm'} ${car.carName}, đời ${car.year}, ${formatKm(car.odo)}`}
                      title={full && !added ? `Tối đa ${COMPARE_MAX} xe` : undefined}
                      className={cx(
                        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg transition',
                        added
                          ? 'bg-emerald-50 text-emerald-600'
                          : 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-200 disabled:text-slate-400',
                      )}
                    >
                      {added ? (
                        <Check className="size-5" aria-hidden="true" />
                      ) : (
                        <Plus className="size-5" aria-hidden="true" />
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </section>
  );
}
