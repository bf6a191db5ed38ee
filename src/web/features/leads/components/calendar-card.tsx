import { LEAD_TYPE_LABELS, type LeadView } from '@contract/leads';
import { CalendarClock, GripVertical } from 'lucide-react';
import { cx } from '../../../lib/cx';
import { LeadStatusBadge } from './lead-status';

/** What a booking card carries while dragged (the drop target reads it back). */
export const DRAG_TYPE = 'application/x-showroom-booking';

const TYPE_TONES = {
  TEST_DRIVE: 'border-l-brand-600 bg-brand-50/70',
  MAINTENANCE: 'border-l-amber-500 bg-amber-50/70',
  CONSULTING: 'border-l-slate-400 bg-slate-50',
  PURCHASE: 'border-l-emerald-600 bg-emerald-50/70',
} as const;

/** The car of the booking: the test drive's car, or the customer's own car with its plate. */
export function vehicleText(item: LeadView): string {
  if (item.type === 'TEST_DRIVE') return item.carLabel ?? '';
  const car = [item.make, item.model, item.year].filter(Boolean).join(' ');
  return item.licencePlate ? `${car} · ${item.licencePlate}` : car;
}

/**
 * One booking on the calendar: draggable to another slot or day (a pointer's way), with two buttons for
 * everyone else: the card itself opens the lead, "Đổi lịch" opens the reschedule dialog.
 */
export function CalendarCard({
  item,
  compact,
  movable,
  onOpen,
  onReschedule,
  onDragStart,
  onDragEnd,
}: {
  item: LeadView;
  compact: boolean;
  movable: boolean;
  onOpen: () => void;
  onReschedule: () => void;
  onDragStart: () => void;
  onDragEnd: () => void;
}) {
  const vehicle = vehicleText(item);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's way; the two buttons inside are everyone's
    <div
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ id: item.leadId, type: item.type }));
        e.dataTransfer.setData('text/plain', item.reference);
        e.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      data-testid="calendar-item"
      data-lead-id={item.leadId}
      className={cx(
        'group relative rounded-md border border-l-4 border-slate-200 text-left shadow-xs',
        TYPE_TONES[item.type],
        movable && 'cursor-grab active:cursor-grabbing',
        item.overdue && 'ring-1 ring-red-300',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        className="block w-full min-w-0 rounded-md px-2 py-1.5 pr-8 text-left focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
      >
        <span className="flex items-center gap-1 text-[11px] font-semibold tracking-wide text-slate-600 uppercase">
          {movable ? <GripVertical className="-ml-1 size-3 text-slate-400" aria-hidden="true" /> : null}
          {item.timeSlot ?? 'Cả ngày'}
          <span className={cx(compact && 'sr-only')}> · {LEAD_TYPE_LABELS[item.type]}</span>
        </span>
        <span className="block truncate text-sm font-semibold text-slate-900">{item.fullName}</span>
        {vehicle ? <span className="block truncate text-xs text-slate-700">{vehicle}</span> : null}
        <span className={cx('mt-1 flex flex-wrap items-center gap-1', compact && 'hidden xl:flex')}>
          <LeadStatusBadge status={item.status} />
          <span className="truncate text-xs text-slate-700">
            {item.assignee ? item.assignee.fullName : 'Chưa giao'}
          </span>
        </span>
      </button>
      {movable ? (
        <button
          type="button"
          onClick={onReschedule}
          aria-label={`Đổi lịch hẹn của ${item.fullName} (${item.reference})`}
          title="Đổi lịch"
          className="absolute top-0.5 right-0.5 flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-white hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CalendarClock className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
