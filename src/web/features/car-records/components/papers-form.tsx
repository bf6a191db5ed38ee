import {
  type CarHistoryStaff,
  type CarPapersBody,
  carPapersInput,
  FINE_RESULT_LABELS,
  FINE_RESULTS,
  LOAN_STATUS_LABELS,
  LOAN_STATUSES,
  OWNER_TYPE_LABELS,
  OWNER_TYPES,
  PAPERS_LABELS,
} from '@contract/car-records';
import { maxLengths } from '@contract/limits';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Select } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useRecordActions } from '../api';
import { type FieldErrors, issuesByField, serverFieldErrors } from './field-errors';

interface PapersState {
  ownerType: string;
  vatInvoice: string;
  registrationUntil: string;
  liabilityInsuranceUntil: string;
  bodyInsuranceUntil: string;
  loanStatus: string;
  fineCheckedOn: string;
  fineResult: string;
  staffNote: string;
}

const fromView = (v: CarHistoryStaff): PapersState => ({
  ownerType: v.papers.ownerType ?? '',
  vatInvoice: v.papers.vatInvoice === null ? '' : v.papers.vatInvoice ? 'yes' : 'no',
  registrationUntil: v.papers.registrationUntil ?? '',
  liabilityInsuranceUntil: v.papers.liabilityInsuranceUntil ?? '',
  bodyInsuranceUntil: v.papers.bodyInsuranceUntil ?? '',
  loanStatus: v.papers.loanStatus ?? '',
  fineCheckedOn: v.papers.fineCheckedOn ?? '',
  fineResult: v.papers.fineResult ?? '',
  staffNote: v.staffNote,
});

const toBody = (s: PapersState): CarPapersBody => ({
  ...s,
  vatInvoice: s.vatInvoice === '' ? null : s.vatInvoice === 'yes',
});

const LIMITS = maxLengths(carPapersInput);

const DATE_FIELDS = [
  'registrationUntil',
  'liabilityInsuranceUntil',
  'bodyInsuranceUntil',
  'fineCheckedOn',
] as const;

/**
 * The car's papers; owners and the plate's province are edited in the "Thông tin" tab. Its state starts
 * from the saved papers: the parent keys it by them, so a save elsewhere (a service record) keeps what is typed.
 */
export function PapersForm({ carId, view }: { carId: number; view: CarHistoryStaff }) {
  const { savePapers } = useRecordActions(carId);
  const [state, setState] = useState(() => fromView(view));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (k: keyof PapersState) => (value: string) => setState((s) => ({ ...s, [k]: value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = toBody(state);
    const parsed = carPapersInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    savePapers.mutate(body, {
      onSuccess: () => toast.success('Đã lưu giấy tờ xe'),
      onError: (err) => setErrors(serverFieldErrors(err)),
    });
  };

  const select = (
    k: 'ownerType' | 'vatInvoice' | 'loanStatus' | 'fineResult',
    options: [string, string][],
  ) => (
    <FormField label={PAPERS_LABELS[k]} htmlFor={`papers-${k}`} error={errors[k]}>
      <Select id={`papers-${k}`} value={state[k]} onChange={(e) => set(k)(e.target.value)}>
        <option value="">Chưa rõ</option>
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </Select>
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Giấy tờ xe">
      <p className="text-sm text-slate-600">
        {view.previousOwners} đời chủ trước · Biển số {view.licensePlateRegion ?? 'chưa nhập tỉnh/thành'} (sửa
        ở tab "Thông tin").
      </p>
      <FormAlert>
        {savePapers.error && !Object.keys(errors).length ? errorMessage(savePapers.error) : null}
      </FormAlert>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {select(
          'ownerType',
          OWNER_TYPES.map((v) => [v, OWNER_TYPE_LABELS[v]]),
        )}
        {select('vatInvoice', [
          ['yes', 'Có hóa đơn VAT'],
          ['no', 'Không có hóa đơn VAT'],
        ])}
        {select(
          'loanStatus',
          LOAN_STATUSES.map((v) => [v, LOAN_STATUS_LABELS[v]]),
        )}
        {DATE_FIELDS.map((k) => (
          <FormField key={k} label={PAPERS_LABELS[k]} htmlFor={`papers-${k}`} error={errors[k]}>
            <DateInput id={`papers-${k}`} value={state[k]} onChange={set(k)} />
          </FormField>
        ))}
        {select(
          'fineResult',
          FINE_RESULTS.map((v) => [v, FINE_RESULT_LABELS[v]]),
        )}
      </div>
      <FormField
        label={PAPERS_LABELS.staffNote}
        htmlFor="papers-staffNote"
        error={errors.staffNote}
        hint="Chỉ nhân viên thấy; không hiện trên trang xe."
      >
        <CountedTextarea
          id="papers-staffNote"
          rows={3}
          maxLength={LIMITS.staffNote}
          value={state.staffNote}
          onChange={(e) => set('staffNote')(e.target.value)}
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" loading={savePapers.isPending}>
          Lưu giấy tờ
        </Button>
      </div>
    </form>
  );
}
