import { LOAN_MOVES, LOAN_STATUS_LABELS, type LoanStatus, loanRefusal } from '@contract/deal-labels';
import type { DealView, LoanView } from '@contract/deals';
import { formatDate, formatVnd } from '@contract/format';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { errorMessage } from '../../../lib/api-client';
import { useWebConfig } from '../../../lib/web-config';
import { useApplyLoan, useDecideLoan } from '../api';
import { Card } from './card';

const TONES = { submitted: 'info', approved: 'success', rejected: 'danger', disbursed: 'success' } as const;
const MOVE_LABELS: Record<LoanStatus, string> = {
  submitted: 'Đã nộp',
  approved: 'Ngân hàng duyệt',
  rejected: 'Ngân hàng từ chối',
  disbursed: 'Đã giải ngân',
};
const pct = (r: number) => `${(Math.round(r * 1000) / 10).toLocaleString('vi-VN')}%`;

function LoanRow({ deal, loan }: { deal: DealView; loan: LoanView }) {
  const decide = useDecideLoan(deal.dealId);
  const [conditions, setConditions] = useState('');
  const moves = LOAN_MOVES[loan.status];
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          {loan.bankName} · {formatVnd(loan.amount)} · {loan.termMonths} tháng
        </p>
        <Badge tone={TONES[loan.status]}>{LOAN_STATUS_LABELS[loan.status]}</Badge>
      </div>
      <p className="text-xs text-slate-600">
        Lãi {pct(loan.interestRate)}/năm · trả tháng đầu {formatVnd(loan.monthlyPayment)} · nộp{' '}
        {formatDate(loan.submittedAt)}
        {loan.conditions ? ` · Điều kiện: ${loan.conditions}` : ''}
      </p>
      {moves.length ? (
        <div className="flex flex-wrap items-end gap-2">
          <FormField
            label="Điều kiện / ghi chú của ngân hàng"
            htmlFor={`loan-cond-${loan.loanId}`}
            className="min-w-48 flex-1"
          >
            <Input
              id={`loan-cond-${loan.loanId}`}
              value={conditions}
              onChange={(e) => setConditions(e.target.value)}
              maxLength={1000}
            />
          </FormField>
          {moves.map((to) => (
            <Button
              key={to}
              variant={to === 'rejected' ? 'secondary' : 'primary'}
              loading={decide.isPending && decide.variables?.status === to}
              onClick={() =>
                decide.mutate(
                  { loanId: loan.loanId, status: to, conditions },
                  {
                    onSuccess: () => toast.success(`Hồ sơ vay ${loan.bankName}: ${LOAN_STATUS_LABELS[to]}`),
                    onError: (err) => toast.error(errorMessage(err)),
                  },
                )
              }
            >
              {MOVE_LABELS[to]}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}

/** Loan applications to the partner banks; the form checks the bank's rules as the server does. */
export function LoansCard({ deal }: { deal: DealView }) {
  const banks = useWebConfig().data?.partnerBanks ?? [];
  const apply = useApplyLoan(deal.dealId);
  const [bankName, setBankName] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [term, setTerm] = useState<number | null>(60);
  const [error, setError] = useState<string | null>(null);
  const bank = banks.find((b) => b.name === bankName);
  const refusal = bank && amount && term ? loanRefusal(bank, deal.price, amount, term) : null;
  const open = ['quote', 'deposit', 'contract_signed', 'paid'].includes(deal.status);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    apply.mutate(
      { bankName, amount, termMonths: term },
      {
        onSuccess: () => toast.success(`Đã lập hồ sơ vay ${bankName}`),
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  return (
    <Card title="Vay ngân hàng">
      {deal.loans.length ? (
        <ul className="mb-3 divide-y divide-slate-100 text-sm">
          {deal.loans.map((l) => (
            <LoanRow key={l.loanId} deal={deal} loan={l} />
          ))}
        </ul>
      ) : (
        <p className="mb-3 text-sm text-slate-600">Chưa có hồ sơ vay.</p>
      )}
      {open ? (
        <form onSubmit={submit} className="grid gap-3 sm:grid-cols-3" aria-label="Lập hồ sơ vay">
          <FormField label="Ngân hàng" htmlFor="loan-bank">
            <Select id="loan-bank" value={bankName} onChange={(e) => setBankName(e.target.value)}>
              <option value="">Chọn ngân hàng</option>
              {banks.map((b) => (
                <option key={b.name} value={b.name}>
                  {b.name}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField label="Số tiền vay" htmlFor="loan-amount">
            <NumberInput id="loan-amount" value={amount} onChange={setAmount} suffix="VNĐ" />
          </FormField>
          <FormField label="Thời hạn (tháng)" htmlFor="loan-term">
            <NumberInput id="loan-term" value={term} onChange={setTerm} />
          </FormField>
          {bank ? (
            <p className="text-xs text-slate-600 sm:col-span-3">
              {bank.name} cho vay tối đa {pct(bank.maxLoanRatio)} giá trị xe (
              {formatVnd(Math.floor(deal.price * bank.maxLoanRatio))}), tối đa {bank.maxTermMonths} tháng, lãi
              tham khảo {pct(bank.interestRate)}/năm. Hồ sơ: {bank.documents || '—'}
            </p>
          ) : null}
          {refusal || error ? (
            <div className="sm:col-span-3">
              <FormAlert>{refusal ?? error}</FormAlert>
            </div>
          ) : null}
          <div className="flex justify-end sm:col-span-3">
            <Button type="submit" loading={apply.isPending} disabled={!bank || Boolean(refusal)}>
              Lập hồ sơ vay
            </Button>
          </div>
        </form>
      ) : null}
    </Card>
  );
}
