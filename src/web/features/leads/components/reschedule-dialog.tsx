import type { BookingType, LeadView, SlotChoice } from '@contract/leads';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { CloseButton } from '../../../components/close-button';
import { FormAlert, FormField, Textarea } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useModal } from '../../../lib/use-modal';
import { alternativesOf, useReschedule } from '../booking-api';
import { vehicleText } from './calendar-card';
import { SlotAlternatives } from './slot-alternatives';
import { SlotPicker, type SlotValue } from './slot-picker';

/** "09:30 ngày 25/11/2026" */
export function slotLabel(date: string, slot: string | null): string {
  const dmy = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  return slot ? `${slot} ngày ${dmy}` : `ngày ${dmy} (cả ngày)`;
}

/**
 * The keyboard's way to move a booking (and a phone's, where dragging is awkward): a modal with the
 * day, the slots as the server sees them and a note for the history. A refusal (409) keeps the dialog
 * open with the nearest free slots to pick from; a success closes it with a toast.
 */
export function RescheduleDialog({ item, onClose }: { item: LeadView | null; onClose: () => void }) {
  const ref = useModal(item !== null);
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {item ? <Body key={item.leadId} item={item} titleId={titleId} onClose={onClose} /> : null}
    </dialog>
  );
}

function Body({ item, titleId, onClose }: { item: LeadView; titleId: string; onClose: () => void }) {
  const reschedule = useReschedule();
  const noteId = useId();
  const [value, setValue] = useState<SlotValue>({ date: item.preferredDate ?? '', slot: item.timeSlot });
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [offered, setOffered] = useState<SlotChoice[]>([]);
  const type = item.type as BookingType;
  const unchanged = value.date === item.preferredDate && value.slot === item.timeSlot;

  function save() {
    if (!value.date) return setError('Vui lòng chọn ngày');
    if (type === 'TEST_DRIVE' && !value.slot) return setError('Vui lòng chọn khung giờ');
    setError(null);
    reschedule.mutate(
      {
        type,
        id: item.leadId,
        preferredDate: value.date,
        timeSlot: value.slot,
        note: note.trim() || undefined,
      },
      {
        onSuccess: () => {
          toast.success(`Đã đổi lịch của ${item.fullName} sang ${slotLabel(value.date, value.slot)}`);
          onClose();
        },
        onError: (err) => {
          setError(errorMessage(err));
          setOffered(alternativesOf(err));
        },
      },
    );
  }

  return (
    <div className="p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Đổi lịch hẹn
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {item.fullName} · {vehicleText(item)} · hiện tại{' '}
            {slotLabel(item.preferredDate ?? '', item.timeSlot)}
          </p>
        </div>
        <CloseButton label="Đóng" onClick={onClose} iconClassName="size-5" />
      </div>
      <div className="mt-4 space-y-4">
        <SlotPicker
          type={type}
          carId={item.carId}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
            setOffered([]);
          }}
          current={{ date: item.preferredDate ?? '', slot: item.timeSlot }}
          exclude={{ leadId: item.leadId }}
          idPrefix={`rs-${item.leadId}`}
        />
        <FormField label="Ghi chú (lưu vào lịch sử)" htmlFor={noteId}>
          <Textarea
            id={noteId}
            rows={2}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <FormAlert>{error}</FormAlert>
        <SlotAlternatives
          choices={offered}
          onChoose={(c) => {
            setValue({ date: c.date, slot: c.timeSlot });
            setOffered([]);
            setError(null);
          }}
        />
        <p className="text-xs text-slate-500">Khách hàng sẽ nhận email báo lịch mới (nếu đã để lại email).</p>
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={reschedule.isPending}>
          Hủy
        </Button>
        <Button onClick={save} loading={reschedule.isPending} disabled={unchanged}>
          Lưu lịch mới
        </Button>
      </div>
    </div>
  );
}
