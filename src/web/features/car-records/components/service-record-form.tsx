import {
  SERVICE_RECORD_LABELS,
  type ServiceRecord,
  type ServiceRecordBody,
  serviceRecordInput,
} from '@contract/car-records';
import { vnDayKey } from '@contract/format';
import { maxLengths } from '@contract/limits';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { errorMessage } from '../../../lib/api-client';
import { type FieldErrors, issuesByField, serverFieldErrors } from './field-errors';

const LIMITS = maxLengths(serviceRecordInput);

interface Props {
  /** The record edited, or null to add one. */
  record: ServiceRecord | null;
  saving: boolean;
  onSave: (body: ServiceRecordBody, done: { onError: (err: unknown) => void; onSuccess: () => void }) => void;
  onCancel?: () => void;
}

/** One service record: date, km, work, place. The odometer's refusal shows under the km field. */
export function ServiceRecordForm({ record, saving, onSave, onCancel }: Props) {
  const [servicedOn, setServicedOn] = useState(record?.servicedOn ?? '');
  const [km, setKm] = useState<number | null>(record?.km ?? null);
  const [work, setWork] = useState(record?.work ?? '');
  const [place, setPlace] = useState(record?.place ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const prefix = record ? `record-${record.id}` : 'record-new';

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: ServiceRecordBody = { servicedOn, km: km ?? '', work, place };
    const parsed = serviceRecordInput.safeParse(body);
    if (!parsed.success) return setErrors(issuesByField(parsed.error));
    setErrors({});
    setFailure(null);
    onSave(body, {
      onSuccess: () => {
        if (record) return;
        setServicedOn('');
        setKm(null);
        setWork('');
        setPlace('');
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        setErrors(fields);
        if (!Object.keys(fields).length) setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={record ? 'Sửa bản ghi bảo dưỡng' : 'Thêm bản ghi bảo dưỡng'}
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label={SERVICE_RECORD_LABELS.servicedOn}
          htmlFor={`${prefix}-date`}
          error={errors.servicedOn}
          required
        >
          <DateInput
            id={`${prefix}-date`}
            value={servicedOn}
            onChange={setServicedOn}
            max={vnDayKey(new Date())}
          />
        </FormField>
        <FormField label={SERVICE_RECORD_LABELS.km} htmlFor={`${prefix}-km`} error={errors.km} required>
          <NumberInput id={`${prefix}-km`} value={km} onChange={setKm} suffix="km" />
        </FormField>
        <FormField label={SERVICE_RECORD_LABELS.work} htmlFor={`${prefix}-work`} error={errors.work} required>
          <Input
            id={`${prefix}-work`}
            value={work}
            onChange={(e) => setWork(e.target.value)}
            maxLength={LIMITS.work}
            placeholder="Ví dụ: Bảo dưỡng cấp 40.000 km"
          />
        </FormField>
        <FormField label={SERVICE_RECORD_LABELS.place} htmlFor={`${prefix}-place`} error={errors.place}>
          <Input
            id={`${prefix}-place`}
            value={place}
            onChange={(e) => setPlace(e.target.value)}
            maxLength={LIMITS.place}
            placeholder="Đại lý, garage"
          />
        </FormField>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={saving}>
            Hủy
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {record ? 'Lưu bản ghi' : 'Thêm bản ghi'}
        </Button>
      </div>
    </form>
  );
}
