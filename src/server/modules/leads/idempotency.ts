import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { clientRequestId, REPEAT_WINDOW_MINUTES } from '../../../contract/leads';
import type { Executor, Tx } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { requestFingerprint } from '../../platform/fingerprint';
import { leads } from './schema';
import type { LeadInput, LeadRow } from './types';

/**
 * Retries that make one lead: the body's clientRequestId (the form's), or the Idempotency-Key header
 * (a uuid) for clients that keep their key outside the body; both name the same unique column. A
 * client sending neither is protected by the repeat rule: the same phone, type, day, slot and car (or
 * plate) within REPEAT_WINDOW_MINUTES answers the lead already made.
 */

const HEADER_MESSAGE = 'Idempotency-Key phải là một mã uuid';

/** The request's key: the header's or the body's (which must then agree); undefined when neither is sent. */
export function requestKeyOf(header: string | string[] | undefined, bodyKey: string | undefined) {
  const raw = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!raw) return bodyKey;
  if (!clientRequestId.safeParse(raw).success) {
    throw badRequest(HEADER_MESSAGE, { 'Idempotency-Key': HEADER_MESSAGE });
  }
  const key = raw.toLowerCase();
  if (bodyKey && bodyKey.toLowerCase() !== key) {
    const message = 'Idempotency-Key và clientRequestId phải giống nhau';
    throw badRequest(message, { clientRequestId: message });
  }
  return key;
}

/** What makes a keyless submission "the same" as an earlier one: the same body, and these columns. */
export interface RepeatProbe {
  type: string;
  /** The body's digest: another name or message with the same phone and slot is another request. */
  requestHash: string;
  phone: string;
  carId: number | null;
  licencePlate: string | null;
  preferredDate: string | null;
  timeSlot: string | null;
}

export function repeatProbe(input: LeadInput): RepeatProbe {
  const b = input.body as Partial<Record<string, unknown>>;
  const opt = <T>(v: unknown) => (v === undefined || v === null || v === '' ? null : (v as T));
  return {
    type: input.type,
    requestHash: requestFingerprint(input.body as Record<string, unknown>),
    phone: input.body.phone,
    carId: opt<number>(b.carId),
    licencePlate: opt<string>(b.licencePlate),
    preferredDate: opt<string>(b.preferredDate),
    timeSlot: opt<string>(b.timeSlot),
  };
}

/** The newest open-or-done lead the probe repeats, made since `since`. */
export async function findRepeat(exec: Executor, p: RepeatProbe, since: Date): Promise<LeadRow | undefined> {
  const same = <T>(column: unknown, value: T | null) => sql`${column} is not distinct from ${value}`;
  const [row] = await exec
    .select()
    .from(leads)
    .where(
      and(
        eq(leads.type, p.type),
        eq(leads.phone, p.phone),
        eq(leads.requestHash, p.requestHash),
        ne(leads.status, 'CANCELLED'),
        gte(leads.createdAt, since),
        same(leads.carId, p.carId),
        same(leads.licencePlate, p.licencePlate),
        same(leads.preferredDate, p.preferredDate),
        same(leads.timeSlot, p.timeSlot),
      ),
    )
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row;
}

export const repeatSince = (now: Date) => new Date(now.getTime() - REPEAT_WINDOW_MINUTES * 60_000);

/** Two keyless copies sent at once: the second waits for the first, then finds it. */
export async function lockRepeat(tx: Tx, p: RepeatProbe): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`lead-repeat:${p.type}:${p.phone}`}, 0))`,
  );
}
