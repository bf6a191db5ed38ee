import type { BookingType } from '@contract/leads';
import { DateInput } from '../../../components/date-input';
import { FormField } from '../../../components/form-field';
import { type SlotExclusion, useDaySlots } from '../booking-api';
import { dayHint } from './form-helpers';
import { type Choice, ChoiceChips } from './form-parts';

export interface SlotValue {
  date: string;
  slot: string | null;
}

const ANY_TIME = 'ANY';

/**
 * A day and a slot for moving a booking (the customer's page, the staff's reschedule dialog): the
 * day's slots as the server sees them, taken ones disabled ("Đã đặt"), past ones left out, the
 * booking's own slot marked "Lịch hiện tại". Maintenance may choose "Giờ nào cũng được" (no slot).
 */
export function SlotPicker({
  type,
  carId,
  value,
  onChange,
  current,
  idPrefix,
  error,
  exclude,
}: {
  type: BookingType;
  carId: number | null;
  value: SlotValue;
  onChange: (next: SlotValue) => void;
  /** Where the booking stands now. */
  current?: SlotValue;
  idPrefix: string;
  error?: string;
  /** The booking being moved, so that its own hour does not count against it. */
  exclude?: SlotExclusion;
}) {
  const slots = useDaySlots(type, carId, value.date, exclude);
  const live = slots.data && slots.data.date === value.date ? slots.data : undefined;
  const choices: Choice<string>[] = (live?.slots ?? [])
    .filter((s) => s.state !== 'past')
    .map((s) => {
      const own = current?.date === value.date && current.slot === s.time;
      return {
        value: s.time,
        label: s.time,
        disabled: own || s.state === 'taken',
        current: own,
        hint: own
          ? 'Hiện tại'
          : s.state === 'taken'
            ? 'Đã đặt'
            : live && live.capacity > 1 && s.remaining < live.capacity
              ? `Còn ${s.remaining} chỗ`
              : undefined,
      };
    });
  if (type === 'MAINTENANCE')
    choices.unshift({ value: ANY_TIME, label: 'Giờ nào cũng được', wide: true, disabled: false });
  return (
    <div className="space-y-4">
      <FormField label="Ngày hẹn mới" htmlFor={`${idPrefix}-date`} required hint={dayHint(value.date)}>
        <DateInput
          id={`${idPrefix}-date`}
          value={value.date}
          onChange={(date) => onChange({ date, slot: null })}
          min={slots.data?.firstAvailableDate ?? undefined}
          max={slots.data?.lastDate}
        />
      </FormField>
      {value.date ? (
        live ? (
          <ChoiceChips
            id={`${idPrefix}-slot`}
            legend="Khung giờ mới"
            name={`${idPrefix}-slot`}
            required={type === 'TEST_DRIVE'}
            columns="grid-cols-4 sm:grid-cols-6"
            compact
            choices={choices}
            value={value.slot ?? (type === 'MAINTENANCE' ? ANY_TIME : '')}
            onChange={(v) => onChange({ date: value.date, slot: v === ANY_TIME ? null : v })}
            error={error}
          />
        ) : slots.isError ? (
          <p className="text-sm text-red-600" role="alert">
            Không tải được khung giờ của ngày này, vui lòng chọn ngày khác.
          </p>
        ) : (
          <p className="text-sm text-slate-500">Đang tải khung giờ...</p>
        )
      ) : null}
    </div>
  );
}
