import { asc, desc, eq, gt } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, passwordResetCodes, users } from '../../src/server/db/schema';
import type { CallOptions, TestApp } from '../helpers/app';
import { codeOf, decodeMail } from '../helpers/mail';

export { codeOf, decodeMail, linkOf } from '../helpers/mail';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Like t.call, from a chosen client address (the rate limits count per address). */
export async function callFrom(t: TestApp, ip: string, method: Method, url: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const query = opts.query
    ? Object.fromEntries(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )
    : undefined;
  const res = await t.app.inject({
    method,
    url,
    query,
    headers,
    remoteAddress: ip,
    ...(opts.body !== undefined ? { payload: opts.body as never } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read any JSON answer
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: res.body, json, headers: res.headers };
}

/** Mail is sent after the answer: wait (briefly) for the outbox to hold more than `before` messages. */
export async function waitForMail(t: TestApp, before: number): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const box = t.outbox();
    if (box.length > before) return decodeMail(box[box.length - 1]);
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no mail arrived in the outbox');
}

/** Asks for a reset code for `username` and returns the code read from the outbox. */
export async function requestCode(t: TestApp, username: string, ip = '10.9.0.1'): Promise<string> {
  const before = t.outbox().length;
  const res = await callFrom(t, ip, 'POST', '/api/auth/reset-password', { query: { username } });
  expect(res.status).toBe(200);
  return codeOf(await waitForMail(t, before));
}

export async function userRow(t: TestApp, username: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function resetCodesOf(t: TestApp, userId: number) {
  return t.database.db
    .select()
    .from(passwordResetCodes)
    .where(eq(passwordResetCodes.userId, userId))
    .orderBy(asc(passwordResetCodes.id));
}

export async function lastAuditId(t: TestApp): Promise<number> {
  const [row] = await t.database.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
}

export async function auditSince(t: TestApp, id: number) {
  return t.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.id));
}
