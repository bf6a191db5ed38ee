import { type BookingType, bookingWindow, type DaySlots, timeSlots } from '@contract/leads';
import { useEffect, useMemo } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { DateInput } from '../../../components/date-input';
import { FormField } from '../../../components/form-field';
import { useWebConfig } from '../../../lib/web-config';
import { useDaySlots } from '../booking-api';
import { dayHint, describeDay, slotChoices } from './form-helpers';
import { type Choice, ChoiceChips } from './form-parts';

/** The day and time of a visit to the showroom (a test drive, a service). */
export interface VisitValues {
  preferredDate: string;
  timeSlot: string;
}

/** The chip that stands for "no time given" where the time is optional (sent as an empty slot). */
const ANY_TIME = 'ANY';

/**
 * The slots of the chosen day as chips: what the server says of each (taken ones disabled and labelled
 * "Đã đặt", maintenance showing the places left), or, before it has answered (or for a test drive
 * without a car yet), the opening hours' slots. Slots already past are not offered at all.
 */
function dayChoices(
  day: string,
  openingHours: string | undefined,
  live: DaySlots | undefined,
): Choice<string>[] {
  if (live && live.date === day) {
    return live.slots
      .filter((s) => s.state !== 'past')
      .map((s) => ({
        value: s.time,
        label: s.time,
        disabled: s.state === 'taken',
        hint:
          s.state === 'taken'
            ? 'Đã đặt'
            : live.capacity > 1 && s.remaining < live.capacity
              ? `Còn ${s.remaining} chỗ`
              : undefined,
      }));
  }
  const all = slotChoices(timeSlots(openingHours), day);
  return day ? all.filter((c) => !c.disabled) : all;
}

/**
 * The day (from the first day with a free slot to the end of the booking window) and the time slot.
 * A slot that is no longer offered on a newly chosen day (taken, past) is cleared. Where the slot is
 * optional, "Giờ nào cũng được" stands for none.
 */
export function VisitTimeFields<V extends VisitValues>({
  form,
  idPrefix,
  dateLabel,
  slotRequired,
  type,
  carId = null,
}: {
  form: UseFormReturn<V>;
  idPrefix: string;
  dateLabel: string;
  slotRequired: boolean;
  type: BookingType;
  /** The test drive's car: its own bookings decide which slots are taken. */
  carId?: number | null;
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
  const availability = useDaySlots(type, carId, day ?? '');
  const live = availability.data;
  const first = live?.firstAvailableDate ?? range.first;
  const offered = useMemo(
    () => dayChoices(day ?? '', config?.openingHours, live),
    [day, config?.openingHours, live],
  );
  const slots = useMemo(
    () =>
      slotRequired
        ? offered
        : [{ value: ANY_TIME, label: 'Giờ nào cũng được', disabled: false, wide: true }, ...offered],
    [offered, slotRequired],
  );
  const known = live !== undefined && live.date === day;
  const full = Boolean(day) && known && !offered.some((c) => !c.disabled);

  useEffect(() => {
    if (!slot || !day) return;
    const choice = offered.find((s) => s.value === slot);
    if (!choice || choice.disabled) setValue('timeSlot', '');
  }, [slot, day, offered, setValue]);

  const hint = day
    ? dayHint(day)
    : live?.firstAvailableDate && live.firstAvailableDate !== range.first
      ? `Ngày gần nhất còn lịch trống: ${describeDay(live.firstAvailableDate)}`
      : dayHint(day);

  return (
    <>
      <FormField
        label={dateLabel}
        htmlFor={`${idPrefix}-date`}
        required
        error={errors.preferredDate?.message}
        hint={hint}
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
              min={first}
              max={live?.lastDate ?? range.last}
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
      {full ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-800" role="status">
          {offered.length === 0
            ? 'Ngày này không còn khung giờ nào để đặt.'
            : 'Các khung giờ của ngày này đã kín lịch.'}{' '}
          {live?.firstAvailableDate && live.firstAvailableDate !== day ? (
            <button
              type="button"
              className="min-h-11 font-semibold text-brand-700 underline underline-offset-2"
              onClick={() =>
                setValue('preferredDate', live.firstAvailableDate as string, { shouldValidate: true })
              }
            >
              Chọn ngày gần nhất còn trống ({describeDay(live.firstAvailableDate)})
            </button>
          ) : (
            'Vui lòng chọn ngày khác.'
          )}
        </p>
      ) : null}
    </>
  );
}
