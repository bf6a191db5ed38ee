import type { ReactNode } from 'react';
import type { SelectOption } from '../lib/enum-options';
import { Select } from './form-field';

/**
 * FilterSelect: a list filter above a table. `label` is its accessible name, `all` the first option
 * (value ''), then `options`, then any extra <option> children; onChange(value) gets the chosen value.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  all,
  options,
  className,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  all: string;
  options: readonly SelectOption[] | undefined;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={className}>
      <option value="">{all}</option>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </Select>
  );
}
