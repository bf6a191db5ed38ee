// Start-up figures of `npm start` as a new user meets it: from typing `npm start` to the first 200 of
// GET /api/ready.
//   first start: a fresh copy of the project (the files git knows, node_modules as after `npm install`,
//                no dist/, no data folder, an empty Node compile cache): it builds dist/, creates the
//                database, creates the admin and fills the demo showroom. Also printed: when the last
//                demo car has its photos (they are drawn after the server is ready).
//   warm restart: `npm start` again on the same copy (dist/ built, the showroom there).
// Each round uses a new copy; the figures are the medians. The machine's load (uptime) is printed with
// them: on a machine shared with other work the wall times follow it.
// Usage: npm run bench:startup [-- rounds=3]   (STARTUP_SOURCE=DIR: measure the project exported in DIR)
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, ROOT } from '../test/db/server-process';

const rounds = Number(process.argv[2] ?? 3);
const SOURCE = process.env.STARTUP_SOURCE;

/** The project as a clone has it (tracked and new files, nothing ignored), with the installed packages. */
function freshCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-first-start-'));
  // Another version to compare with (an export of an older commit: `git archive <commit> | tar -x -C DIR`).
  if (SOURCE) {
    cpSync(SOURCE, dir, { recursive: true, filter: (src) => !src.includes('/node_modules') });
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
    return dir;
  }
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const f of files) {
    try {
      mkdirSync(dirname(join(dir, f)), { recursive: true });
      cpSync(join(ROOT, f), join(dir, f));
    } catch {
      // A file deleted but not yet committed.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * CPU time used so far by `npm start` and everything it started (the build's processes, reaped, count
 * through their parents' cutime/cstime; the server's threads through its own): on a machine shared with
 * other work the wall time follows the load, the CPU time much less.
 */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const f = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1].split(' ');
      // From the state (field 3): pgrp is field 5, utime..cstime fields 14 to 17.
      if (Number(f[2]) !== pgid) continue;
      ticks += Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks * 10;
}

interface Run {
  readyMs: number;
  /** CPU time of npm start and its processes until ready. */
  cpuMs: number;
  /** When every demo car had its photos (first start only). */
  photosMs?: number;
}

async function untilReady(base: string, child: ChildProcess, started: number, out: () => string) {
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`npm start exited before it was ready:\n${out()}`);
    if (performance.now() - started > 300_000) throw new Error(`not ready after 300 s:\n${out()}`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function npmStart(dir: string, waitForPhotos: boolean): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...Object.fromEntries(
        Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|NODE_ENV)$/.test(k)),
      ),
      PATH: `${join(dir, 'node_modules', '.bin')}:${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'Admin12345',
      LOG_LEVEL: 'info',
      NODE_COMPILE_CACHE: join(dir, '.compile-cache'),
    },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  try {
    const readyMs = await untilReady(base, child, started, () => output);
    const cpuMs = groupCpuMs(child.pid!);
    let photosMs: number | undefined;
    if (waitForPhotos) {
      // The photos job logs this line once the last car has its photos (db/seed/demo-photos.ts); a version
      // that drew them before it was ready has none.
      while (!SOURCE && !output.includes('demo photos drawn')) {
        if (performance.now() - started > 600_000)
          throw new Error(`demo photos not drawn after 600 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      photosMs = performance.now() - started;
    }
    return { readyMs, cpuMs, photosMs };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.on('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await gone;
    }
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first: Run[] = [];
const warm: Run[] = [];
const load: string[] = [];
for (let i = 0; i < rounds; i++) {
  const dir = freshCopy();
  try {
    load.push(loadavg()[0].toFixed(1));
    first.push(await npmStart(dir, true));
    warm.push(await npmStart(dir, false));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const s = (ms: number) => (ms / 1000).toFixed(1);
const row = (what: string, runs: number[]) => [what, s(median(runs)), runs.map(s).join(', ')];
const rows = [
  row(
    'first `npm start` to ready',
    first.map((r) => r.readyMs),
  ),
  row(
    '  CPU time until then',
    first.map((r) => r.cpuMs),
  ),
  row(
    '  every demo photo drawn',
    first.map((r) => r.photosMs!),
  ),
  row(
    'warm restart to ready',
    warm.map((r) => r.readyMs),
  ),
  row(
    '  CPU time until then',
    warm.map((r) => r.cpuMs),
  ),
];
const header = ['npm start', 'median s', 'runs s'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, widths.map((w) => '-'.repeat(w)), ...rows])
  console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
console.log(
  `load average (1 min) at each round's start: ${load.join(', ')}; ${readFileSync('/proc/cpuinfo', 'utf8').split('processor').length - 1} cores`,
);
