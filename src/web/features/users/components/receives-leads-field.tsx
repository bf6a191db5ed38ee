import type { Permission, Role } from '@contract/permissions';
import { Inbox } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type Control, Controller, type UseFormSetValue, useWatch } from 'react-hook-form';
import { cx } from '../../../lib/cx';

interface Values {
  role: Role;
  permissions: Permission[];
  receivesLeads: boolean;
}

/**
 * "Nhận yêu cầu": the account takes part in the automatic hand-out of new leads (settings, "Xử lý yêu
 * cầu khách hàng"). Only service staff (Quản lý dịch vụ) and admins may; taking the right away clears it.
 */
export function ReceivesLeadsField<V extends Values>({
  control,
  setValue,
}: {
  control: Control<V>;
  setValue: UseFormSetValue<V>;
}) {
  const c = control as unknown as Control<Values>;
  const set = setValue as unknown as UseFormSetValue<Values>;
  const role = useWatch({ control: c, name: 'role' });
  const permissions = useWatch({ control: c, name: 'permissions' });
  const allowed = role === 'ADMIN' || permissions.includes('MANAGE_SERVICE');
  const id = useId();
  const value = useWatch({ control: c, name: 'receivesLeads' });
  useEffect(() => {
    if (!allowed && value) set('receivesLeads', false, { shouldDirty: true });
  }, [allowed, value, set]);
  return (
    <Controller
      control={c}
      name="receivesLeads"
      render={({ field }) => (
        <label
          htmlFor={id}
          className={cx(
            'mt-4 flex min-h-12 items-start gap-3 rounded-lg border px-3 py-2.5',
            allowed
              ? 'cursor-pointer border-slate-200 hover:bg-slate-50'
              : 'cursor-not-allowed border-slate-200 opacity-60',
            field.value && 'border-brand-300 bg-brand-50/60',
          )}
        >
          <input
            id={id}
            type="checkbox"
            className="mt-0.5 size-5 shrink-0 accent-brand-600"
            checked={field.value}
            disabled={!allowed}
            onChange={(e) => field.onChange(e.target.checked)}
            aria-describedby={`${id}-hint`}
          />
          <span className="min-w-0">
            <span className="flex items-center gap-1.5 text-sm font-medium text-slate-800">
              <Inbox className="size-4 text-brand-600" aria-hidden="true" />
              Nhận yêu cầu
            </span>
            <span id={`${id}-hint`} className="block text-xs text-slate-600">
              {allowed
                ? 'Được giao lần lượt các yêu cầu mới khi bật tự động giao việc trong Cấu hình hệ thống.'
                : 'Chỉ nhân viên có quyền Quản lý dịch vụ hoặc quản trị viên mới nhận yêu cầu tự động.'}
            </span>
          </span>
        </label>
      )}
    />
  );
}
