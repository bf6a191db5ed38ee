import { appointmentMoment, type LeadView, OPEN_LEAD_STATUSES } from '@contract/leads';
import { useState } from 'react';
import { cx } from '../../../lib/cx';
import { CalendarCard, DRAG_TYPE } from './calendar-card';
import { describeDay } from './form-helpers';

/** Where a booking is dropped: a day and a slot (null: the "Cả ngày" row of maintenance at any time). */
export interface DropTarget {
  date: string;
  slot: string | null;
}

export interface MoveRequest extends DropTarget {
  item: LeadView;
}

const ANY = 'any';
const cellKey = (date: string, slot: string | null) => `${date} ${slot ?? ANY}`;

/** "Thứ Hai" and "23/11" for a column head. */
function dayHead(date: string): [string, string] {
  const [weekday, dmy] = (describeDay(date) ?? date).split(', ');
  return [weekday, dmy?.slice(0, 5) ?? ''];
}

/**
 * The calendar grid: a column per day, a row per slot of the opening hours and a first row for
 * maintenance visits at any time of the day. Bookings are cards in their cell; an open booking can be
 * dragged onto another cell (a slot still ahead), which asks the page to move it.
 */
export function CalendarGrid({
  days,
  slots,
  items,
  today,
  now,
  onOpen,
  onReschedule,
  onMove,
}: {
  days: string[];
  slots: string[];
  items: LeadView[];
  today: string;
  now: number;
  onOpen: (item: LeadView) => void;
  onReschedule: (item: LeadView) => void;
  onMove: (move: MoveRequest) => void;
}) {
  const [dragging, setDragging] = useState<LeadView | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const byCell = new Map<string, LeadView[]>();
  for (const item of items) {
    if (!item.preferredDate) continue;
    const key = cellKey(item.preferredDate, item.timeSlot);
    byCell.set(key, [...(byCell.get(key) ?? []), item]);
  }
  const compact = days.length > 1;
  const rows: (string | null)[] = [null, ...slots];
  const isPast = (date: string, slot: string | null) =>
    date < today || (slot !== null && appointmentMoment(date, slot).getTime() <= now);
  const accepts = (item: LeadView | null, date: string, slot: string | null) =>
    !!item && !isPast(date, slot) && !(item.type === 'TEST_DRIVE' && slot === null);

  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full min-w-[720px] table-fixed border-collapse text-sm">
        <caption className="sr-only">Lịch hẹn lái thử và bảo dưỡng theo ngày và khung giờ</caption>
        <colgroup>
          <col className="w-16" />
          {days.map((d) => (
            <col key={d} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 bg-white">
          <tr>
            <th
              scope="col"
              className="border-b border-slate-200 px-2 py-2 text-left text-xs font-medium text-slate-500"
            >
              Giờ
            </th>
            {days.map((d) => {
              const [weekday, dmy] = dayHead(d);
              const count = items.filter((i) => i.preferredDate === d).length;
              return (
                <th
                  key={d}
                  scope="col"
                  className={cx(
                    'border-b border-l border-slate-200 px-2 py-2 text-left font-semibold',
                    d === today ? 'bg-brand-50 text-brand-800' : 'text-slate-800',
                  )}
                >
                  <span
                    className={cx(
                      'block text-xs font-medium',
                      d === today ? 'text-brand-800' : 'text-slate-600',
                    )}
                  >
                    {weekday}
                    {d === today ? ' · Hôm nay' : ''}
                  </span>
                  <span className="tabular-nums">{dmy}</span>
                  <span
                    className={cx(
                      'ml-1.5 text-xs font-normal',
                      d === today ? 'text-brand-800' : 'text-slate-600',
                    )}
                  >
                    {count ? `${count} lịch` : ''}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((slot) => (
            <tr key={slot ?? ANY} className="align-top">
              <th
                scope="row"
                className="border-b border-slate-100 px-2 py-2 text-left text-xs font-medium whitespace-nowrap text-slate-500 tabular-nums"
              >
                {slot ?? 'Cả ngày'}
              </th>
              {days.map((date) => {
                const key = cellKey(date, slot);
                const here = byCell.get(key) ?? [];
                const past = isPast(date, slot);
                const target = dragging && accepts(dragging, date, slot);
                return (
                  <td
                    key={key}
                    data-cell={key}
                    onDragOver={(e) => {
                      if (!target) return;
                      e.preventDefault();
                      e.dataTransfer.dropEffect = 'move';
                      if (over !== key) setOver(key);
                    }}
                    onDragLeave={() => setOver((o) => (o === key ? null : o))}
                    onDrop={(e) => {
                      e.preventDefault();
                      setOver(null);
                      const item = dragging;
                      setDragging(null);
                      if (!item || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
                      if (item.preferredDate === date && (item.timeSlot ?? null) === slot) return;
                      onMove({ item, date, slot });
                    }}
                    className={cx(
                      'h-12 border-b border-l border-slate-100 p-1',
                      past && 'bg-slate-50/80',
                      slot === null && 'bg-slate-50/40',
                      target && 'bg-brand-50/40',
                      over === key && 'bg-brand-100 ring-2 ring-brand-400 ring-inset',
                    )}
                  >
                    <div className="space-y-1">
                      {here.map((item) => (
                        <CalendarCard
                          key={item.leadId}
                          item={item}
                          compact={compact}
                          movable={OPEN_LEAD_STATUSES.includes(item.status)}
                          onOpen={() => onOpen(item)}
                          onReschedule={() => onReschedule(item)}
                          onDragStart={() => setDragging(item)}
                          onDragEnd={() => {
                            setDragging(null);
                            setOver(null);
                          }}
                        />
                      ))}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
