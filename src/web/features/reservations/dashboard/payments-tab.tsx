import { formatDateTime, formatVnd } from '@contract/format';
import { maxLengths } from '@contract/limits';
import {
  PAYMENT_OUTCOME_LABELS,
  PAYMENT_OUTCOMES,
  type PaymentNotificationView,
  type PaymentOutcome,
  paymentHandledBody,
} from '@contract/reservations';
import { CheckCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/badge';
import { CountedTextarea } from '../../../components/char-count';
import type { Column } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { FormField } from '../../../components/form-field';
import { actionsColumn } from '../../../components/row-actions';
import { errorMessage } from '../../../lib/api-client';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { useMarkHandled, usePayments } from './api';
import { FormDialog } from './form-dialog';
import { ListBody } from './list-body';

const HANDLED_LIMITS = maxLengths(paymentHandledBody);

const OUTCOME_TONES: Record<PaymentOutcome, BadgeTone> = {
  confirmed: 'success',
  short: 'danger',
  late: 'warning',
  duplicate: 'warning',
  unknown: 'neutral',
  outgoing: 'neutral',
  wrongAccount: 'warning',
};

const needsHandling = (p: PaymentNotificationView) => p.outcome !== 'confirmed' && p.handledAt === null;

function HandledDialog({
  payment,
  onClose,
}: {
  payment: PaymentNotificationView | null;
  onClose: () => void;
}) {
  const handled = useMarkHandled();
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (payment) {
      setNote('');
      setError(undefined);
    }
  }, [payment]);
  if (!payment) return null;
  const submit = () => {
    const parsed = paymentHandledBody.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    handled.mutate(
      { id: payment.paymentId, note: parsed.data.note },
      {
        onSuccess: () => {
          toast.success(`Đã đánh dấu giao dịch ${formatVnd(payment.amount)} là đã xử lý`);
          onClose();
        },
        onError: (err) => {
          toast.error(errorMessage(err));
          setError(errorMessage(err));
        },
      },
    );
  };
  return (
    <FormDialog
      open
      testId="payment-handled"
      title="Đánh dấu đã xử lý"
      submitLabel="Đánh dấu đã xử lý"
      loading={handled.isPending}
      onSubmit={submit}
      onClose={onClose}
      description={
        <>
          <p>
            {formatVnd(payment.amount)} · {formatDateTime(payment.transactionDate)} · {payment.outcomeLabel}
          </p>
          <p className="mt-1 break-words">Nội dung: {payment.content || '—'}</p>
        </>
      }
    >
      <FormField label="Ghi chú xử lý" htmlFor={`${id}-note`} error={error} required>
        <CountedTextarea
          id={`${id}-note`}
          rows={3}
          maxLength={HANDLED_LIMITS.note}
          value={note}
          placeholder="Ví dụ: đã gọi khách, hoàn lại 2.000.000 đ chuyển thiếu"
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
        />
      </FormField>
    </FormDialog>
  );
}

/**
 * The bank's transfer notifications: by default those that confirmed nothing and no one has handled
 * (short, late, duplicate, unknown...); "Tất cả" shows every one, the confirmations included.
 */
export function PaymentsTab() {
  const list = useListParams({ table: 'payments', defaultSize: 10 });
  const { params, page, size, choice, update } = list;
  const all = params.get('all') === '1';
  const outcome = choice('outcome', PAYMENT_OUTCOMES);
  const query = usePayments({ page, size, pending: all ? undefined : true, outcome });
  const [handling, setHandling] = useState<PaymentNotificationView | null>(null);

  const columns: Column<PaymentNotificationView>[] = [
    {
      key: 'time',
      header: 'Thời gian',
      mobile: 'title',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <div>
          <p className="font-medium text-slate-900">{formatDateTime(p.transactionDate)}</p>
          <p className="text-xs text-slate-500">
            {p.gateway} · {p.accountNumber}
          </p>
        </div>
      ),
    },
    {
      key: 'amount',
      header: 'Số tiền',
      className: 'whitespace-nowrap',
      cell: (p) => (
        <span
          className={
            p.transferType === 'out'
              ? 'text-slate-500 tabular-nums'
              : 'font-semibold text-slate-900 tabular-nums'
          }
        >
          {p.transferType === 'out' ? '−' : '+'}
          {formatVnd(p.amount)}
        </span>
      ),
    },
    {
      key: 'content',
      header: 'Nội dung',
      cell: (p) => (
        <div className="md:max-w-72 md:min-w-48">
          <p className="break-words text-slate-800">{p.content || '—'}</p>
          {p.referenceCode ? <p className="text-xs text-slate-500">Mã GD: {p.referenceCode}</p> : null}
        </div>
      ),
    },
    {
      key: 'outcome',
      header: 'Kết quả',
      cell: (p) => <Badge tone={OUTCOME_TONES[p.outcome]}>{p.outcomeLabel}</Badge>,
    },
    {
      key: 'reservation',
      header: 'Đặt cọc',
      cell: (p) =>
        p.reservationCode ? (
          <Link
            to={`/dashboard/reservations?search=${p.reservationCode}`}
            className="font-mono font-semibold text-brand-700 hover:underline"
          >
            {p.reservationCode}
          </Link>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    {
      key: 'handled',
      header: 'Xử lý',
      cell: (p) =>
        p.handledAt ? (
          <div className="md:max-w-56">
            <p className="text-xs text-slate-500">{formatDateTime(p.handledAt)}</p>
            <p className="break-words text-slate-700">{p.handledNote}</p>
          </div>
        ) : needsHandling(p) ? (
          <Badge tone="warning">Chưa xử lý</Badge>
        ) : (
          <span className="text-slate-400">—</span>
        ),
    },
    actionsColumn((p) =>
      needsHandling(p) ? (
        <button
          type="button"
          onClick={() => setHandling(p)}
          aria-label={`Đánh dấu đã xử lý giao dịch ${p.providerId}`}
          title="Đánh dấu đã xử lý"
          className="inline-flex h-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-medium whitespace-nowrap text-emerald-700 transition-colors hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CheckCheck className="size-4" aria-hidden="true" />
          <span>Đánh dấu đã xử lý</span>
        </button>
      ) : null,
    ),
  ];

  return (
    <>
      <ListBody
        filters={
          <>
            <FilterSelect
              label="Hiện giao dịch"
              value={all ? '1' : ''}
              onChange={(v) => update({ all: v })}
              className="sm:w-60"
              all="Cần xử lý"
              options={[{ value: '1', label: 'Tất cả giao dịch' }]}
            />
            <FilterSelect
              label="Lọc theo kết quả"
              value={outcome ?? ''}
              onChange={(v) => update({ outcome: v })}
              className="sm:w-72"
              all="Mọi kết quả"
              options={enumOptions(PAYMENT_OUTCOMES, PAYMENT_OUTCOME_LABELS)}
            />
          </>
        }
        query={query}
        list={list}
        pageSizeId="payments-page-size"
        caption="Giao dịch ngân hàng"
        columns={columns}
        rowKey={(p) => p.paymentId}
        empty={
          <EmptyState
            title={all || outcome ? 'Không có giao dịch phù hợp' : 'Không có giao dịch cần xử lý'}
            description={
              all || outcome
                ? 'Ngân hàng chưa báo giao dịch nào khớp bộ lọc.'
                : 'Mọi chuyển khoản ngân hàng báo về đều đã xác nhận cọc hoặc đã được xử lý.'
            }
          />
        }
      />
      <HandledDialog payment={handling} onClose={() => setHandling(null)} />
    </>
  );
}
