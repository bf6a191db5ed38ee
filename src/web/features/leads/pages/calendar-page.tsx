import { vnDayKey } from '@contract/format';
import {
  BOOKING_TYPES,
  type BookingType,
  LEAD_PAGES,
  LEAD_TYPE_LABELS,
  type LeadView,
} from '@contract/leads';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FilterSelect } from '../../../components/filter-select';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { onLeadArrived } from '../../../lib/live-leads';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { calendarKeys, useCalendar, useReschedule } from '../booking-api';
import { CalendarGrid, type MoveRequest } from '../components/calendar-grid';
import { describeDay } from '../components/form-helpers';
import { LeadDrawer } from '../components/lead-drawer';
import { RescheduleDialog, slotLabel } from '../components/reschedule-dialog';

type View = 'day' | 'week';

function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The Monday of the week a day falls in. */
function monday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

const TYPE_OPTIONS = BOOKING_TYPES.map((t) => ({ value: t, label: LEAD_TYPE_LABELS[t] }));

/**
 * /dashboard/calendar (MANAGE_SERVICE): test drives and maintenance visits by day or week, each a card
 * in its slot. Drag a card to another slot or day to move it, or use its "Đổi lịch" button (the
 * keyboard's way); the server's slot rules decide (409 shown as a toast) and the customer is e-mailed.
 * The day, the view and the type filter live in the address.
 */
export default function CalendarPage() {
  useDocumentTitle('Lịch hẹn');
  const [params, setParams] = useSearchParams();
  const today = vnDayKey(new Date());
  const view: View = params.get('view') === 'day' ? 'day' : 'week';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') as string) : today;
  const type = (BOOKING_TYPES as readonly string[]).includes(params.get('type') ?? '')
    ? (params.get('type') as BookingType)
    : '';
  const from = view === 'day' ? date : monday(date);
  const days = useMemo(
    () => Array.from({ length: view === 'day' ? 1 : 7 }, (_, i) => addDays(from, i)),
    [from, view],
  );
  const to = days.at(-1) as string;
  const calendar = useCalendar(from, to);
  const reschedule = useReschedule();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<LeadView | null>(null);
  const [moving, setMoving] = useState<LeadView | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // A lead booked or changed elsewhere (the notification stream) shows at once; past slots grey as time goes.
  useEffect(() => {
    const stop = onLeadArrived(({ path }) => {
      if (path === LEAD_PAGES.TEST_DRIVE || path === LEAD_PAGES.MAINTENANCE)
        void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    });
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [queryClient]);

  const set = (next: Partial<Record<'view' | 'date' | 'type', string>>) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v) out.set(k, v);
          else out.delete(k);
        }
        return out;
      },
      { replace: true },
    );

  function move({ item, date: day, slot }: MoveRequest) {
    if (item.type === 'TEST_DRIVE' && slot === null) {
      toast.error('Lịch lái thử cần một khung giờ cụ thể');
      return;
    }
    reschedule.mutate(
      { type: item.type as BookingType, id: item.leadId, preferredDate: day, timeSlot: slot },
      {
        onSuccess: () => toast.success(`Đã đổi lịch của ${item.fullName} sang ${slotLabel(day, slot)}`),
        onError: (err) => toast.error(errorMessage(err), { duration: 8000 }),
      },
    );
  }

  const items = (calendar.data?.items ?? []).filter((i) => !type || i.type === type);
  const step = view === 'day' ? 1 : 7;
  const title =
    view === 'day'
      ? describeDay(date)
      : `${describeDay(from)?.split(', ')[1]} – ${describeDay(to)?.split(', ')[1]}`;

  return (
    <>
      <PageHeader
        title="Lịch hẹn"
        description="Lái thử và bảo dưỡng theo ngày. Kéo thẻ sang ô khác (hoặc bấm biểu tượng đổi lịch) để dời lịch; khách được báo qua email."
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            onClick={() => set({ date: addDays(date, -step) })}
            aria-label={view === 'day' ? 'Ngày trước' : 'Tuần trước'}
          >
            <ChevronLeft className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="secondary" onClick={() => set({ date: '' })}>
            Hôm nay
          </Button>
          <Button
            variant="secondary"
            onClick={() => set({ date: addDays(date, step) })}
            aria-label={view === 'day' ? 'Ngày sau' : 'Tuần sau'}
          >
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <p className="min-w-48 text-base font-semibold text-slate-900" aria-live="polite">
          {title}
        </p>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <fieldset className="inline-flex rounded-lg bg-slate-100 p-1">
            <legend className="sr-only">Kiểu xem</legend>
            {(['day', 'week'] as View[]).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => set({ view: v === 'week' ? '' : v })}
                className={cx(
                  'min-h-9 rounded-md px-3 text-sm font-medium',
                  view === v ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {v === 'day' ? 'Ngày' : 'Tuần'}
              </button>
            ))}
          </fieldset>
          <FilterSelect
            label="Loại lịch hẹn"
            value={type}
            onChange={(v) => set({ type: v })}
            all="Tất cả lịch hẹn"
            options={TYPE_OPTIONS}
            className="sm:w-52"
          />
        </div>
      </div>
      {calendar.data ? (
        <>
          <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-brand-600" aria-hidden="true" />
              Lái thử: mỗi xe một lịch trong một giờ
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-amber-500" aria-hidden="true" />
              Bảo dưỡng: tối đa {calendar.data.serviceBays} xe mỗi khung giờ
            </span>
            <span>{items.length} lịch hẹn trong khoảng này</span>
          </div>
          <CalendarGrid
            days={days}
            slots={calendar.data.slots}
            items={items}
            today={today}
            now={now}
            onOpen={setOpen}
            onReschedule={setMoving}
            onMove={move}
          />
        </>
      ) : calendar.isError ? (
        <p
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(calendar.error)}
        </p>
      ) : (
        <Skeleton className="h-[32rem] w-full rounded-xl" />
      )}
      <RescheduleDialog item={moving} onClose={() => setMoving(null)} />
      {open ? (
        <LeadDrawer
          type={open.type}
          id={open.leadId}
          onClose={() => {
            setOpen(null);
            void queryClient.invalidateQueries({ queryKey: calendarKeys.all });
          }}
        />
      ) : null}
    </>
  );
}
