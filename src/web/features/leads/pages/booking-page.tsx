import type { BookingView, SlotChoice } from '@contract/leads';
import { CalendarClock, CalendarX2, LinkIcon, MapPin, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert, FormField, Textarea } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';
import { alternativesOf, useBooking, useBookingActions } from '../booking-api';
import { describeDay } from '../components/form-helpers';
import { LeadStatusBadge } from '../components/lead-status';
import { SlotAlternatives } from '../components/slot-alternatives';
import { SlotPicker, type SlotValue } from '../components/slot-picker';

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-slate-50">
      {/* A booking is one person's page (its link is signed): never in a search engine. */}
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-4 sm:px-6 sm:py-8">{children}</div>
    </div>
  );
}

const card = 'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';

function when(view: Pick<BookingView, 'preferredDate' | 'timeSlot'>): string {
  const day = describeDay(view.preferredDate) ?? view.preferredDate;
  return view.timeSlot ? `${view.timeSlot}, ${day}` : `${day} (giờ nào cũng được)`;
}

function Summary({ view }: { view: BookingView }) {
  const rows: [string, React.ReactNode][] = [
    [
      'Mã lịch hẹn',
      <span key="reference" className="font-mono text-brand-700">
        {view.reference}
      </span>,
    ],
    ['Khách hàng', view.fullName],
    [
      view.type === 'TEST_DRIVE' ? 'Xe lái thử' : 'Xe của bạn',
      view.carId ? (
        <Link
          key="car"
          to={`/cars/${view.carId}`}
          className="underline decoration-slate-300 underline-offset-4 hover:text-brand-700"
        >
          {view.vehicle}
        </Link>
      ) : (
        view.vehicle
      ),
    ],
  ];
  if (view.serviceTypeLabel) rows.push(['Dịch vụ', view.serviceTypeLabel]);
  return (
    <section className={card} aria-labelledby="booking-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-brand-700">{view.typeLabel}</p>
        <span aria-live="polite" data-testid="booking-status">
          <LeadStatusBadge status={view.status} />
        </span>
      </div>
      <h1 id="booking-title" className="mt-1 text-xl leading-tight font-bold text-slate-900 sm:text-2xl">
        Lịch hẹn của bạn
      </h1>
      <p
        className="mt-3 flex items-start gap-2 text-lg font-semibold text-slate-900"
        data-testid="booking-when"
      >
        <CalendarClock className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
        {when(view)}
      </p>
      <dl className="mt-4 divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-sm ring-1 ring-slate-200">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{k}</dt>
            <dd className="text-right font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-4 space-y-1.5 text-sm text-slate-700">
        {view.showroom.address ? (
          <p className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span>
              {view.showroom.name}: {view.showroom.address}
            </span>
          </p>
        ) : null}
        {view.showroom.phone ? (
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
            <a
              href={`tel:${view.showroom.phone.replace(/[^\d+]/g, '')}`}
              className="inline-flex min-h-11 items-center font-semibold text-brand-700"
            >
              {view.showroom.phone}
            </a>
          </p>
        ) : null}
      </div>
      {view.notice ? (
        <p
          className="mt-4 rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700"
          role="status"
        >
          {view.notice}
        </p>
      ) : null}
    </section>
  );
}

function Reschedule({ view, onDone }: { view: BookingView; onDone: () => void }) {
  const navigate = useNavigate();
  const { move } = useBookingActions(view.token);
  const [value, setValue] = useState<SlotValue>({ date: '', slot: null });
  const [error, setError] = useState<string | null>(null);
  const [offered, setOffered] = useState<SlotChoice[]>([]);
  const missingSlot = view.type === 'TEST_DRIVE' && !value.slot;

  function submit() {
    if (!value.date) return setError('Vui lòng chọn ngày');
    if (missingSlot) return setError('Vui lòng chọn khung giờ');
    setError(null);
    move.mutate(
      { preferredDate: value.date, timeSlot: value.slot },
      {
        onSuccess: (next) => {
          toast.success(`Đã đổi lịch hẹn sang ${when(next)}. Email xác nhận mới đã được gửi.`);
          navigate(`/lich-hen/${next.token}`, { replace: true });
          onDone();
        },
        onError: (err) => {
          setError(errorMessage(err));
          setOffered(alternativesOf(err));
        },
      },
    );
  }

  return (
    <section className={card} aria-labelledby="reschedule-title">
      <h2 id="reschedule-title" className="text-base font-semibold text-slate-900">
        Chọn thời gian mới
      </h2>
      <div className="mt-4">
        <SlotPicker
          type={view.type}
          carId={view.carId}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
            setOffered([]);
          }}
          current={{ date: view.preferredDate, slot: view.timeSlot }}
          exclude={{ token: view.token }}
          idPrefix="bk"
        />
      </div>
      <div className="mt-4 space-y-3">
        <FormAlert>{error}</FormAlert>
        <SlotAlternatives
          choices={offered}
          onChoose={(c) => {
            setValue({ date: c.date, slot: c.timeSlot });
            setOffered([]);
            setError(null);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDone} disabled={move.isPending}>
            Quay lại
          </Button>
          <Button onClick={submit} loading={move.isPending}>
            Xác nhận đổi lịch
          </Button>
        </div>
      </div>
    </section>
  );
}

function Actions({ view }: { view: BookingView }) {
  const { cancel } = useBookingActions(view.token);
  const [moving, setMoving] = useState(false);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  if (!view.canChange) return null;
  if (moving) return <Reschedule view={view} onDone={() => setMoving(false)} />;
  return (
    <section className={`${card} space-y-3`}>
      <p className="text-sm text-slate-600">
        Không đến được? Bạn có thể đổi sang ngày giờ khác hoặc hủy lịch, không cần gọi điện.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={() => setMoving(true)}>
          <CalendarClock className="size-4" aria-hidden="true" />
          Đổi giờ hẹn
        </Button>
        <Button variant="secondary" onClick={() => setAsking(true)}>
          <CalendarX2 className="size-4" aria-hidden="true" />
          Hủy lịch hẹn
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Hủy lịch hẹn này?"
        message={
          <div className="space-y-3">
            <p>
              Lịch {view.typeLabel.toLowerCase()} {when(view)} sẽ bị hủy và khung giờ được nhường cho khách
              khác.
            </p>
            <FormField label="Lý do (không bắt buộc)" htmlFor={reasonId}>
              <Textarea
                id={reasonId}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </FormField>
          </div>
        }
        confirmLabel="Hủy lịch hẹn"
        cancelLabel="Giữ lịch"
        loading={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          cancel.mutate(reason, {
            onSuccess: () => {
              setAsking(false);
              toast.success('Đã hủy lịch hẹn. Cảm ơn bạn đã báo trước!');
            },
            onError: (err) => {
              setAsking(false);
              toast.error(errorMessage(err));
            },
          })
        }
      />
    </section>
  );
}

/** /lich-hen/:token: the customer's own booking behind the signed link of their e-mail; move or cancel it. */
export default function BookingPage() {
  useDocumentTitle('Lịch hẹn của bạn');
  const { token = '' } = useParams();
  const booking = useBooking(token);
  const { data: config } = useWebConfig();

  if (booking.isPending) {
    return (
      <Frame>
        <Skeleton className="h-72 w-full rounded-2xl" />
        <Skeleton className="h-28 w-full rounded-2xl" />
      </Frame>
    );
  }
  if (booking.isError) {
    const gone =
      booking.error instanceof ApiError && (booking.error.status === 404 || booking.error.status === 410);
    return (
      <Frame>
        <div className={card}>
          <h1 className="sr-only">Lịch hẹn của bạn</h1>
          <EmptyState
            icon={<LinkIcon className="size-6" aria-hidden="true" />}
            title={gone ? 'Liên kết không dùng được' : 'Không tải được lịch hẹn'}
            description={
              <>
                {errorMessage(booking.error)}
                {config?.showroomPhone ? ` Cần hỗ trợ, vui lòng gọi ${config.showroomPhone}.` : ''}
              </>
            }
            action={
              <div className="flex flex-col gap-2 sm:flex-row">
                <Link to="/testdrive" className={buttonClass('primary')}>
                  Đặt lịch lái thử
                </Link>
                <Link to="/maintenance" className={buttonClass('secondary')}>
                  Đặt lịch bảo dưỡng
                </Link>
              </div>
            }
          />
        </div>
      </Frame>
    );
  }
  return (
    <Frame>
      <Summary view={booking.data} />
      <Actions key={booking.data.token} view={booking.data} />
    </Frame>
  );
}
