import { MAX_IMPORTED_RECORDS, parseServiceImportText, serviceRecordImport } from '@contract/car-records';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormField, Textarea } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useRecordActions } from '../api';

const EXAMPLE = '12/03/2022;20.000;Bảo dưỡng cấp 20.000 km;Toyota Thăng Long';

/**
 * A history brought in from elsewhere (a brand's service records): one record a line
 * "dd/mm/yyyy;km;công việc;nơi làm" (; or tab, as a spreadsheet copies it) or a JSON list.
 * Stored as it is: a history that goes backwards is kept and flags the car.
 */
export function ServiceImportBox({ carId }: { carId: number }) {
  const { importRecords } = useRecordActions(carId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseServiceImportText(text);
    if ('error' in parsed) return setError(parsed.error);
    const checked = serviceRecordImport.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const row = typeof issue.path[1] === 'number' ? `Dòng ${issue.path[1] + 1}: ` : '';
      return setError(`${row}${issue.message}`);
    }
    setError(null);
    importRecords.mutate(parsed.records, {
      onSuccess: (view) => {
        toast.success(`Đã nhập ${parsed.records.length} bản ghi bảo dưỡng`);
        if (view.odometerWarning) toast.warning(view.odometerWarning);
        setText('');
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label="Nhập lịch sử bảo dưỡng">
      <FormField
        label="Dán lịch sử bảo dưỡng"
        htmlFor={id}
        error={error ?? undefined}
        hint={`Mỗi dòng một lần làm: "ngày;km;công việc;nơi làm" (dấu ; hoặc tab), hoặc danh sách JSON; tối đa ${MAX_IMPORTED_RECORDS} dòng. Dữ liệu được giữ nguyên; nếu số km bị lùi, xe sẽ bị gắn cảnh báo.`}
      >
        <Textarea
          id={id}
          rows={4}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={EXAMPLE}
          className="font-mono text-sm"
        />
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={importRecords.isPending}>
          Nhập lịch sử
        </Button>
      </div>
    </form>
  );
}
