// The real server (src/server/main.ts) in a child process, production mode, demo showroom, on a
// fresh DATA_DIR, serving a given web build.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { freePort, NODE, ROOT } from '../../test/db/server-process';

export interface BenchServer {
  base: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export async function startBenchServer(dataDir: string, webDir: string): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !/^(DATABASE_URL|TEST_|VITEST|NODE_ENV$|JWT_SECRET$|SMTP_URL$|S3_|GEMINI_|OPENAI_|AI_)/.test(k),
    ),
  );
  const child = spawn(NODE, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...clean,
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_PASSWORD: 'Admin12345',
      DATA_DIR: join(dataDir, 'data'),
      WEB_DIR: webDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DEMO_DATA: 'on',
      AI_PROVIDER: 'offline',
      LOG_LEVEL: 'warn',
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
  const exited = new Promise<void>((ok) => child.on('exit', () => ok()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (gone) throw new Error(`server exited before it was ready:\n${out}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      if (res.status === 200) return { base, child, output: () => out, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server not ready after 180 s:\n${out}`);
}
