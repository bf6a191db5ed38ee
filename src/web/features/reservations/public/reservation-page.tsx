import { formatPrice, formatThousands } from '@contract/format';
import type { ReservationPublicView, ReservationStatus } from '@contract/reservation-labels';
import { FileQuestion, Phone } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormAlert } from '../../../components/form-field';
import { Skeleton } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';
import { useCancelReservation, useReservation } from './api';
import { ClaimPaidBlock } from './claim-paid';
import { PaymentPanel } from './payment-panel';
import { ClosedPanel, PaidPanel } from './reservation-outcome';

const TONES: Record<ReservationStatus, string> = {
  awaiting: 'bg-amber-100 text-amber-900 ring-amber-600/20',
  paid: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  expired: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  refunded: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  sold: 'bg-brand-50 text-brand-700 ring-brand-600/20',
};

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="bg-slate-50">
      {/* A reservation is one person's page: never in a search engine. */}
      <meta name="robots" content="noindex, nofollow" />
      <div className="mx-auto max-w-4xl space-y-4 px-4 py-4 sm:px-6 sm:py-8">{children}</div>
    </div>
  );
}

function Summary({ view }: { view: ReservationPublicView }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-500">
          Mã đặt cọc <strong className="font-semibold text-slate-900 tabular-nums">{view.code}</strong>
        </p>
        <span
          aria-live="polite"
          data-testid="reservation-status"
          data-status={view.status}
          className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ring-1 ring-inset ${TONES[view.status]}`}
        >
          {view.statusLabel}
        </span>
      </div>
      <h1 className="mt-2 text-xl leading-tight font-bold text-slate-900 sm:text-2xl">Đặt cọc giữ xe</h1>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        <div className="min-w-0 sm:col-span-2">
          <dt className="text-xs text-slate-500">Xe</dt>
          <dd>
            <Link
              to={`/cars/${view.carId}`}
              className="font-semibold text-slate-900 underline decoration-slate-300 underline-offset-4 hover:text-brand-700"
            >
              {view.carName}
            </Link>
            <span className="block text-sm text-slate-600">Giá bán {formatPrice(view.carPrice)}</span>
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Tiền cọc</dt>
          <dd className="text-xl font-bold text-brand-600 tabular-nums">{formatThousands(view.amount)} đ</dd>
        </div>
      </dl>
    </section>
  );
}

function CancelBlock({ view }: { view: ReservationPublicView }) {
  const cancel = useCancelReservation(view.code, view.token);
  const [asking, setAsking] = useState(false);
  return (
    <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:flex sm:items-center sm:justify-between sm:gap-4 sm:p-6">
      <p className="text-sm text-slate-600">
        Đổi ý? Bạn có thể hủy trước khi chuyển khoản, xe sẽ được mở bán lại cho khách khác.
      </p>
      <Button
        variant="secondary"
        className="mt-3 min-h-12 w-full shrink-0 sm:mt-0 sm:w-auto"
        onClick={() => {
          cancel.reset();
          setAsking(true);
        }}
      >
        Hủy đặt cọc
      </Button>
      <ConfirmDialog
        open={asking}
        title="Hủy đặt cọc?"
        message={
          <>
            <p>Xe sẽ không còn được giữ cho bạn.</p>
            <p className="mt-1">Nếu bạn đã chuyển khoản, đừng hủy: hãy liên hệ showroom để được hỗ trợ.</p>
            {cancel.isError ? (
              <div className="mt-3">
                <FormAlert>{errorMessage(cancel.error)}</FormAlert>
              </div>
            ) : null}
          </>
        }
        confirmLabel="Hủy đặt cọc"
        cancelLabel="Không, giữ lại"
        loading={cancel.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => cancel.mutate(undefined, { onSuccess: () => setAsking(false) })}
      />
    </div>
  );
}

/** The showroom's deposit policy (settings): what the visitor's money is committed to. */
function DepositPolicy() {
  const { data: config } = useWebConfig();
  const policy = config?.policies?.deposit;
  if (!policy) return null;
  return (
    <section
      className="rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200"
      data-testid="deposit-policy"
    >
      <h2 className="mb-1 font-semibold text-slate-900">Chính sách đặt cọc</h2>
      <p>{policy}</p>
    </section>
  );
}

function Help() {
  const { data: config } = useWebConfig();
  const phone = config?.showroomPhone;
  if (!phone) return null;
  return (
    <p className="text-center text-sm text-slate-600">
      Cần hỗ trợ?{' '}
      <a
        href={`tel:${phone.replace(/\s/g, '')}`}
        className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline underline-offset-4"
      >
        <Phone className="size-4" aria-hidden="true" />
        Gọi {phone}
      </a>
    </p>
  );
}

function NotFound() {
  return (
    <div className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="reservation-not-found">
      <h1 className="sr-only">Đơn đặt cọc</h1>
      <EmptyState
        icon={<FileQuestion className="size-6" aria-hidden="true" />}
        title="Không tìm thấy đơn đặt cọc"
        description="Đường dẫn không đúng hoặc đã thiếu một phần. Hãy mở lại đường dẫn trong email xác nhận đặt cọc, hoặc liên hệ showroom."
        action={
          <Link to="/cars" className={buttonClass('primary', 'min-h-12')}>
            Xem xe đang bán
          </Link>
        }
      />
    </div>
  );
}

function Loading() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-36 w-full rounded-2xl" />
      <Skeleton className="h-20 w-full rounded-2xl" />
      <Skeleton className="h-80 w-full rounded-2xl" />
    </div>
  );
}

/**
 * /reservations/:code?token=: the visitor's own reservation. While it waits for the transfer it shows
 * the QR and the details, and asks the server every few seconds; the bank's confirmation turns it into
 * "Đã đặt cọc" without a reload.
 */
export default function ReservationPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const upper = code.trim().toUpperCase();
  const query = useReservation(upper, token);
  useDocumentTitle(`Đặt cọc ${upper}`);
  const view = query.data;

  const missing =
    !upper ||
    !token ||
    (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400));

  let body: React.ReactNode;
  if (missing) body = <NotFound />;
  else if (view) {
    body = (
      <>
        <Summary view={view} />
        {view.status === 'awaiting' ? (
          <>
            <PaymentPanel view={view} />
            <ClaimPaidBlock view={view} />
            {/* Once they said they paid, cancelling is a call to the showroom (the money may be in). */}
            {view.claimedPaidAt ? null : <CancelBlock view={view} />}
          </>
        ) : view.status === 'paid' ? (
          <PaidPanel view={view} />
        ) : (
          <ClosedPanel view={view} />
        )}
        <DepositPolicy />
        <Help />
      </>
    );
  } else if (query.isError) {
    body = (
      <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200" role="alert">
        <p className="text-red-600">{errorMessage(query.error)}</p>
        <Button className="mt-4 min-h-12" onClick={() => void query.refetch()}>
          Thử lại
        </Button>
      </div>
    );
  } else body = <Loading />;

  return <Frame>{body}</Frame>;
}
