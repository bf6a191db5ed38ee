import { zodResolver } from '@hookform/resolvers/zod';
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form';

/**
 * A react-hook-form form validating with a contract schema (the one the server runs), starting from
 * `defaultValues`. The form's values are typed by `T`: the schema's input and output types differ
 * (numbers typed as text, defaults), which zodResolver's own typing does not allow.
 */
export function useContractForm<T extends FieldValues>(
  schema: Parameters<typeof zodResolver>[0],
  defaultValues: DefaultValues<T>,
) {
  return useForm<T>({ resolver: zodResolver(schema) as unknown as Resolver<T>, defaultValues });
}
