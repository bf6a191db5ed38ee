import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from './form-field';
import { NumberInput } from './number-input';

/**
 * NumberField: a FormField (label, error, hint, required mark) around a NumberInput bound to the form's
 * field `name` through `control`; `id` is the input's id, `suffix` its unit ('VNĐ', 'km').
 */
export function NumberField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  error,
  hint,
  required,
  className,
  suffix,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  suffix?: string;
}) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint} required={required} className={className}>
      <BoundNumberInput control={control} name={name} id={id} suffix={suffix} />
    </FormField>
  );
}

/**
 * The Controller inside a component of its own: FormField hands its only child aria-invalid,
 * aria-describedby and aria-required, which a bare Controller would drop; this passes them to the input.
 */
function BoundNumberInput<T extends FieldValues>({
  control,
  name,
  id,
  suffix,
  ...aria
}: {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  suffix?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <NumberInput
          {...aria}
          id={id}
          value={field.value as number | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          suffix={suffix}
        />
      )}
    />
  );
}
