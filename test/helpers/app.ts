import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Permission, Role } from '../../src/contract/permissions';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { bootstrap } from '../../src/server/db/seed/bootstrap';
import type { Clock } from '../../src/server/platform/clock';
import { openTestDatabase } from './database';
import { codeOf, decodeMail } from './mail';
import { s3Env, storedNames } from './storage';

export const ADMIN_PASSWORD = 'Admin12345';
export const STAFF_PASSWORD = 'Staff12345';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller's address (the socket's), for rules per visitor address; 127.0.0.1 otherwise. */
  ip?: string;
}

/**
 * The real application on a fresh database for one test file, called through inject().
 * Nothing is mocked: the same buildApp() main.ts uses.
 */
export async function startTestApp(env: Record<string, string> = {}, opts: { clock?: Clock } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ADMIN_PASSWORD,
    DEMO_DATA: 'off',
    WEB_DIR: join(dataDir, 'no-web'),
    // Load shedding judges the machine, not the code under test: a test run sharing two cores with
    // others must not get 503s. test/api/load-shedding.test.ts sets its own threshold.
    OVERLOAD_DELAY_MS: '0',
    // Stored jobs run when a test calls services.jobs.runDue(), never behind its back.
    JOBS_POLL_MS: '0',
    // Test files mail one address and send from 127.0.0.1 many times; the caps on mail a visitor can
    // cause are proved by test/api/visitor-mail-cap.test.ts, which sets its own.
    VISITOR_MAIL_PER_ADDRESS_PER_DAY: '100000',
    VISITOR_MAIL_PER_IP_PER_DAY: '100000',
    // The api-s3 project: photos and CVs in s3rver instead of DATA_DIR.
    ...s3Env(),
    ...env,
  });
  const database = await openTestDatabase();
  const built = await buildApp({ config, database, logger: false, clock: opts.clock });
  await bootstrap(built.ctx, config, built.services);
  await built.app.ready();
  const { app } = built;

  async function call(method: Method, url: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const query = opts.query
      ? Object.fromEntries(
          Object.entries(opts.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    const res = await app.inject({
      method,
      url,
      query,
      headers,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      ...(opts.body !== undefined ? { payload: opts.body as never } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the route answers
    let json: any;
    try {
      json = res.json();
    } catch {
      json = undefined;
    }
    return { status: res.statusCode, body: res.body, json, headers: res.headers };
  }

  async function login(username: string, password: string): Promise<string> {
    const res = await call('POST', '/api/auth/login', { body: { username, password } });
    if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${res.body}`);
    return res.body;
  }

  const adminToken = await login('admin', ADMIN_PASSWORD);
  let counter = 0;

  /**
   * The newest mail in the outbox that contains every one of `texts`, waited for (mail goes out after
   * the answer: a second mail about the same thing may not be there yet, so name what sets it apart).
   */
  async function mailContaining(...texts: string[]): Promise<string> {
    for (let i = 0; i < 400; i++) {
      const found = outbox()
        .map(decodeMail)
        .reverse()
        .find((m) => texts.every((text) => m.includes(text)));
      if (found) return found;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no mail containing ${texts.join(' + ')}`);
  }

  /**
   * A new staff account holding exactly these permissions, signed in. Created as a manager does (no
   * password); its owner then sets STAFF_PASSWORD from the code in the invitation mail.
   */
  async function createStaff(permissions: Permission[] = [], role: Role = 'STAFF') {
    counter++;
    const username = `staff${counter}_${Math.random().toString(36).slice(2, 7)}`;
    const res = await call('POST', '/api/users/addUser', {
      token: adminToken,
      body: {
        fullName: `Nhân Viên Thử ${counter}`,
        username,
        email: `staff${counter}@example.com`,
        role,
        permissions,
      },
    });
    if (res.status !== 201) throw new Error(`createStaff failed: ${res.status} ${res.body}`);
    const user = res.json as { userId: number; username: string };
    await setOwnPassword(user.username, STAFF_PASSWORD);
    return { id: user.userId, username: user.username, token: await login(user.username, STAFF_PASSWORD) };
  }

  /** The owner of a new account sets its password from the invitation mail's code. */
  async function setOwnPassword(username: string, password: string) {
    const code = codeOf(await mailContaining(`Tên đăng nhập: ${username}\n`));
    const res = await call('POST', '/api/auth/reset-password/confirm', {
      query: { username, token: code, newPassword: password },
    });
    if (res.status !== 200) throw new Error(`setting the password of ${username} failed: ${res.body}`);
  }

  /** Messages the mailer wrote to DATA_DIR/outbox (SMTP_URL unset), oldest first. */
  function outbox(): string[] {
    const dir = join(dataDir, 'outbox');
    try {
      return readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'));
    } catch {
      return [];
    }
  }

  async function close() {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  return {
    ...built,
    config,
    dataDir,
    database,
    call,
    login,
    adminToken,
    createStaff,
    setOwnPassword,
    mailContaining,
    outbox,
    close,
    /** Names of the stored files under an uploads folder ("cars"), on disk or in S3. */
    storedNames: (folder: string) => storedNames(config, folder),
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
