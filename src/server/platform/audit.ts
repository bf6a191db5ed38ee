import type { Executor } from '../db/client';
import { auditLog } from '../db/schema';
import type { Actor } from './actor';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
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
export async function writeAudit(exec: Executor, actor: Actor, entry: AuditEntry) {
  await exec.insert(auditLog).values({
    userId: actor.userId,
    username: actor.username,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: scrub(entry.before),
    after: scrub(entry.after),
    ip: actor.ip,
  });
}
