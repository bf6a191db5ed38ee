import { formatPrice } from '@contract/format';
import {
  RECON_ITEM_GROUP_LABELS,
  RECON_ITEM_GROUPS,
  type ReconItemGroup,
  type ReconItemInput,
  reconItemBody,
} from '@contract/recon';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { ApiError, errorMessage } from '../../../lib/api-client';

type Errors = Partial<Record<string, string>>;

/** "Đồng sơn": a group as an option reads it (the stored labels are lower case, as said in a sentence). */
export const groupLabel = (g: ReconItemGroup) => {
  const label = RECON_ITEM_GROUP_LABELS[g];
  return label.charAt(0).toUpperCase() + label.slice(1);
};

/**
 * A new work item: what to do, its group, the estimate as parts plus labour (whole VND, as every money
 * input of the dashboard), and the garage doing it. Checked with the contract's schema before it is sent.
 */
export function WorkItemForm({
  saving,
  onSave,
}: {
  saving: boolean;
  onSave: (body: ReconItemInput, done: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}) {
  const uid = useId();
  const [title, setTitle] = useState('');
  const [group, setGroup] = useState<ReconItemGroup>('ENGINE');
  const [parts, setParts] = useState<number | null>(null);
  const [labour, setLabour] = useState<number | null>(null);
  const [vendor, setVendor] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: ReconItemInput = {
      title,
      group,
      estimate: { parts: parts ?? 0, labour: labour ?? 0 },
      vendor,
    };
    const parsed = reconItemBody.safeParse(body);
    if (!parsed.success) {
      const out: Errors = {};
      for (const i of parsed.error.issues) out[String(i.path.at(-1))] ??= i.message;
      return setErrors(out);
    }
    setErrors({});
    setFailure(null);
    onSave(body, {
      onSuccess: () => {
        setTitle('');
        setParts(null);
        setLabour(null);
      },
      onError: (err) => {
        const map = err instanceof ApiError ? (err.data as { errors?: Errors })?.errors : undefined;
        const byField: Errors = {};
        for (const [k, v] of Object.entries(map ?? {})) byField[k.split('.').at(-1) ?? k] = v;
        setErrors(byField);
        if (!map) setFailure(errorMessage(err));
      },
    });
  };

  const total = (parts ?? 0) + (labour ?? 0);
  const id = (name: string) => `${uid}-${name}`;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Thêm hạng mục sửa chữa"
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <h3 className="text-sm font-semibold text-slate-900">Thêm hạng mục</h3>
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <FormField
          label="Tên hạng mục"
          htmlFor={id('title')}
          error={errors.title}
          required
          className="sm:col-span-2 lg:col-span-4"
        >
          <Input
            id={id('title')}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Ví dụ: Thay má phanh trước"
          />
        </FormField>
        <FormField label="Nhóm" htmlFor={id('group')} error={errors.group} required className="lg:col-span-2">
          <Select id={id('group')} value={group} onChange={(e) => setGroup(e.target.value as ReconItemGroup)}>
            {RECON_ITEM_GROUPS.map((g) => (
              <option key={g} value={g}>
                {groupLabel(g)}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Phụ tùng" htmlFor={id('parts')} error={errors.parts} className="lg:col-span-2">
          <NumberInput id={id('parts')} value={parts} onChange={setParts} suffix="VNĐ" />
        </FormField>
        <FormField label="Tiền công" htmlFor={id('labour')} error={errors.labour} className="lg:col-span-2">
          <NumberInput id={id('labour')} value={labour} onChange={setLabour} suffix="VNĐ" />
        </FormField>
        <FormField
          label="Nơi sửa chữa"
          htmlFor={id('vendor')}
          error={errors.vendor}
          className="sm:col-span-2 lg:col-span-2"
        >
          <Input
            id={id('vendor')}
            value={vendor}
            maxLength={150}
            onChange={(e) => setVendor(e.target.value)}
            placeholder="Ví dụ: Garage Minh Phát"
          />
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        {total > 0 ? <p className="text-sm text-slate-600">Dự toán {formatPrice(total)}</p> : null}
        <Button type="submit" loading={saving}>
          Thêm hạng mục
        </Button>
      </div>
    </form>
  );
}
