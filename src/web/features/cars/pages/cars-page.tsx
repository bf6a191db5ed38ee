import type { SavedSearchFilters } from '@contract/alerts-labels';
import { CAR_SORT_LABELS, CAR_SORTS, type CarSort, PUBLIC_PAGE_SIZE } from '@contract/cars-labels';
import { formatThousands } from '@contract/format';
import { PAGE_TITLES } from '@contract/page-titles';
import { SearchX, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { Select } from '../../../components/form-field';
import { Pagination } from '../../../components/pagination';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useListScrollRestore } from '../../../lib/use-list-scroll';
import { SubscribeButton } from '../../alerts/public';
import { useCarFilters, useCars } from '../api';
import { CarCard, CarCardSkeleton } from '../components/car-card';
import { FilterDrawer } from '../components/filter-drawer';
import { FilterPanel } from '../components/filter-panel';
import {
  activeFilterCount,
  type CarFilterValues,
  type FilterKey,
  filterChips,
  rangeError,
  readFilters,
  readListParams,
  writeListParams,
} from '../filters';
import { typedSearchFilters } from '../typed-search';

/** The filters a saved search keeps: the list's own, without page and sort. */
function savedFilters(values: CarFilterValues): SavedSearchFilters {
  return values as SavedSearchFilters;
}

/** Cards the first screen shows at once (one row on desktop): their photos load eagerly. */
const EAGER = 3;

/**
 * /cars: the car list. Every filter, the sort and the page live in the URL (shareable, Back works);
 * a side panel on large screens, a drawer on phones (changes apply with 'Xem kết quả').
 */
export default function CarsPage() {
  const [params, setParams] = useSearchParams();
  const list = useMemo(() => readListParams(params), [params]);
  const values = useMemo(() => readFilters(params), [params]);
  const invalid = rangeError(values);
  const cars = useCars(list);
  const options = useCarFilters();
  const top = useRef<HTMLDivElement>(null);
  useDocumentTitle(PAGE_TITLES['/cars']);
  useListScrollRestore(cars.data !== undefined);

  const [drawerOpen, setDrawerOpen] = useState(false);
  const [draft, setDraft] = useState<CarFilterValues>({});
  const draftCount = useCars(
    { ...draft, sort: 'newest', page: 1, pageSize: 1 },
    drawerOpen && !rangeError(draft),
  );

  const apply = (next: CarFilterValues, sort: CarSort = list.sort) =>
    setParams(writeListParams(next, sort, 1), { preventScrollReset: true });
  const clearAll = () => apply({});
  const removeKeys = (keys: FilterKey[]) => {
    const next = { ...values };
    for (const k of keys) delete next[k];
    apply(next);
  };
  const goToPage = (page: number) => {
    setParams(writeListParams(values, list.sort, page), { preventScrollReset: true });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  const openDrawer = () => {
    setDraft(values);
    setDrawerOpen(true);
  };
  const n = activeFilterCount(values);
  const chips = filterChips(values);
  const data = cars.data;
  const total = data?.totalElements ?? 0;
  // A typed name search is read by the advisor's parser: "7 chỗ", "mec", "bán tải dưới 700 triệu"
  // become filters (chips that can be removed) and only the rest stays a name search.
  const typed = values.carName;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text changes
  useEffect(() => {
    if (!typed) return;
    let live = true;
    void typedSearchFilters(typed, options.data).then(({ carName, ...recognised }) => {
      if (!live || (Object.keys(recognised).length === 0 && carName === typed)) return;
      setParams(writeListParams({ ...values, ...recognised, carName }, list.sort, 1), {
        replace: true,
        preventScrollReset: true,
      });
    });
    return () => {
      live = false;
    };
  }, [typed]);
  // A page past the end (an old link, a hand-typed ?page=999) goes to the last page, replacing the
  // address: the list never says "75 xe" above "no car on sale".
  const pastEnd =
    !!data && data.content.length === 0 && data.totalElements > 0 && list.page > data.totalPages;
  useEffect(() => {
    if (pastEnd && data)
      setParams(writeListParams(values, list.sort, data.totalPages), {
        replace: true,
        preventScrollReset: true,
      });
  }, [pastEnd, data, values, list.sort, setParams]);
  const draftInvalid = rangeError(draft);

  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <div ref={top} className="flex scroll-mt-24 flex-wrap items-end justify-between gap-x-4 gap-y-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Mua xe đã qua sử dụng</h1>
            <p className="mt-1 text-sm text-slate-600" aria-live="polite" data-testid="result-count">
              {cars.isPending ? (
                'Đang tìm xe...'
              ) : invalid ? (
                ' '
              ) : (
                <>
                  <strong className="font-semibold text-slate-900">{formatThousands(total) || '0'}</strong> xe
                  phù hợp
                </>
              )}
            </p>
          </div>
          {/* The list's filters as they are now, read again as GET /api/cars reads them. */}
          {invalid ? null : <SubscribeButton target={{ kind: 'search', filters: savedFilters(values) }} />}
        </div>

        <div className="mt-5 lg:grid lg:grid-cols-[288px_minmax(0,1fr)] lg:gap-8">
          <aside className="hidden lg:block" aria-label="Bộ lọc xe">
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <div className="mb-4 flex items-center justify-between">
                <h2 className="text-base font-semibold text-slate-900">Bộ lọc</h2>
                {n > 0 ? (
                  <button
                    type="button"
                    onClick={clearAll}
                    className="min-h-11 rounded-lg px-2 text-sm font-medium text-brand-600 hover:bg-brand-50"
                  >
                    Xóa bộ lọc
                  </button>
                ) : null}
              </div>
              <FilterPanel
                options={options.data}
                values={values}
                onChange={(v) => apply(v)}
                idPrefix="side"
              />
            </div>
          </aside>

          <section aria-labelledby="car-results-title" className="min-w-0">
            {/* The cards' titles are h3: this keeps the outline h1 > h2 > h3 on phones, where the filter
                panel (and its h2) is hidden. */}
            <h2 id="car-results-title" className="sr-only">
              Kết quả
            </h2>
            <div className="flex items-center gap-2">
              <Button
                variant="secondary"
                className="shrink-0 whitespace-nowrap lg:hidden"
                onClick={openDrawer}
                aria-haspopup="dialog"
              >
                <SlidersHorizontal className="size-4" aria-hidden="true" />
                Bộ lọc
                {n > 0 ? (
                  <span className="ml-0.5 inline-flex size-5 items-center justify-center rounded-full bg-brand-600 text-xs text-white">
                    {n}
                  </span>
                ) : null}
              </Button>
              <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 sm:flex-none">
                <label
                  htmlFor="car-sort"
                  className="hidden text-sm whitespace-nowrap text-slate-600 sm:block"
                >
                  Sắp xếp
                </label>
                <Select
                  id="car-sort"
                  aria-label="Sắp xếp"
                  value={list.sort}
                  onChange={(e) => apply(values, e.target.value as CarSort)}
                  className="w-full min-w-0 sm:w-auto sm:min-w-44"
                >
                  {CAR_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {CAR_SORT_LABELS[s]}
                    </option>
                  ))}
                </Select>
              </div>
            </div>

            {chips.length > 0 ? (
              <ul className="mt-3 flex flex-wrap items-center gap-2" aria-label="Bộ lọc đang dùng">
                {chips.map((c) => (
                  <li key={c.label}>
                    <button
                      type="button"
                      onClick={() => removeKeys(c.keys)}
                      className="inline-flex min-h-9 items-center gap-1 rounded-full bg-white py-1 pr-2 pl-3 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200 hover:ring-slate-300"
                      aria-label={`Bỏ lọc ${c.label}`}
                    >
                      {c.label}
                      <X className="size-4 text-slate-400" aria-hidden="true" />
                    </button>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    onClick={clearAll}
                    className="min-h-9 rounded-full px-3 text-sm font-medium text-brand-600 hover:bg-brand-50"
                  >
                    Xóa tất cả
                  </button>
                </li>
              </ul>
            ) : null}

            <div className="mt-4">
              {invalid || cars.isError ? (
                <div
                  className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200"
                  role="alert"
                >
                  <p className="font-medium text-red-600">{invalid ?? errorMessage(cars.error)}</p>
                  <Button variant="secondary" className="mt-4" onClick={clearAll}>
                    Xóa bộ lọc
                  </Button>
                </div>
              ) : cars.isPending || pastEnd ? (
                <ul className="grid gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3">
                  {Array.from({ length: 6 }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
                    <li key={i}>
                      <CarCardSkeleton />
                    </li>
                  ))}
                </ul>
              ) : data && data.content.length === 0 ? (
                <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
                  <EmptyState
                    icon={<SearchX className="size-6" aria-hidden="true" />}
                    title="Không tìm thấy xe phù hợp"
                    description={
                      n > 0
                        ? 'Không có xe nào khớp với bộ lọc bạn chọn. Hãy bớt một vài điều kiện hoặc xóa bộ lọc để xem tất cả xe.'
                        : 'Showroom hiện chưa có xe nào đang bán. Vui lòng quay lại sau.'
                    }
                    action={n > 0 ? <Button onClick={clearAll}>Xóa bộ lọc</Button> : undefined}
                  />
                </div>
              ) : (
                <ul
                  className={cx(
                    'grid gap-4 sm:grid-cols-2 sm:gap-5 xl:grid-cols-3',
                    cars.isPlaceholderData && 'opacity-60 transition-opacity',
                  )}
                  aria-busy={cars.isFetching || undefined}
                  data-testid="car-results"
                >
                  {data?.content.map((car, i) => (
                    <li key={car.carId} className="render-near-screen-tile">
                      <CarCard
                        car={car}
                        className="h-full"
                        eager={list.page === 1 && i < EAGER}
                        sizes="(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw"
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>

            {data && !invalid && !pastEnd ? (
              <Pagination
                className="mt-8"
                page={list.page}
                totalPages={data.totalPages}
                onChange={goToPage}
              />
            ) : null}
            {data && data.totalElements > PUBLIC_PAGE_SIZE && !pastEnd ? (
              <p className="mt-2 text-center text-xs text-slate-500">
                Hiển thị {(list.page - 1) * PUBLIC_PAGE_SIZE + 1}–
                {Math.min(list.page * PUBLIC_PAGE_SIZE, data.totalElements)} trên {data.totalElements} xe
              </p>
            ) : null}
          </section>
        </div>
      </div>

      <FilterDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        title="Bộ lọc"
        footer={
          <>
            <Button variant="secondary" className="flex-1" onClick={() => setDraft({})}>
              Xóa bộ lọc
            </Button>
            <Button
              className="flex-[2]"
              disabled={draftInvalid !== null}
              onClick={() => {
                apply(draft);
                setDrawerOpen(false);
              }}
            >
              {draftInvalid
                ? 'Khoảng lọc không hợp lệ'
                : draftCount.data
                  ? `Xem ${formatThousands(draftCount.data.totalElements) || '0'} xe`
                  : 'Xem kết quả'}
            </Button>
          </>
        }
      >
        <FilterPanel options={options.data} values={draft} onChange={setDraft} idPrefix="drawer" />
        {draftInvalid ? (
          <p className="mt-2 text-sm text-red-600" role="alert">
            {draftInvalid}
          </p>
        ) : null}
      </FilterDrawer>
    </div>
  );
}
