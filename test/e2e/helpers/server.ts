import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copySeededDir, serverArgs } from '../../db/server-process';

/** The project root (two levels above test/e2e/helpers). */
export const ROOT = resolve(import.meta.dirname, '../../..');
/** The first admin's password on every server these helpers start (username `admin`). */
export const E2E_ADMIN_PASSWORD = 'Admin12345';

export interface StartServerOptions {
  /** Extra or overriding environment variables (e.g. { DEMO_DATA: 'off' }). */
  env?: Record<string, string>;
  /** Use this data directory instead of a fresh temporary one (it is then kept on stop). */
  dataDir?: string;
  /**
   * Start from a copy of this data directory, one a server already filled with the demo showroom
   * (seed-template.ts): 5 s to ready instead of 25 s. Its outbox and lock file are not copied.
   */
  seededFrom?: string;
  /** How long to wait for /api/ready (default 90 s). */
  readyTimeoutMs?: number;
}

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  adminUsername: string;
  adminPassword: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Stops the process (SIGKILL on a temporary data directory, which it then removes; SIGTERM, SIGKILL after 10 s, on a kept one). */
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => child.once('exit', () => ok()));
}

/**
 * Starts the real server as a child process on 127.0.0.1 and a free port (the build `npm start` runs,
 * dist/server/main.js, when it is up to date with the sources; `tsx src/server/main.ts` otherwise), with a temporary DATA_DIR, DEMO_DATA=on, a known admin password and LOG_LEVEL=warn; resolves
 * once GET /api/ready answers 200. It serves the built web app from dist/web: run `npx vite build` first.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  if (!existsSync(join(ROOT, 'dist/web/index.html'))) {
    throw new Error('dist/web/index.html is missing: run `npm run build` before the browser journeys');
  }
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'showroom-e2e-'));
  if (opts.seededFrom && ownDir) copySeededDir(opts.seededFrom, dataDir);
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Never inherit a real database, mail server or secret from the shell running the tests.
    DATABASE_URL: undefined,
    SMTP_URL: undefined,
    JWT_SECRET: undefined,
    WEB_DIR: undefined,
    // The journeys mail the same few addresses from 127.0.0.1 all day long (the caps: test/api/visitor-mail-cap.test.ts).
    VISITOR_MAIL_PER_ADDRESS_PER_DAY: '100000',
    VISITOR_MAIL_PER_IP_PER_DAY: '100000',
    // Load shedding judges the machine, not the journey: three journeys, their Chromiums and servers on
    // two busy cores stalled a server's loop past 2 s and it answered 503 (test/helpers/app.ts likewise).
    OVERLOAD_DELAY_MS: '0',
    ...opts.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];

  const child = spawn(join(ROOT, 'node_modules/.bin/node'), serverArgs(), {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });

  const url = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      // A temporary data folder is thrown away: nothing to close cleanly (a graceful stop, the embedded
      // database's checkpoint, cost 2 to 6 s a journey). A folder the caller keeps is closed properly.
      child.kill(ownDir ? 'SIGKILL' : 'SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    }
    if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited before it was ready (code ${child.exitCode}):\n${log}`);
    }
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready in time:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    port,
    dataDir,
    adminUsername: env.ADMIN_USERNAME ?? 'admin',
    adminPassword: env.ADMIN_PASSWORD ?? E2E_ADMIN_PASSWORD,
    output: () => log,
    stop,
  };
}
