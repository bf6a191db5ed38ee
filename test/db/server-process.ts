import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isFresh } from '../../scripts/build/stamp.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
export const NODE = join(ROOT, 'node_modules/.bin/node');
export const ADMIN_PASSWORD = 'Admin12345';

/** A port nobody listens on right now (the OS picks it; PORT=0 would hide it from us). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => ok(port));
    });
  });
}

/** Files of a filled data folder that belong to the process that filled it, not to the showroom. */
const NOT_COPIED = new Set(['outbox', 'server.lock', '.e2e-seeded']);

/** Copies a data folder the demo showroom was filled into, as a new server's own. */
export function copySeededDir(from: string, to: string) {
  cpSync(from, to, {
    recursive: true,
    filter: (src) => src === from || !NOT_COPIED.has(src.slice(from.length + 1)),
  });
}

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-db-'));
  mkdirSync(join(dir, 'web'));
  return dir;
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  base: string;
  dataDir: string;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Milliseconds from spawn to the first 200 of /api/ready (after waitReady). */
  readyAfterMs?: number;
}

/** The server's sources through tsx, or the build `npm start` runs. */
export type Entry = 'source' | 'built';
const ENTRY_ARGS: Record<Entry, string[]> = {
  source: ['--import', 'tsx', 'src/server/main.ts'],
  built: ['--enable-source-maps', 'dist/server/main.js'],
};

let fresh: boolean | undefined;
/**
 * The build when it was made from the sources as they are now (`npm test` builds before the API stage),
 * the sources through tsx otherwise: the same code either way, and a built process starts on about half
 * the CPU (no TypeScript to compile, drizzle-orm bundled).
 */
export function currentEntry(): Entry {
  fresh ??= isFresh('server');
  return fresh ? 'built' : 'source';
}

/** The node arguments that start the current server (see currentEntry). */
export function serverArgs(entry: Entry = currentEntry()): string[] {
  return ENTRY_ARGS[entry];
}

/**
 * Starts the server on `dataDir/data` (the web dir is empty unless WEB_DIR says otherwise); `preload`:
 * modules node imports before the server (`--import`).
 */
export async function spawnServer(
  dataDir: string,
  env: Record<string, string> = {},
  entry: Entry = currentEntry(),
  preload: string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|TEST_|VITEST|NODE_ENV$|JWT_SECRET$|SMTP_URL$)/.test(k),
    ),
  );
  const started = performance.now();
  const child = spawn(NODE, [...preload.flatMap((m) => ['--import', m]), ...serverArgs(entry)], {
    cwd: ROOT,
    env: {
      ...clean,
      NODE_ENV: 'development',
      DATA_DIR: join(dataDir, 'data'),
      WEB_DIR: join(dataDir, 'web'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      ADMIN_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => {
    child.on('exit', (code, signal) => ok({ code, signal }));
  });
  const proc: ServerProcess = {
    child,
    pid: child.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir: join(dataDir, 'data'),
    output: () => out,
    exited,
  };
  (proc as { started?: number }).started = started;
  return proc;
}

/** Polls /api/ready until it answers 200; throws with the output when the process exits first. */
export async function waitReady(proc: ServerProcess, limitMs = 170_000): Promise<ServerProcess> {
  let gone: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  void proc.exited.then((how) => {
    gone = how;
  });
  const started = (proc as { started?: number }).started ?? performance.now();
  while (performance.now() - started < limitMs) {
    if (gone) {
      const { code, signal } = gone;
      throw new Error(
        `server exited before it was ready (code ${code}, signal ${signal}):\n${proc.output()}`,
      );
    }
    try {
      const res = await fetch(`${proc.base}/api/ready`);
      if (res.status === 200) {
        proc.readyAfterMs = Math.round(performance.now() - started);
        return proc;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`server not ready:\n${proc.output()}`);
}

export async function startServer(dataDir: string, env: Record<string, string> = {}, entry?: Entry) {
  return waitReady(await spawnServer(dataDir, env, entry));
}

/** Sends a signal and waits for the exit. */
export async function stopServer(proc: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill(signal);
  return proc.exited;
}

export async function api(
  proc: ServerProcess,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
) {
  const res = await fetch(`${proc.base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read any JSON answer
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

export async function adminToken(proc: ServerProcess): Promise<string> {
  const res = await api(proc, 'POST', '/api/auth/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return res.text;
}

/** A pid that belonged to a process that has exited. */
export async function deadPid(): Promise<number> {
  const child = spawn(NODE, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((r) => child.on('exit', r));
  return child.pid!;
}
