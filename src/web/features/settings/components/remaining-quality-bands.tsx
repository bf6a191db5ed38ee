import { bandLabel } from '@contract/registration-fees';
import type { WebConfiguration } from '@contract/web-config';
import { Plus, Trash2 } from 'lucide-react';
import { type Control, Controller, type FieldErrors, useFieldArray, useWatch } from 'react-hook-form';
import { Button, IconButton } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { msg, PercentInput } from './settings-fields';

/**
 * The remaining-quality rates of a used car by years of use (Thông tư 13/2022/TT-BTC): bands in rising
 * order of years, then the rate of a car older than the last band.
 */
export function RemainingQualityBands({
  control,
  cc,
}: {
  control: Control<WebConfiguration>;
  cc: FieldErrors<WebConfiguration>['carCalculations'];
}) {
  const bands = useFieldArray({ control, name: 'carCalculations.remainingQualityBands' });
  const values = useWatch({ control, name: 'carCalculations.remainingQualityBands' }) ?? [];
  const clean = values.map((b) => ({ maxAge: Number(b?.maxAge) || 0, rate: Number(b?.rate) || 0 }));
  const arrayError = cc?.remainingQualityBands?.message ?? cc?.remainingQualityBands?.root?.message;
  return (
    <>
      <ul className="space-y-3">
        {bands.fields.map((f, i) => (
          <li
            key={f.id}
            className="grid grid-cols-[1fr_1fr_auto] items-start gap-2 sm:grid-cols-[10rem_10rem_1fr_auto] sm:gap-3"
            data-band={i}
          >
            <Controller
              control={control}
              name={`carCalculations.remainingQualityBands.${i}.maxAge`}
              render={({ field }) => (
                <FormField
                  label="Đến (năm)"
                  htmlFor={`cfg-band-age-${i}`}
                  error={msg(cc?.remainingQualityBands?.[i]?.maxAge)}
                >
                  <NumberInput
                    id={`cfg-band-age-${i}`}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    suffix="năm"
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name={`carCalculations.remainingQualityBands.${i}.rate`}
              render={({ field }) => (
                <FormField
                  label="Tỷ lệ còn lại"
                  htmlFor={`cfg-band-rate-${i}`}
                  error={msg(cc?.remainingQualityBands?.[i]?.rate)}
                >
                  <PercentInput
                    id={`cfg-band-rate-${i}`}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <p className="col-span-3 -mt-1 text-xs text-slate-500 sm:col-span-1 sm:mt-0 sm:pt-10">
              Xe đã dùng {bandLabel(clean, i)}
            </p>
            <IconButton
              label={`Xóa mức ${i + 1}`}
              onClick={() => bands.remove(i)}
              disabled={bands.fields.length <= 1}
              className="col-start-3 row-start-1 mt-[1.625rem] text-red-600 hover:bg-red-50 sm:col-start-auto sm:row-start-auto"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      {arrayError ? (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {arrayError}
        </p>
      ) : null}
      <Button
        variant="ghost"
        className="mt-2 text-brand-600"
        onClick={() => {
          const last = clean[clean.length - 1];
          bands.append({ maxAge: (last?.maxAge ?? 0) + 1, rate: last?.rate ?? 0 });
        }}
        disabled={bands.fields.length >= 12}
      >
        <Plus className="size-4" aria-hidden="true" />
        Thêm mức
      </Button>
      <div className="mt-3 max-w-xs">
        <Controller
          control={control}
          name="carCalculations.remainingQualityBeyond"
          render={({ field }) => (
            <FormField
              label={`Xe đã dùng ${bandLabel(clean, clean.length)}`}
              htmlFor="cfg-band-beyond"
              error={msg(cc?.remainingQualityBeyond)}
            >
              <PercentInput
                id="cfg-band-beyond"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            </FormField>
          )}
        />
      </div>
    </>
  );
}
