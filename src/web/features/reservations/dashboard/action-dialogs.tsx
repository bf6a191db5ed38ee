import { formatDateTime, formatVnd } from '@contract/format';
import { maxLengths } from '@contract/limits';
import {
  extendBody,
  markPaidBody,
  type ReservationAdminView,
  refundBody,
  staffCancelBody,
} from '@contract/reservations';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CountedTextarea } from '../../../components/char-count';
import { FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { type ReservationAction, useReservationAction } from './api';
import { FormDialog } from './form-dialog';

const PAID_LIMITS = maxLengths(markPaidBody);
const CANCEL_LIMITS = maxLengths(staffCancelBody);
const REFUND_LIMITS = maxLengths(refundBody);

export type ActionKind = ReservationAction['kind'];
export interface ActionTarget {
  kind: ActionKind;
  r: ReservationAdminView;
}

type Fields = { bankReference: string; note: string; hours: string; reason: string; reference: string };
const BLANK: Fields = { bankReference: '', note: '', hours: '', reason: '', reference: '' };
type Errors = Partial<Record<keyof Fields | 'amount', string>>;

const QUICK_HOURS = [2, 24, 48, 72];

/** The first message per field of a failed parse. */
function issues(error: z.ZodError): Errors {
  const out: Errors = {};
  for (const i of error.issues) {
    const key = String(i.path[0] ?? '') as keyof Errors;
    out[key] ??= i.message;
  }
  return out;
}

/** The server's per-field messages of a 400, if any. */
function serverFieldErrors(err: unknown): Errors | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const errors = (err.data as { errors?: Record<string, string> } | undefined)?.errors;
  return errors && Object.keys(errors).length ? (errors as Errors) : null;
}

function deadlineOf(r: ReservationAdminView): string | null {
  return r.status === 'awaiting' ? r.expiresAt : r.holdUntil;
}

/**
 * The four staff actions on a reservation, each a small form: "Xác nhận đã nhận tiền" (bank reference,
 * note), "Gia hạn" (hours), "Hủy" (reason; cancelling a paid hold goes straight on to the refund form)
 * and "Hoàn cọc" (amount, prefilled with the deposit; reason; reference). Toasts the result.
 */
export function ReservationActionDialog({
  target,
  onClose,
  onChain,
}: {
  target: ActionTarget | null;
  onClose: () => void;
  /** Opens the next step (the refund after cancelling a paid hold). */
  onChain: (next: ActionTarget) => void;
}) {
  const action = useReservationAction();
  const ids = useId();
  const [f, setF] = useState<Fields>(BLANK);
  const [amount, setAmount] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!target) return;
    setF({ ...BLANK, hours: String(target.r.status === 'awaiting' ? 2 : 24) });
    setAmount(target.r.paidAmount ?? target.r.amount);
    setErrors({});
  }, [target]);

  if (!target) return null;
  const { kind, r } = target;

  const set = (key: keyof Fields) => (value: string) => {
    setF((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function run(a: ReservationAction, success: (res: ReservationAdminView) => string) {
    action.mutate(a, {
      onSuccess: (res) => {
        toast.success(success(res));
        if (a.kind === 'cancel' && res.paidAt && !res.refundedAt) onChain({ kind: 'refund', r: res });
        else onClose();
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        toast.error(errorMessage(err));
        if (fields) setErrors(fields);
        else onClose(); // the reservation changed meanwhile: the refreshed row shows what it is now
      },
    });
  }

  function submit() {
    if (kind === 'mark-paid') {
      const p = markPaidBody.safeParse({ bankReference: f.bankReference, note: f.note });
      if (!p.success) return setErrors(issues(p.error));
      run({ kind, id: r.reservationId, body: p.data }, (res) =>
        res.holdUntil
          ? `Đã xác nhận nhận tiền cọc ${r.code}; xe được giữ đến ${formatDateTime(res.holdUntil)}`
          : `Đã xác nhận nhận tiền cọc ${r.code}`,
      );
    } else if (kind === 'extend') {
      const p = extendBody.safeParse({ hours: f.hours });
      if (!p.success) return setErrors(issues(p.error));
      run({ kind, id: r.reservationId, body: p.data }, (res) => {
        const until = deadlineOf(res);
        return until ? `Đã gia hạn ${r.code} đến ${formatDateTime(until)}` : `Đã gia hạn ${r.code}`;
      });
    } else if (kind === 'cancel') {
      const p = staffCancelBody.safeParse({ reason: f.reason });
      if (!p.success) return setErrors(issues(p.error));
      run({ kind, id: r.reservationId, body: p.data }, (res) =>
        res.paidAt && !res.refundedAt
          ? `Đã hủy đặt cọc ${r.code}. Hãy ghi nhận hoàn cọc cho khách.`
          : `Đã hủy đặt cọc ${r.code}`,
      );
    } else {
      const p = refundBody.safeParse({ amount: amount ?? '', reason: f.reason, reference: f.reference });
      if (!p.success) return setErrors(issues(p.error));
      run(
        { kind, id: r.reservationId, body: p.data },
        () => `Đã ghi nhận hoàn ${formatVnd(p.data.amount)} cho ${r.code}`,
      );
    }
  }

  const who = (
    <p>
      <span className="font-mono font-semibold text-slate-800">{r.code}</span> · {r.carName} ·{' '}
      {r.customerName} ({r.phone}) · cọc {formatVnd(r.amount)}
    </p>
  );
  const deadline = deadlineOf(r);
  const common = {
    open: true,
    loading: action.isPending,
    onSubmit: submit,
    onClose,
    testId: `reservation-${kind}`,
  };

  if (kind === 'mark-paid')
    return (
      <FormDialog
        {...common}
        title="Xác nhận đã nhận tiền cọc"
        submitLabel="Xác nhận đã nhận tiền"
        description={
          <>
            {who}
            <p className="mt-1">
              Chỉ xác nhận khi tiền đã vào tài khoản. Khách nhận email xác nhận, xe được giữ theo số ngày
              trong cấu hình.
            </p>
          </>
        }
      >
        <FormField
          label="Mã giao dịch ngân hàng"
          htmlFor={`${ids}-ref`}
          error={errors.bankReference}
          required
          hint="Mã trên sao kê hoặc thông báo biến động số dư"
        >
          <Input
            id={`${ids}-ref`}
            value={f.bankReference}
            maxLength={PAID_LIMITS.bankReference}
            autoComplete="off"
            onChange={(e) => set('bankReference')(e.target.value)}
          />
        </FormField>
        <FormField label="Ghi chú" htmlFor={`${ids}-note`} error={errors.note}>
          <CountedTextarea
            id={`${ids}-note`}
            rows={2}
            value={f.note}
            maxLength={PAID_LIMITS.note}
            onChange={(e) => set('note')(e.target.value)}
          />
        </FormField>
      </FormDialog>
    );

  if (kind === 'extend')
    return (
      <FormDialog
        {...common}
        title={r.status === 'awaiting' ? 'Gia hạn thanh toán' : 'Gia hạn giữ xe'}
        submitLabel="Gia hạn"
        description={
          <>
            {who}
            {deadline ? (
              <p className="mt-1">
                {r.status === 'awaiting' ? 'Hạn thanh toán' : 'Giữ xe đến'} hiện tại:{' '}
                {formatDateTime(deadline)}
              </p>
            ) : null}
          </>
        }
      >
        <FormField
          label="Gia hạn thêm (giờ)"
          htmlFor={`${ids}-hours`}
          error={errors.hours}
          required
          hint="Từ 1 đến 720 giờ (30 ngày)"
        >
          <Input
            id={`${ids}-hours`}
            type="number"
            inputMode="numeric"
            min={1}
            max={720}
            className="max-w-40"
            value={f.hours}
            onChange={(e) => set('hours')(e.target.value)}
          />
        </FormField>
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Chọn nhanh</legend>
          {QUICK_HOURS.map((h) => (
            <button
              key={h}
              type="button"
              onClick={() => set('hours')(String(h))}
              aria-pressed={f.hours === String(h)}
              className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm text-slate-700 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
            >
              {h % 24 === 0 ? `${h / 24} ngày` : `${h} giờ`}
            </button>
          ))}
        </fieldset>
      </FormDialog>
    );

  if (kind === 'cancel')
    return (
      <FormDialog
        {...common}
        tone="danger"
        title="Hủy đặt cọc này?"
        submitLabel="Hủy đặt cọc"
        cancelLabel="Quay lại"
        description={
          <>
            {who}
            <p className="mt-1">
              {r.paidAt
                ? 'Khách đã chuyển cọc: sau khi hủy, hãy ghi nhận hoàn cọc. Xe trở lại trạng thái Đang bán.'
                : 'Khách chưa chuyển tiền. Xe trở lại trạng thái Đang bán và khách nhận email thông báo.'}
            </p>
          </>
        }
      >
        <FormField label="Lý do hủy" htmlFor={`${ids}-reason`} error={errors.reason} required>
          <CountedTextarea
            id={`${ids}-reason`}
            rows={3}
            value={f.reason}
            maxLength={CANCEL_LIMITS.reason}
            placeholder="Ví dụ: khách đổi ý, xe cần kiểm tra lại"
            onChange={(e) => set('reason')(e.target.value)}
          />
        </FormField>
      </FormDialog>
    );

  return (
    <FormDialog
      {...common}
      title="Ghi nhận hoàn cọc"
      submitLabel="Hoàn cọc"
      cancelLabel={r.status === 'cancelled' ? 'Để sau' : 'Đóng'}
      description={
        <>
          {who}
          <p className="mt-1">
            Chuyển tiền cho khách trước, rồi ghi nhận tại đây. Khách nhận email xác nhận hoàn cọc.
          </p>
        </>
      }
    >
      <FormField label="Số tiền hoàn" htmlFor={`${ids}-amount`} error={errors.amount} required>
        <NumberInput
          id={`${ids}-amount`}
          value={amount}
          suffix="VNĐ"
          onChange={(v) => {
            setAmount(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
        />
      </FormField>
      <FormField label="Lý do hoàn cọc" htmlFor={`${ids}-reason`} error={errors.reason} required>
        <CountedTextarea
          id={`${ids}-reason`}
          rows={2}
          value={f.reason}
          maxLength={REFUND_LIMITS.reason}
          onChange={(e) => set('reason')(e.target.value)}
        />
      </FormField>
      <FormField
        label="Mã giao dịch hoàn"
        htmlFor={`${ids}-refref`}
        error={errors.reference}
        hint="Không bắt buộc"
      >
        <Input
          id={`${ids}-refref`}
          value={f.reference}
          maxLength={REFUND_LIMITS.reference}
          autoComplete="off"
          onChange={(e) => set('reference')(e.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
