import type { WebConfiguration } from '@contract/web-config';
import { type Control, Controller, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { Card, msg, PercentInput } from './settings-fields';

const FIELDS = [
  {
    name: 'stockCosts.holdingRate',
    label: 'Lãi suất vốn tồn kho (năm)',
    hint: 'Chi phí của tiền nằm trong xe, tính theo ngày vào giá vốn thực; mặc định 10%.',
  },
  {
    name: 'stockCosts.targetMarginRate',
    label: 'Biên lợi nhuận mục tiêu',
    hint: 'Phần giữ lại khi báo giá mua xe của khách, tính trên giá thị trường; mặc định 8%.',
  },
] as const;

/** "Giá vốn xe": the rates behind each car's true cost and the buy-in offer (docs/car-costs.md). */
export function StockCostFields({
  control,
  errors,
}: {
  control: Control<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['stockCosts'];
}) {
  return (
    <Card
      id="cfg-stock-costs"
      title="Giá vốn xe"
      description="Chỉ nhân viên thấy; khách không bao giờ thấy các tỷ lệ này."
    >
      <div className="grid gap-4 md:grid-cols-2">
        {FIELDS.map((f) => (
          <Controller
            key={f.name}
            control={control}
            name={f.name}
            render={({ field }) => (
              <FormField
                label={f.label}
                htmlFor={`cfg-${f.name}`}
                error={msg(
                  errors?.[f.name === 'stockCosts.holdingRate' ? 'holdingRate' : 'targetMarginRate'],
                )}
                hint={f.hint}
              >
                <PercentInput
                  id={`cfg-${f.name}`}
                  name={field.name}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormField>
            )}
          />
        ))}
        <Controller
          control={control}
          name="stockCosts.reconEstimate"
          render={({ field }) => (
            <FormField
              label="Chi phí tân trang dự kiến"
              htmlFor="cfg-stockCosts.reconEstimate"
              error={msg(errors?.reconEstimate)}
              hint="Trừ vào giá chào mua trước khi xem xe; sửa theo từng xe khi báo giá. Mặc định 10 triệu."
            >
              <NumberInput
                id="cfg-stockCosts.reconEstimate"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                suffix="VNĐ"
              />
            </FormField>
          )}
        />
        <Controller
          control={control}
          name="stockCosts.timeToLineTargetDays"
          render={({ field }) => (
            <FormField
              label="Mục tiêu thời gian lên kệ"
              htmlFor="cfg-stockCosts.timeToLineTargetDays"
              error={msg(errors?.timeToLineTargetDays)}
              hint="Số ngày từ khi mua xe đến khi đăng bán; trang tổng quan so với mục tiêu này. Mặc định 3 ngày."
            >
              <NumberInput
                id="cfg-stockCosts.timeToLineTargetDays"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                suffix="ngày"
              />
            </FormField>
          )}
        />
      </div>
    </Card>
  );
}
