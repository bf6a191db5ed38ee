import type { CarDetail } from '@contract/cars';
import { COMPARE_MAX } from '@contract/cars-labels';
import { PAGE_TITLES } from '@contract/page-titles';
import { Check, Minus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CarImage } from '../../cars';
import { useComparedCars, useComparedHistories } from '../api';
import { CarPicker } from '../components/compare-car-picker';
import { BEST_WORDS, buildRows, differs } from '../components/compare-rows';
import { CompareRow } from '../components/compare-table-row';

/** ?carIds=3,8,12 -> [3, 8, 12]: whole positive numbers, no repeats, at most four. */
function readIds(value: string | null): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/**
 * /compare: pick a brand, then cars, up to four side by side. The choice is kept in the URL
 * (?carIds=1,2,3, plus ?brand= for the picker), so a comparison can be shared and Back works.
 */
export default function ComparePage() {
  const [params, setParams] = useSearchParams();
  const ids = useMemo(() => readIds(params.get('carIds')), [params]);
  const compared = useComparedCars(ids);
  const [onlyDiff, setOnlyDiff] = useState(false);
  useDocumentTitle(PAGE_TITLES['/compare']);

  const setIds = (next: number[]) => {
    const p = new URLSearchParams(params);
    if (next.length) p.set('carIds', next.join(','));
    else p.delete('carIds');
    setParams(p, { preventScrollReset: true });
  };

  const byId = new Map((compared.data ?? []).map((c) => [c.carId, c]));
  const cars = ids.map((id) => byId.get(id));
  const loaded = cars.filter((c): c is CarDetail => c !== undefined);
  const ready = loaded.length === ids.length;
  const histories = useComparedHistories(ready ? ids : []);
  const rows = ready && loaded.length > 0 ? buildRows(loaded, histories) : [];
  const featureNames = ready
    ? [...new Set(loaded.flatMap((c) => c.features))].sort((a, b) => a.localeCompare(b, 'vi'))
    : [];
  const featureRows = featureNames.map((f) => ({ name: f, has: loaded.map((c) => c.features.includes(f)) }));
  const shownRows = onlyDiff ? rows.filter((r) => differs(r.values)) : rows;
  const shownFeatures = onlyDiff ? featureRows.filter((r) => r.has.some((h) => h !== r.has[0])) : featureRows;
  const cols = Math.max(ids.length, 1);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">So sánh xe</h1>
        <p className="mt-1 text-sm text-slate-600">
          Đặt tối đa {COMPARE_MAX} xe cạnh nhau; những điểm khác nhau được tô màu.
        </p>

        <div className="mt-5 grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[320px_minmax(0,1fr)]">
          <div className="lg:sticky lg:top-24 lg:self-start">
            <CarPicker
              chosen={ids}
              full={ids.length >= COMPARE_MAX}
              onAdd={(car) => setIds([...ids, car.carId])}
            />
          </div>

          <section aria-label="Bảng so sánh" className="min-w-0">
            {ids.length === 0 ? (
              <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                <EmptyState
                  title="Chưa chọn xe nào"
                  description="Chọn một hãng xe rồi bấm dấu + để thêm xe vào bảng so sánh."
                  action={
                    <Link to="/cars" className={buttonClass('secondary')}>
                      Xem danh sách xe
                    </Link>
                  }
                />
              </div>
            ) : compared.isError ? (
              <div
                className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
                role="alert"
              >
                <p className="text-red-600">{errorMessage(compared.error)}</p>
                <button type="button" onClick={() => setIds([])} className={buttonClass('secondary', 'mt-4')}>
                  Chọn lại từ đầu
                </button>
              </div>
            ) : (
              <>
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-sm text-slate-600">
                    Đã chọn <strong className="text-slate-900">{ids.length}</strong>/{COMPARE_MAX} xe
                    {ids.length === 1 ? ' — thêm ít nhất một xe nữa để so sánh.' : ''}
                  </p>
                  <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      checked={onlyDiff}
                      onChange={(e) => setOnlyDiff(e.target.checked)}
                      className="size-5 accent-brand-600"
                    />
                    Chỉ hiện điểm khác nhau
                  </label>
                </div>
                <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                  <table
                    className="w-full table-fixed border-separate border-spacing-0 text-sm"
                    style={{ minWidth: `${112 + cols * 160}px` }}
                  >
                    <caption className="sr-only">So sánh thông số các xe đã chọn</caption>
                    <colgroup>
                      <col className="w-28 sm:w-44" />
                      {ids.map((id) => (
                        <col key={id} />
                      ))}
                    </colgroup>
                    <thead>
                      <tr>
                        <th
                          scope="col"
                          className="sticky left-0 z-10 bg-white p-2 text-left align-bottom sm:p-3"
                        >
                          <span className="sr-only">Thông số</span>
                        </th>
                        {ids.map((id, i) => {
                          const car = cars[i];
                          return (
                            <th key={id} scope="col" className="p-2 text-left align-top font-normal sm:p-3">
                              {car ? (
                                <div className="relative">
                                  <Link to={`/cars/${car.carId}`} className="block">
                                    <CarImage
                                      image={car.cover}
                                      // The name follows in the same link; repeating it as alt text says it twice.
                                      alt=""
                                      className="rounded-lg"
                                      sizes="(min-width: 1024px) 220px, 45vw"
                                    />
                                    <span className="mt-2 line-clamp-2 block font-semibold text-slate-900 hover:text-brand-700">
                                      {car.carName}
                                    </span>
                                  </Link>
                                  <button
                                    type="button"
                                    onClick={() => setIds(ids.filter((x) => x !== id))}
                                    className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white"
                                    aria-label={`Bỏ ${car.carName} khỏi so sánh`}
                                  >
                                    <X className="size-5" aria-hidden="true" />
                                  </button>
                                </div>
                              ) : (
                                <div className="space-y-2">
                                  <Skeleton className="aspect-[3/2] w-full" />
                                  <Skeleton className="h-4 w-3/4" />
                                </div>
                              )}
                            </th>
                          );
                        })}
                      </tr>
                    </thead>
                    <tbody>
                      {shownRows.map((r) => (
                        <CompareRow
                          key={r.label}
                          label={r.label}
                          diff={differs(r.values)}
                          labelClass="font-medium text-slate-500"
                          cellClass={cx(
                            'align-top',
                            r.label === 'Giá bán' ? 'text-base font-bold text-brand-600' : 'text-slate-800',
                          )}
                          cells={r.values.map((v, i) => (
                            <>
                              {v}
                              {r.best === i ? (
                                <span className="mt-0.5 block text-xs font-semibold text-emerald-700">
                                  {BEST_WORDS[r.label] ?? 'Tốt nhất'}
                                </span>
                              ) : null}
                            </>
                          ))}
                        />
                      ))}
                      {shownFeatures.length > 0 ? (
                        <tr>
                          <th
                            colSpan={cols + 1}
                            scope="rowgroup"
                            className="sticky left-0 border-t border-slate-200 bg-slate-50 p-2 text-left text-sm font-semibold text-slate-800 sm:p-3"
                          >
                            Tiện nghi
                          </th>
                        </tr>
                      ) : null}
                      {shownFeatures.map((f) => (
                        <CompareRow
                          key={f.name}
                          label={f.name}
                          diff={f.has.some((h) => h !== f.has[0])}
                          labelClass="font-normal text-slate-600"
                          cells={f.has.map((has) => (
                            <>
                              {has ? (
                                <Check className="size-5 text-emerald-600" aria-hidden="true" />
                              ) : (
                                <Minus className="size-5 text-slate-300" aria-hidden="true" />
                              )}
                              <span className="sr-only">{has ? 'Có' : 'Không'}</span>
                            </>
                          ))}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
                {onlyDiff && shownRows.length === 0 && shownFeatures.length === 0 ? (
                  <p className="mt-3 text-sm text-slate-500">Các xe đã chọn giống nhau ở mọi thông số.</p>
                ) : null}
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
