import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** Who acted, when it is not the request's signed-in user (a sign-in, a reset by e-mailed code). */
  actor?: { id: number; username: string };
}

const SECRET_KEYS = /password|hash|token|secret/i;

function scrub(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : scrub(v)]),
    );
  }
  return value;
}

/** Who changed what and when. Call it with the transaction that makes the change. */
export async function writeAudit(exec: Executor, req: FastifyRequest | null, entry: AuditEntry) {
  await exec.insert(auditLog).values({
    userId: entry.actor?.id ?? req?.user?.id ?? null,
    username: entry.actor?.username ?? req?.user?.username ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: req?.ip ?? null,
  });
}
