import type { CarFilters } from '@contract/cars';
import { formatPrice } from '@contract/format';
import { PRICE_RATING_FILTER_LABELS, PRICE_RATING_FILTERS } from '@contract/price-rating';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { SearchBox } from '../../../components/search-box';
import { cx } from '../../../lib/cx';
import {
  type CarFilterValues,
  type FilterKey,
  FLAG_FILTERS,
  FLAG_LABELS,
  type NumberFilter,
  type TextFilter,
} from '../filters';

/** Price bands a buyer thinks in (VND); each sets minPrice / maxPrice. */
export const PRICE_BANDS: { label: string; min?: number; max?: number }[] = [
  { label: 'Dưới 300 triệu', max: 300_000_000 },
  { label: '300 - 500 triệu', min: 300_000_000, max: 500_000_000 },
  { label: '500 - 800 triệu', min: 500_000_000, max: 800_000_000 },
  { label: '800 triệu - 1,2 tỷ', min: 800_000_000, max: 1_200_000_000 },
  { label: 'Trên 1,2 tỷ', min: 1_200_000_000 },
];

function Group({ title, children, htmlFor }: { title: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="border-b border-slate-100 py-4 first:pt-0 last:border-b-0">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="mb-2 block text-sm font-semibold text-slate-800">
          {title}
        </label>
      ) : (
        <p className="mb-2 text-sm font-semibold text-slate-800">{title}</p>
      )}
      {children}
    </div>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      className={cx(
        'inline-flex min-h-11 items-center rounded-full border px-3.5 text-sm font-medium transition-colors lg:min-h-9 lg:px-3',
        active
          ? 'border-brand-600 bg-brand-50 text-brand-700'
          : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

/**
 * Two number inputs (dot separated) that commit together: on blur, on Enter, or 800 ms after typing
 * stops, so the URL and the list do not change on every key.
 */
function RangeInputs({
  idPrefix,
  min,
  max,
  suffix,
  onCommit,
  labels,
}: {
  idPrefix: string;
  min: number | undefined;
  max: number | undefined;
  suffix: string;
  onCommit: (min: number | undefined, max: number | undefined) => void;
  labels: [string, string];
}) {
  const [draft, setDraft] = useState<{ min: number | null; max: number | null }>({
    min: min ?? null,
    max: max ?? null,
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ draft, onCommit, min, max });
  latest.current = { draft, onCommit, min, max };

  // The address changed the range: show it. Unchanged (the first run, after hydrating): keep the same
  // object, so the inputs do not render again for nothing.
  useEffect(
    () =>
      setDraft((d) =>
        d.min === (min ?? null) && d.max === (max ?? null) ? d : { min: min ?? null, max: max ?? null },
      ),
    [min, max],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = () => {
    clearTimeout(timer.current);
    const l = latest.current;
    const nextMin = l.draft.min ?? undefined;
    const nextMax = l.draft.max ?? undefined;
    if (nextMin !== l.min || nextMax !== l.max) l.onCommit(nextMin, nextMax);
  };
  const change = (next: { min: number | null; max: number | null }) => {
    setDraft(next);
    latest.current.draft = next;
    clearTimeout(timer.current);
    timer.current = setTimeout(commit, 800);
  };
  const keyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    }
  };
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={`${idPrefix}-min`} className="mb-1 block text-xs text-slate-500">
          {labels[0]}
        </label>
        <NumberInput
          id={`${idPrefix}-min`}
          value={draft.min}
          onChange={(v) => change({ ...draft, min: v })}
          onBlur={commit}
          onKeyDown={keyDown}
          placeholder="Từ"
          suffix={suffix}
        />
      </div>
      <div>
        <label htmlFor={`${idPrefix}-max`} className="mb-1 block text-xs text-slate-500">
          {labels[1]}
        </label>
        <NumberInput
          id={`${idPrefix}-max`}
          value={draft.max}
          onChange={(v) => change({ ...draft, max: v })}
          onBlur={commit}
          onKeyDown={keyDown}
          placeholder="Đến"
          suffix={suffix}
        />
      </div>
    </div>
  );
}

/**
 * Every filter of GET /api/cars, with the values GET /api/cars/filters offers (and their counts).
 * `onChange` receives the whole next set of values.
 */
export function FilterPanel({
  options,
  values,
  onChange,
  idPrefix = 'f',
}: {
  options: CarFilters | undefined;
  values: CarFilterValues;
  onChange: (next: CarFilterValues) => void;
  idPrefix?: string;
}) {
  const uid = useId();
  const id = (name: string) => `${idPrefix}-${uid}-${name}`;
  const set = (patch: Partial<CarFilterValues>) => {
    const next: CarFilterValues = { ...values, ...patch };
    for (const k of Object.keys(next) as FilterKey[])
      if (next[k] === undefined || next[k] === '') delete next[k];
    onChange(next);
  };
  const toggle = <K extends TextFilter | NumberFilter>(key: K, value: CarFilterValues[K]) =>
    set({ [key]: values[key] === value ? undefined : value } as Partial<CarFilterValues>);

  const bandActive = (b: (typeof PRICE_BANDS)[number]) =>
    values.minPrice === b.min && values.maxPrice === b.max;

  return (
    <div>
      <Group title="Tìm theo tên xe">
        <SearchBox
          value={values.carName ?? ''}
          onChange={(v) => set({ carName: v || undefined })}
          placeholder="Ví dụ: Vios, CX-5, bán tải"
          label="Tên xe, hãng hoặc dòng xe"
        />
      </Group>

      <Group title="Độ tin cậy">
        <div className="flex flex-wrap gap-2">
          {FLAG_FILTERS.map((k) => (
            <Chip
              key={k}
              active={values[k] === true}
              onClick={() => set({ [k]: values[k] ? undefined : true })}
            >
              {FLAG_LABELS[k]}
            </Chip>
          ))}
        </div>
      </Group>

      <Group title="Hãng xe" htmlFor={id('brand')}>
        <Select
          id={id('brand')}
          value={values.brand ?? ''}
          onChange={(e) => set({ brand: e.target.value || undefined })}
        >
          <option value="">Tất cả hãng</option>
          {options?.brands.map((b) => (
            <option key={b.value} value={b.value}>
              {b.label} ({b.count})
            </option>
          ))}
          {values.brand && options && !options.brands.some((b) => b.value === values.brand) ? (
            <option value={values.brand}>{values.brand}</option>
          ) : null}
        </Select>
      </Group>

      <Group title="Kiểu dáng">
        <div className="flex flex-wrap gap-2">
          {options?.bodyTypes.map((b) => (
            <Chip
              key={b.value}
              active={values.bodyType === b.value}
              onClick={() => toggle('bodyType', b.value)}
            >
              {b.label}
            </Chip>
          ))}
        </div>
      </Group>

      <Group title="Khoảng giá">
        <div className="mb-3 flex flex-wrap gap-2">
          {PRICE_BANDS.map((b) => (
            <Chip
              key={b.label}
              active={bandActive(b)}
              onClick={() =>
                bandActive(b)
                  ? set({ minPrice: undefined, maxPrice: undefined })
                  : set({ minPrice: b.min, maxPrice: b.max })
              }
            >
              {b.label}
            </Chip>
          ))}
        </div>
        <RangeInputs
          idPrefix={id('price')}
          min={values.minPrice}
          max={values.maxPrice}
          suffix="đ"
          labels={['Giá tối thiểu', 'Giá tối đa']}
          onCommit={(min, max) => set({ minPrice: min, maxPrice: max })}
        />
        {options ? (
          <p className="mt-2 text-xs text-slate-500">
            Hiện có xe từ {formatPrice(options.price.min)} đến {formatPrice(options.price.max)}
          </p>
        ) : null}
      </Group>

      <Group title="Số km đã đi">
        <RangeInputs
          idPrefix={id('odo')}
          min={values.minOdo}
          max={values.maxOdo}
          suffix="km"
          labels={['Số km tối thiểu', 'Số km tối đa']}
          onCommit={(min, max) => set({ minOdo: min, maxOdo: max })}
        />
      </Group>

      <Group title="Năm sản xuất" htmlFor={id('year')}>
        <Select
          id={id('year')}
          value={values.year ?? ''}
          onChange={(e) => set({ year: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Tất cả các năm</option>
          {options?.years.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </Select>
      </Group>

      <Group title="Số chỗ ngồi">
        <div className="flex flex-wrap gap-2">
          {options?.sizes.map((s) => (
            <Chip key={s} active={values.size === s} onClick={() => toggle('size', s)}>
              {s} chỗ
            </Chip>
          ))}
        </div>
      </Group>

      <Group title="Màu ngoại thất" htmlFor={id('ext')}>
        <Select
          id={id('ext')}
          value={values.exteriorColor ?? ''}
          onChange={(e) => set({ exteriorColor: e.target.value || undefined })}
        >
          <option value="">Tất cả màu</option>
          {options?.exteriorColors.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label} ({c.count})
            </option>
          ))}
        </Select>
      </Group>

      <Group title="Màu nội thất" htmlFor={id('int')}>
        <Select
          id={id('int')}
          value={values.interiorColor ?? ''}
          onChange={(e) => set({ interiorColor: e.target.value || undefined })}
        >
          <option value="">Tất cả màu</option>
          {options?.interiorColors.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label} ({c.count})
            </option>
          ))}
        </Select>
      </Group>

      <Group title="Nhiên liệu">
        <div className="flex flex-wrap gap-2">
          {options?.fuels.map((f) => (
            <Chip key={f.value} active={values.fuel === f.value} onClick={() => toggle('fuel', f.value)}>
              {f.label}
            </Chip>
          ))}
        </div>
      </Group>

      <Group title="Giá so với thị trường">
        <div className="flex flex-wrap gap-2">
          {PRICE_RATING_FILTERS.map((r) => (
            <Chip key={r} active={values.priceRating === r} onClick={() => toggle('priceRating', r)}>
              {PRICE_RATING_FILTER_LABELS[r]}
            </Chip>
          ))}
        </div>
      </Group>

      <Group title="Hộp số">
        <div className="flex flex-wrap gap-2">
          {options?.transmissions.map((t) => (
            <Chip
              key={t.value}
              active={values.transmission === t.value}
              onClick={() => toggle('transmission', t.value)}
            >
              {t.label}
            </Chip>
          ))}
        </div>
      </Group>
    </div>
  );
}
