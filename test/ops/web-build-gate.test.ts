// `npm start` builds the web app beside the server's start (scripts/start.mjs): the server opens the
// database and creates the admin meanwhile, but listens only once the build is done, and stops with a
// clear message, its database closed, when the build fails.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ServerProcess,
  spawnServer,
  startServer,
  stopServer,
  tempDataDir,
  waitReady,
} from '../db/server-process';

const GATE = join(import.meta.dirname, 'fixtures', 'web-build-gate.mjs');
const dirs: string[] = [];
const procs: ServerProcess[] = [];

afterEach(async () => {
  for (const p of procs.splice(0)) await stopServer(p);
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function gated() {
  const dir = tempDataDir();
  dirs.push(dir);
  const gateFile = join(dir, 'web-build');
  const proc = await spawnServer(dir, { WEB_GATE_FILE: gateFile }, undefined, [GATE]);
  procs.push(proc);
  const deadline = performance.now() + 120_000;
  while (!proc.output().includes('web build awaited')) {
    if (proc.child.exitCode !== null || performance.now() > deadline)
      throw new Error(`the server never waited for the web build:\n${proc.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { dir, gateFile, proc };
}

const listening = (proc: ServerProcess) =>
  fetch(`${proc.base}/api/ready`).then(
    () => true,
    () => false,
  );

describe('the server waits for the web build npm start runs beside it', () => {
  it('is not listening while the web app builds, and answers once it is built', async () => {
    const { gateFile, proc } = await gated();
    // The database is open and the admin created by now; still nobody is let in.
    await new Promise((r) => setTimeout(r, 300));
    expect(await listening(proc)).toBe(false);
    writeFileSync(gateFile, 'ok');
    await waitReady(proc);
    const login = await fetch(`${proc.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'Admin12345' }),
    });
    expect(login.status).toBe(200);
  });

  it('stops with the reason when the build fails, leaving a database the next start opens', async () => {
    const { dir, gateFile, proc } = await gated();
    writeFileSync(gateFile, 'fail');
    const { code } = await proc.exited;
    expect(code).toBe(1);
    expect(proc.output()).toContain('Không dựng được giao diện web: vite build: exit 1');
    expect(proc.output()).not.toMatch(/^\s+at /m);
    expect(existsSync(join(dir, 'data'))).toBe(true);
    const again = await startServer(dir);
    procs.push(again);
    expect((await fetch(`${again.base}/api/ready`)).status).toBe(200);
  });
});
