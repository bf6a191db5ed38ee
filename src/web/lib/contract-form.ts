import { maxLengths } from '@contract/limits';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form form validating with a contract schema (the one the server runs), starting from
 * `defaultValues`. The form's values are typed by `T`: the schema's input and output types differ
 * (numbers typed as text, defaults), which zodResolver's own typing does not allow. Every registered
 * text field gets the schema's limit as `maxlength` (a `CountedTextarea` then counts against it).
 */
export function useContractForm<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  defaultValues: DefaultValues<T>,
) {
  const form = useForm<T>({ resolver: zodResolver(schema) as unknown as Resolver<T>, defaultValues });
  const limits = useMemo(() => maxLengths(schema as z.ZodType), [schema]);
  const baseRegister = form.register;
  const register = useCallback(
    (name: Path<T>, options?: RegisterOptions<T, Path<T>>) => ({
      ...baseRegister(name, options),
      maxLength: limits[name],
    }),
    [baseRegister, limits],
  );
  return { ...form, register } as typeof form;
}
