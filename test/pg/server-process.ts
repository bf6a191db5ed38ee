import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { serverArgs } from '../db/server-process';

export const ADMIN_PASSWORD = 'Admin12345';
export const JWT_SECRET = 'fanout-secret-fanout-secret-fanout-secret-0123';

/** A fresh database on the TEST_DATABASE_URL server; drop() removes it. */
export async function freshDatabase(serverUrl: string) {
  const name = `fanout_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  stop(): Promise<void>;
}

/** The server (the build when fresh, else the sources through tsx) on its own port; resolves once it prints its address. */
export async function startServer(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-proc-'));
  const child = spawn(resolve('node_modules/.bin/node'), serverArgs(), {
    cwd: resolve('.'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD,
      JWT_SECRET,
      DEMO_DATA: 'off',
      DATA_DIR: dataDir,
      WEB_DIR: join(dataDir, 'no-web'),
      // Generous caps on visitor mail unless a test sets its own (test/pg/visitor-mail-processes.test.ts).
      VISITOR_MAIL_PER_ADDRESS_PER_DAY: '100000',
      VISITOR_MAIL_PER_IP_PER_DAY: '100000',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    const check = () => {
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolvePort(Number(m[1]));
    };
    child.stdout!.on('data', check);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function api(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of every shape, read by the tests
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}
