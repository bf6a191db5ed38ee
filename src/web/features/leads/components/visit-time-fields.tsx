import { bookingWindow, timeSlots } from '@contract/leads';
import { useEffect, useMemo } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { DateInput } from '../../../components/date-input';
import { FormField } from '../../../components/form-field';
import { useWebConfig } from '../../../lib/web-config';
import { dayHint, slotChoices } from './form-helpers';
import { ChoiceChips } from './form-parts';

/** The day and time of a visit to the showroom (a test drive, a service). */
export interface VisitValues {
  preferredDate: string;
  timeSlot: string;
}

/** The chip that stands for "no time given" where the time is optional (sent as an empty slot). */
const ANY_TIME = 'ANY';

/**
 * The day (within the booking window) and the time slot (the showroom's opening hours, those already
 * past today disabled); a slot that is no longer open on a newly chosen day is cleared. Where the slot
 * is optional, "Giờ nào cũng được" stands for none.
 */
export function VisitTimeFields<V extends VisitValues>({
  form,
  idPrefix,
  dateLabel,
  slotRequired,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  dateLabel: string;
  slotRequired: boolean;
}) {
  const {
    control,
    setValue,
    formState: { errors },
  } = form as unknown as UseFormReturn<VisitValues>;
  const { data: config } = useWebConfig();
  const day = useWatch({ control, name: 'preferredDate' });
  const slot = useWatch({ control, name: 'timeSlot' });
  const range = useMemo(() => bookingWindow(), []);
  const slots = useMemo(() => {
    const open = slotChoices(timeSlots(config?.openingHours), day);
    return slotRequired
      ? open
      : [{ value: ANY_TIME, label: 'Giờ nào cũng được', disabled: false, wide: true }, ...open];
  }, [config?.openingHours, day, slotRequired]);

  useEffect(() => {
    if (slot && slots.some((s) => s.value === slot && s.disabled)) setValue('timeSlot', '');
  }, [slot, slots, setValue]);

  return (
    <>
      <FormField
        label={dateLabel}
        htmlFor={`${idPrefix}-date`}
        required
        error={errors.preferredDate?.message}
        hint={dayHint(day)}
      >
        {/* dd/mm/yyyy whatever the browser's language (a native date field shows mm/dd/yyyy in English). */}
        <Controller
          control={control}
          name="preferredDate"
          render={({ field }) => (
            <DateInput
              id={`${idPrefix}-date`}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              min={range.first}
              max={range.last}
              aria-invalid={errors.preferredDate ? true : undefined}
            />
          )}
        />
      </FormField>
      <Controller
        control={control}
        name="timeSlot"
        render={({ field, fieldState }) => (
          <ChoiceChips
            id={`${idPrefix}-slot`}
            legend={slotRequired ? 'Khung giờ' : 'Khung giờ (không bắt buộc)'}
            name="timeSlot"
            required={slotRequired}
            columns="grid-cols-4 sm:grid-cols-6"
            compact
            choices={slots}
            value={slotRequired ? field.value : field.value || ANY_TIME}
            onChange={(v) => field.onChange(!slotRequired && v === ANY_TIME ? '' : v)}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
    </>
  );
}
