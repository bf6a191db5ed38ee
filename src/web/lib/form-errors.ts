import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's field messages ({errors: {title: '...'}}) under the matching inputs.
 * Returns true when at least one field got a message.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): boolean {
  if (!(err instanceof ApiError)) return false;
  const errors = (err.data as { errors?: Record<string, string> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return false;
  let any = false;
  for (const [key, message] of Object.entries(errors)) {
    const name = key.replace(/^(blog|slider|candidate)\./, '');
    if (fields.includes(name) && typeof message === 'string') {
      setError(name as Path<T>, { type: 'server', message });
      any = true;
    }
  }
  return any;
}
