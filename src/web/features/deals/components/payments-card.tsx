import {
  DEAL_PAYMENT_METHOD_LABELS,
  DEAL_PAYMENT_METHODS,
  type DealPaymentKind,
  type DealPaymentMethod,
  PAYMENT_KIND_LABELS,
  PAYMENT_KINDS,
} from '@contract/deal-labels';
import type { DealView } from '@contract/deals';
import { formatDateTime, formatVnd } from '@contract/format';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { errorMessage } from '../../../lib/api-client';
import { useAddPayment } from '../api';
import { BalanceQr } from './balance-qr';
import { Card } from './card';

/** The ledger (never edited: a mistake is put right by a refund line) and the form that adds a line. */
export function PaymentsCard({ deal }: { deal: DealView }) {
  const add = useAddPayment(deal.dealId);
  const [kind, setKind] = useState<DealPaymentKind>('balance');
  const [method, setMethod] = useState<DealPaymentMethod>('transfer');
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = deal.status !== 'transferred';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    add.mutate(
      { kind, method, amount, reference, note: '' },
      {
        onSuccess: () => {
          toast.success(`Đã ghi nhận ${PAYMENT_KIND_LABELS[kind].toLowerCase()} ${formatVnd(amount)}`);
          setAmount(null);
          setReference('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card
      title="Sổ thu chi"
      actions={open ? <BalanceQr dealId={deal.dealId} due={deal.money.balanceDue} /> : null}
    >
      {deal.payments.length ? (
        <ul className="mb-4 divide-y divide-slate-100 text-sm">
          {deal.payments.map((p) => (
            <li key={p.paymentId} className="flex items-start justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {PAYMENT_KIND_LABELS[p.kind]} · {DEAL_PAYMENT_METHOD_LABELS[p.method]}
                </p>
                <p className="text-xs text-slate-600">
                  {formatDateTime(p.recordedAt)}
                  {p.reference ? ` · ${p.reference}` : ''}
                  {p.recordedBy ? ` · ${p.recordedBy.fullName}` : ''}
                </p>
              </div>
              <span
                className={`shrink-0 font-semibold tabular-nums ${p.kind === 'refund' ? 'text-red-700' : 'text-slate-900'}`}
              >
                {p.kind === 'refund' ? '− ' : ''}
                {formatVnd(p.amount)}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-slate-600">Chưa có khoản thu nào.</p>
      )}
      {open ? (
        <form
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1 2xl:grid-cols-2"
          aria-label="Ghi nhận khoản tiền"
        >
          <FormField label="Khoản" htmlFor="pay-kind">
            <Select
              id="pay-kind"
              value={kind}
              onChange={(e) => {
                const k = e.target.value as DealPaymentKind;
                setKind(k);
                if (k === 'loan') setMethod('loan');
                else if (method === 'loan') setMethod('transfer');
              }}
            >
              {PAYMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {PAYMENT_KIND_LABELS[k]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Hình thức" htmlFor="pay-method">
            <Select
              id="pay-method"
              value={method}
              onChange={(e) => setMethod(e.target.value as DealPaymentMethod)}
            >
              {DEAL_PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {DEAL_PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Số tiền" htmlFor="pay-amount" required>
            <NumberInput id="pay-amount" value={amount} onChange={setAmount} suffix="VNĐ" />
          </FormField>
          <FormField label="Mã giao dịch / chứng từ" htmlFor="pay-reference">
            <Input
              id="pay-reference"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              maxLength={100}
            />
          </FormField>
          {error ? (
            <div className="sm:col-span-2 lg:col-span-1 2xl:col-span-2">
              <FormAlert>{error}</FormAlert>
            </div>
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2 sm:col-span-2 lg:col-span-1 2xl:col-span-2">
            {deal.money.balanceDue > 0 ? (
              <button
                type="button"
                className="text-sm text-slate-700 underline"
                onClick={() => setAmount(deal.money.balanceDue)}
              >
                Điền số còn phải thu ({formatVnd(deal.money.balanceDue)})
              </button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={add.isPending}>
              Ghi nhận
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
