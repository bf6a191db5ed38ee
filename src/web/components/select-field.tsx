import type { ComponentProps, ReactNode } from 'react';
import type { SelectOption } from '../lib/enum-options';
import { FormField, Select } from './form-field';

/**
 * SelectField: a FormField (label, error, hint, required mark) around a Select with an optional first
 * `placeholder` option (value '') and `options`; any other prop (e.g. register('name')) goes to the select.
 */
export function SelectField({
  id,
  label,
  error,
  hint,
  required,
  className,
  placeholder,
  options,
  ...select
}: Omit<ComponentProps<'select'>, 'children'> & {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  placeholder?: string;
  options: readonly SelectOption[];
}) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} required={required} className={className}>
      <Select id={id} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
