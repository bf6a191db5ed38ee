import type { ReconItem } from '@contract/recon';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';

export interface EstimateChange {
  parts: number;
  labour: number;
  vendor?: string;
}

/**
 * "Sửa dự toán" of an item awaiting approval: parts, labour and the garage, as the workshop quotes them
 * (an item made from the inspection report starts with none). Approval fixes them.
 */
export function EstimateEditor({
  item,
  busy,
  onSave,
  onCancel,
}: {
  item: ReconItem;
  busy: boolean;
  onSave: (change: EstimateChange) => void;
  onCancel: () => void;
}) {
  const uid = useId();
  const [parts, setParts] = useState<number | null>(item.estimateParts || null);
  const [labour, setLabour] = useState<number | null>(item.estimateLabour || null);
  const [vendor, setVendor] = useState(item.vendor ?? '');
  return (
    <form
      noValidate
      aria-label={`Sửa dự toán "${item.title}"`}
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ parts: parts ?? 0, labour: labour ?? 0, vendor: vendor.trim() || undefined });
      }}
      className="grid gap-2 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 sm:grid-cols-4 sm:items-end"
    >
      <FormField label="Phụ tùng" htmlFor={`${uid}-parts`}>
        <NumberInput id={`${uid}-parts`} value={parts} onChange={setParts} suffix="VNĐ" autoFocus />
      </FormField>
      <FormField label="Tiền công" htmlFor={`${uid}-labour`}>
        <NumberInput id={`${uid}-labour`} value={labour} onChange={setLabour} suffix="VNĐ" />
      </FormField>
      <FormField label="Nơi sửa chữa" htmlFor={`${uid}-vendor`}>
        <Input
          id={`${uid}-vendor`}
          value={vendor}
          maxLength={150}
          onChange={(e) => setVendor(e.target.value)}
        />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" loading={busy} className="flex-1 sm:flex-none">
          Lưu dự toán
        </Button>
        <Button variant="secondary" onClick={onCancel} className="flex-1 sm:flex-none">
          Hủy
        </Button>
      </div>
    </form>
  );
}
