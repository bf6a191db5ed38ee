import { maxLengths } from '@contract/limits';
import { officialPriceSchema } from '@contract/registration-fees';
import { foldVietnamese } from '@contract/text';
import type { WebConfiguration } from '@contract/web-config';
import { Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { Button, IconButton } from '../../../components/button';
import { Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { cx } from '../../../lib/cx';

const LIMITS = maxLengths(officialPriceSchema);

const cell = 'space-y-1';
const small = 'block text-xs font-medium text-slate-600 sm:sr-only';

/**
 * The showroom's copy of the official price table (giá tính lệ phí trước bạ): one row per brand, model
 * and version (an empty version covers the model's other versions). A filter narrows long tables; rows
 * filtered out stay in the form and are saved.
 */
export function OfficialPrices({
  control,
  register,
  cc,
}: {
  control: Control<WebConfiguration>;
  register: UseFormRegister<WebConfiguration>;
  cc: FieldErrors<WebConfiguration>['carCalculations'];
}) {
  const rows = useFieldArray({ control, name: 'carCalculations.officialPrices' });
  const values = useWatch({ control, name: 'carCalculations.officialPrices' }) ?? [];
  const [filter, setFilter] = useState('');
  const q = foldVietnamese(filter);
  const shown = (i: number) => {
    if (!q) return true;
    const r = values[i];
    return foldVietnamese(`${r?.brand ?? ''} ${r?.model ?? ''} ${r?.version ?? ''}`).includes(q);
  };
  const errs = cc?.officialPrices;
  const visible = rows.fields.filter((_, i) => shown(i)).length;
  return (
    <div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-72">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Tìm trong bảng giá tính lệ phí trước bạ"
            placeholder="Tìm hãng, dòng xe, phiên bản"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className="pl-9"
          />
        </div>
        <p className="text-xs text-slate-500">
          {q ? `${visible} / ${rows.fields.length} dòng` : `${rows.fields.length} dòng`}
        </p>
      </div>
      {/* A long table scrolls inside its own box, its column names kept on top. */}
      <div
        className="mt-3 max-h-[32rem] overflow-y-auto rounded-lg ring-1 ring-slate-200"
        data-official-table
      >
        <div
          className="sticky top-0 z-10 hidden grid-cols-[1fr_1fr_1fr_12rem_2.75rem] gap-3 border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium text-slate-600 sm:grid"
          aria-hidden="true"
        >
          <span>Hãng</span>
          <span>Dòng xe</span>
          <span>Phiên bản (để trống: mọi phiên bản)</span>
          <span>Giá tính LPTB (VNĐ)</span>
          <span />
        </div>
        <ul className="divide-y divide-slate-100" aria-label="Bảng giá tính lệ phí trước bạ">
          {rows.fields.map((f, i) => {
            const e = errs?.[i];
            const rowError =
              e?.brand?.message ?? e?.model?.message ?? e?.version?.message ?? e?.price?.message;
            return (
              <li key={f.id} className={cx('px-3 py-2', !shown(i) && 'hidden')} data-official-row={i}>
                <div className="grid grid-cols-2 items-end gap-2 sm:grid-cols-[1fr_1fr_1fr_12rem_2.75rem] sm:gap-3">
                  <div className={cell}>
                    <label htmlFor={`cfg-op-brand-${i}`} className={small}>
                      Hãng
                    </label>
                    <Input
                      id={`cfg-op-brand-${i}`}
                      aria-invalid={e?.brand ? true : undefined}
                      maxLength={LIMITS.brand}
                      {...register(`carCalculations.officialPrices.${i}.brand`)}
                    />
                  </div>
                  <div className={cell}>
                    <label htmlFor={`cfg-op-model-${i}`} className={small}>
                      Dòng xe
                    </label>
                    <Input
                      id={`cfg-op-model-${i}`}
                      aria-invalid={e?.model ? true : undefined}
                      maxLength={LIMITS.model}
                      {...register(`carCalculations.officialPrices.${i}.model`)}
                    />
                  </div>
                  <div className={cx(cell, 'col-span-2 sm:col-span-1')}>
                    <label htmlFor={`cfg-op-version-${i}`} className={small}>
                      Phiên bản
                    </label>
                    <Input
                      id={`cfg-op-version-${i}`}
                      aria-invalid={e?.version ? true : undefined}
                      maxLength={LIMITS.version}
                      {...register(`carCalculations.officialPrices.${i}.version`)}
                    />
                  </div>
                  <div className={cell}>
                    <label htmlFor={`cfg-op-price-${i}`} className={small}>
                      Giá tính LPTB (VNĐ)
                    </label>
                    <Controller
                      control={control}
                      name={`carCalculations.officialPrices.${i}.price`}
                      render={({ field }) => (
                        <NumberInput
                          id={`cfg-op-price-${i}`}
                          aria-invalid={e?.price ? true : undefined}
                          value={field.value}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                        />
                      )}
                    />
                  </div>
                  <IconButton
                    label={`Xóa dòng ${i + 1}`}
                    onClick={() => rows.remove(i)}
                    className="self-end justify-self-end text-red-600 hover:bg-red-50"
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </IconButton>
                </div>
                {rowError ? (
                  <p className="mt-1 text-sm text-red-600" role="alert">
                    {rowError.startsWith('Dòng') ? rowError : `Dòng ${i + 1}: ${rowError}`}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      </div>
      {rows.fields.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-500">
          Chưa có dòng nào: mọi xe sẽ được tạm tính lệ phí trước bạ theo giá bán.
        </p>
      ) : null}
      {errs?.message || errs?.root?.message ? (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {errs.message ?? errs.root?.message}
        </p>
      ) : null}
      <Button
        variant="ghost"
        className="mt-2 text-brand-600"
        onClick={() => {
          setFilter('');
          // The price starts empty, not 0, so typing is not appended to a zero.
          rows.append({ brand: '', model: '', version: '', price: null as unknown as number });
        }}
      >
        <Plus className="size-4" aria-hidden="true" />
        Thêm dòng
      </Button>
    </div>
  );
}
