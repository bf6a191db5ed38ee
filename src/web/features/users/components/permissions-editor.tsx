import { PERMISSION_DESCRIPTIONS, type Permission } from '@contract/permissions';
import { useId } from 'react';
import { SkeletonText } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
import { useAllPermissions } from '../api';

/** The account's permissions as boxes named in Vietnamese, each with what it allows and its code. */
export function PermissionsEditor({
  value,
  onChange,
  disabled,
}: {
  value: Permission[];
  onChange: (next: Permission[]) => void;
  disabled: boolean;
}) {
  const { data: all, isPending, isError } = useAllPermissions();
  const ids = useId();
  if (isPending) return <SkeletonText lines={4} />;
  if (isError || !all) return <p className="text-sm text-red-600">Không tải được danh sách quyền.</p>;
  const toggle = (p: Permission) =>
    onChange(value.includes(p) ? value.filter((x) => x !== p) : [...value, p]);
  return (
    <fieldset disabled={disabled} className="space-y-3">
      <legend className="sr-only">Quyền quản lý</legend>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="min-h-11 rounded-lg px-3 text-sm font-medium text-brand-600 hover:bg-brand-50 disabled:opacity-50"
          onClick={() => onChange(all.map((p) => p.name))}
        >
          Chọn tất cả
        </button>
        <button
          type="button"
          className="min-h-11 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 disabled:opacity-50"
          onClick={() => onChange([])}
        >
          Bỏ chọn tất cả
        </button>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {all.map((p) => {
          const checked = value.includes(p.name);
          const id = `${ids}-${p.name}`;
          return (
            <li key={p.name}>
              {/* The box is named by the Vietnamese label alone; what it allows and its code describe it. */}
              <label
                htmlFor={id}
                className={cx(
                  'flex min-h-12 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 transition-colors',
                  checked ? 'border-brand-300 bg-brand-50/60' : 'border-slate-200 hover:bg-slate-50',
                  disabled && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  id={id}
                  type="checkbox"
                  className="mt-0.5 size-5 shrink-0 rounded accent-brand-600"
                  checked={checked}
                  onChange={() => toggle(p.name)}
                  value={p.name}
                  aria-labelledby={`${id}-label`}
                  aria-describedby={`${id}-description`}
                />
                <span className="min-w-0">
                  <span id={`${id}-label`} className="block text-sm font-medium text-slate-800">
                    {p.label}
                  </span>
                  <span id={`${id}-description`} className="block text-xs text-slate-600">
                    {PERMISSION_DESCRIPTIONS[p.name] ?? ''}
                  </span>
                  <span className="mt-0.5 block font-mono text-[11px] text-slate-500">{p.name}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
