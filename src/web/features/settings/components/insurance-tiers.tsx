import type { WebConfiguration } from '@contract/web-config';
import { Plus, Trash2 } from 'lucide-react';
import { type Control, Controller, type FieldErrors, useFieldArray } from 'react-hook-form';
import { Button, IconButton } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { msg } from './settings-fields';

/** The compulsory insurance fee by number of seats: up to ten tiers, at least one. */
export function InsuranceTiers({
  control,
  cc,
}: {
  control: Control<WebConfiguration>;
  cc: FieldErrors<WebConfiguration>['carCalculations'];
}) {
  const insurance = useFieldArray({ control, name: 'carCalculations.insuranceBySeats' });
  return (
    <>
      <ul className="space-y-3">
        {insurance.fields.map((f, i) => (
          <li
            key={f.id}
            className="grid grid-cols-[5.5rem_1fr_auto] items-end gap-2 sm:grid-cols-[10rem_16rem_auto] sm:gap-3"
          >
            <Controller
              control={control}
              name={`carCalculations.insuranceBySeats.${i}.maxSeats`}
              render={({ field }) => (
                <FormField
                  label="Số chỗ"
                  htmlFor={`cfg-seats-${i}`}
                  error={msg(cc?.insuranceBySeats?.[i]?.maxSeats) ? 'Số chỗ từ 1 đến 60' : undefined}
                >
                  <NumberInput
                    id={`cfg-seats-${i}`}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <Controller
              control={control}
              name={`carCalculations.insuranceBySeats.${i}.fee`}
              render={({ field }) => (
                <FormField
                  label="Phí bảo hiểm chưa VAT (VNĐ)"
                  htmlFor={`cfg-fee-${i}`}
                  error={msg(cc?.insuranceBySeats?.[i]?.fee)}
                >
                  <NumberInput
                    id={`cfg-fee-${i}`}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <IconButton
              label={`Xóa mức bảo hiểm ${i + 1}`}
              onClick={() => insurance.remove(i)}
              disabled={insurance.fields.length <= 1}
              className="text-red-600 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </IconButton>
          </li>
        ))}
      </ul>
      {cc?.insuranceBySeats?.message || cc?.insuranceBySeats?.root?.message ? (
        <p className="mt-2 text-sm text-red-600" role="alert">
          {cc.insuranceBySeats.message ?? cc.insuranceBySeats.root?.message}
        </p>
      ) : null}
      <Button
        variant="ghost"
        className="mt-2 text-brand-600"
        onClick={() => insurance.append({ maxSeats: 0, fee: 0 })}
        disabled={insurance.fields.length >= 10}
      >
        <Plus className="size-4" aria-hidden="true" />
        Thêm mức bảo hiểm
      </Button>
    </>
  );
}
