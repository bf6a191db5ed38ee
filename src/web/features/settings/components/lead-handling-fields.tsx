import { LEAD_TYPE_LABELS, LEAD_TYPES } from '@contract/leads';
import type { WebConfiguration } from '@contract/web-config';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField, Input } from '../../../components/form-field';
import { Card } from './settings-fields';

/**
 * "Xử lý yêu cầu khách hàng": the response target (minutes of opening hours before a new lead turns red
 * and rings the managers) and, per lead type, whether new leads are handed out in turn to the staff
 * marked "Nhận yêu cầu" on their account.
 */
export function LeadHandlingFields({
  register,
  errors,
}: {
  register: UseFormRegister<WebConfiguration>;
  errors: FieldErrors<WebConfiguration>['leadHandling'];
}) {
  return (
    <Card
      id="cfg-leads"
      title="Xử lý yêu cầu khách hàng"
      description="Thời gian phản hồi tính trong giờ mở cửa; quá hạn, yêu cầu chuyển đỏ và chuông báo người phụ trách cùng quản lý dịch vụ."
    >
      <FormField
        label="Thời gian phản hồi mục tiêu (phút)"
        htmlFor="cfg-responseTarget"
        error={errors?.responseTargetMinutes?.message}
        hint="Từ 1 đến 1.440 phút; mặc định 15 phút."
      >
        <Input
          id="cfg-responseTarget"
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          className="max-w-40"
          {...register('leadHandling.responseTargetMinutes', { valueAsNumber: true })}
        />
      </FormField>
      <fieldset className="mt-5">
        <legend className="text-sm font-medium text-slate-800">Tự động giao việc xoay vòng</legend>
        <p className="mt-1 text-xs text-slate-500">
          Yêu cầu mới được giao lần lượt cho nhân viên đang bật "Nhận yêu cầu" trong trang Tài khoản. Vẫn có
          thể giao lại bằng tay.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {LEAD_TYPES.map((type) => (
            <label
              key={type}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 text-sm text-slate-700 hover:bg-slate-50"
            >
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                {...register(`leadHandling.autoAssign.${type}`)}
              />
              {LEAD_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
