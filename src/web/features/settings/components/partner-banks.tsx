import type { WebConfiguration } from '@contract/web-config';
import { Plus, Trash2 } from 'lucide-react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
} from 'react-hook-form';
import { Button, IconButton } from '../../../components/button';
import { FormField, Input } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { Card, msg, PercentInput } from './settings-fields';

const NUMBER_INPUTS = {
  maxLoanRatio: { id: 'ratio', Input: PercentInput },
  maxTermMonths: { id: 'term', Input: NumberInput },
  interestRate: { id: 'rate', Input: PercentInput },
} as const;

/** One of a bank's numeric rules: a share (as a percentage) or a number of months. */
function BankNumber({
  control,
  i,
  field: name,
  label,
  errors,
}: {
  control: Control<WebConfiguration>;
  i: number;
  field: keyof typeof NUMBER_INPUTS;
  label: string;
  errors: FieldErrors<WebConfiguration>['partnerBanks'];
}) {
  const { id, Input: Numeric } = NUMBER_INPUTS[name];
  return (
    <Controller
      control={control}
      name={`partnerBanks.${i}.${name}`}
      render={({ field }) => (
        <FormField label={label} htmlFor={`cfg-bank-${id}-${i}`} error={msg(errors?.[i]?.[name])}>
          <Numeric
            id={`cfg-bank-${id}-${i}`}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        </FormField>
      )}
    />
  );
}

/** "Ngân hàng liên kết": each bank's rules for a used-car loan, which the deal's loan form enforces. */
export function PartnerBanks({
  control,
  register,
  errors,
}: {
  control: Control<WebConfiguration>;
  register: UseFormRegister<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['partnerBanks'];
}) {
  const banks = useFieldArray({ control, name: 'partnerBanks' });
  return (
    <Card
      id="cfg-partner-banks"
      title="Ngân hàng liên kết"
      description="Quy định cho vay mua xe cũ của từng ngân hàng: hồ sơ vay vượt tỷ lệ hoặc thời hạn tối đa bị từ chối kèm lý do."
    >
      <ul className="space-y-4">
        {banks.fields.map((f, i) => (
          <li
            key={f.id}
            className="grid gap-3 rounded-lg border border-slate-200 p-3 md:grid-cols-[1fr_8rem_8rem_8rem_auto]"
          >
            <FormField label="Ngân hàng" htmlFor={`cfg-bank-name-${i}`} error={msg(errors?.[i]?.name)}>
              <Input id={`cfg-bank-name-${i}`} maxLength={100} {...register(`partnerBanks.${i}.name`)} />
            </FormField>
            <BankNumber control={control} i={i} field="maxLoanRatio" label="Cho vay tối đa" errors={errors} />
            <BankNumber
              control={control}
              i={i}
              field="maxTermMonths"
              label="Tối đa (tháng)"
              errors={errors}
            />
            <BankNumber control={control} i={i} field="interestRate" label="Lãi tham khảo" errors={errors} />
            <IconButton
              label={`Xóa ngân hàng ${i + 1}`}
              onClick={() => banks.remove(i)}
              className="self-end text-red-600 hover:bg-red-50"
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </IconButton>
            <FormField
              label="Hồ sơ ngân hàng yêu cầu"
              htmlFor={`cfg-bank-docs-${i}`}
              className="md:col-span-5"
              error={msg(errors?.[i]?.documents)}
            >
              <Input
                id={`cfg-bank-docs-${i}`}
                maxLength={1000}
                {...register(`partnerBanks.${i}.documents`)}
              />
            </FormField>
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        className="mt-2 text-brand-600"
        disabled={banks.fields.length >= 20}
        onClick={() =>
          banks.append({ name: '', maxLoanRatio: 0.7, maxTermMonths: 84, interestRate: 0.1, documents: '' })
        }
      >
        <Plus className="size-4" aria-hidden="true" />
        Thêm ngân hàng
      </Button>
    </Card>
  );
}

const STEP_FIELDS = [
  ['withdraw', 'Rút hồ sơ gốc'],
  ['submit', 'Nộp hồ sơ đăng ký'],
  ['receive', 'Nhận đăng ký, biển số mới'],
  ['deliver', 'Bàn giao giấy tờ cho khách'],
] as const;

/** "Thời hạn sang tên": days each transfer step may take before the deal page calls it late. */
export function TransferDays({
  control,
  errors,
}: {
  control: Control<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['transferStepDays'];
}) {
  return (
    <Card
      id="cfg-transfer-days"
      title="Thời hạn sang tên"
      description="Số ngày mỗi bước sang tên được phép: bước đầu tính từ ngày bàn giao xe, bước sau tính từ ngày xong bước trước."
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {STEP_FIELDS.map(([key, label]) => (
          <Controller
            key={key}
            control={control}
            name={`transferStepDays.${key}`}
            render={({ field }) => (
              <FormField label={`${label} (ngày)`} htmlFor={`cfg-step-${key}`} error={msg(errors?.[key])}>
                <NumberInput
                  id={`cfg-step-${key}`}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
        ))}
      </div>
    </Card>
  );
}
