import type { z } from 'zod';
import { ApiError } from '../../../lib/api-client';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field of a failed safeParse. */
export function issuesByField(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (!out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's per-field messages; the odometer's refusal ("odo") belongs under the km field. */
export function serverFieldErrors(err: unknown): FieldErrors {
  const map = err instanceof ApiError ? (err.data as { errors?: Record<string, string> })?.errors : undefined;
  if (!map) return {};
  const { odo, ...rest } = map;
  return odo ? { ...rest, km: odo } : rest;
}
