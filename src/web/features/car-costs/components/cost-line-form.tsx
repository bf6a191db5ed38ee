import {
  COST_CATEGORY_LABELS,
  type CostLineBody,
  costLineInput,
  ENTERED_COST_CATEGORIES,
  type EnteredCostCategory,
} from '@contract/car-cost-ledger';
import { vnDayKey } from '@contract/format';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { FormAlert, FormField, Input, Select } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { ApiError, errorMessage } from '../../../lib/api-client';

type Errors = Partial<Record<string, string>>;

/** One line of the ledger: category, amount, the day it was paid (today unless said), a note. */
export function CostLineForm({
  saving,
  hasPurchase,
  onSave,
}: {
  saving: boolean;
  /** The purchase price is known (typed or from the buy-in): the category is not offered again. */
  hasPurchase: boolean;
  onSave: (body: CostLineBody, done: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
}) {
  const categories = ENTERED_COST_CATEGORIES.filter((c) => c !== 'purchase' || !hasPurchase);
  const [category, setCategory] = useState<EnteredCostCategory>(categories[0]);
  const [amount, setAmount] = useState<number | null>(null);
  const [incurredOn, setIncurredOn] = useState(vnDayKey(new Date()));
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const chosen = categories.includes(category) ? category : categories[0];

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body: CostLineBody = { category: chosen, amount: amount ?? '', incurredOn, note };
    const parsed = costLineInput.safeParse(body);
    if (!parsed.success) {
      const out: Errors = {};
      for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
      return setErrors(out);
    }
    setErrors({});
    setFailure(null);
    onSave(body, {
      onSuccess: () => {
        setAmount(null);
        setNote('');
      },
      onError: (err) => {
        const map = err instanceof ApiError ? (err.data as { errors?: Errors })?.errors : undefined;
        setErrors(map ?? {});
        if (!map) setFailure(errorMessage(err));
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Thêm chi phí"
      className="space-y-3 rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
    >
      <FormAlert>{failure}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Loại chi phí" htmlFor="cost-category" error={errors.category} required>
          <Select
            id="cost-category"
            value={chosen}
            onChange={(e) => setCategory(e.target.value as EnteredCostCategory)}
          >
            {categories.map((c) => (
              <option key={c} value={c}>
                {COST_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Số tiền" htmlFor="cost-amount" error={errors.amount} required>
          <NumberInput id="cost-amount" value={amount} onChange={setAmount} suffix="VNĐ" />
        </FormField>
        <FormField label="Ngày chi" htmlFor="cost-day" error={errors.incurredOn} required>
          <DateInput id="cost-day" value={incurredOn} onChange={setIncurredOn} max={vnDayKey(new Date())} />
        </FormField>
        <FormField label="Ghi chú" htmlFor="cost-note" error={errors.note}>
          <Input
            id="cost-note"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder="Ví dụ: Xe cứu hộ từ Biên Hòa"
          />
        </FormField>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Thêm chi phí
        </Button>
      </div>
    </form>
  );
}
