// Start-up figures of the real server: from spawning the process to the first 200 of GET /api/ready,
// on the embedded database, as `npm start` runs it (the build in dist/, `npm run build` first) and,
// for comparison, from the TypeScript sources through tsx (`npm run dev`).
//   cold: an empty DATA_DIR (creates the database, migrates, creates the admin; "with demo" also
//         fills the demo showroom, as a first `npm start` does)
//   warm: the same DATA_DIR again (the demo showroom already there)
// The built web app (dist/web) is served, as by `npm start`. Besides the wall time it prints the CPU time
// the server used until ready, which a machine busy with other work changes much less.
// Usage: npm run bench:startup [-- rounds=3 [built]]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Entry,
  ROOT,
  type ServerProcess,
  startServer,
  stopServer,
  tempDataDir,
} from '../test/db/server-process';

const rounds = Number(process.argv[2] ?? 3);
// `built` alone skips the comparison with the sources.
const entries: Entry[] = process.argv[3] === 'built' ? ['built'] : ['built', 'source'];
if (!existsSync(join(ROOT, 'dist/server/main.js')) || !existsSync(join(ROOT, 'dist/web/index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const WEB_DIR = join(ROOT, 'dist/web');

/**
 * CPU time the process has used so far (user + system, Linux): on a machine shared with other work the
 * wall time depends on what else runs, the CPU time much less.
 */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of the whole line, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timed(dir: string, demo: boolean, entry: Entry): Promise<{ wall: number; cpu: number }> {
  const proc: ServerProcess = await startServer(dir, { WEB_DIR, DEMO_DATA: demo ? 'on' : 'off' }, entry);
  const cpu = cpuMs(proc.pid);
  const exit = await stopServer(proc);
  if (exit.code !== 0) throw new Error(`server exited with ${JSON.stringify(exit)}:\n${proc.output()}`);
  return { wall: proc.readyAfterMs!, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: string[][] = [];
for (const entry of entries) {
  for (const demo of [true, false]) {
    const cold: { wall: number; cpu: number }[] = [];
    const warm: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      const dir = tempDataDir();
      try {
        cold.push(await timed(dir, demo, entry));
        warm.push(await timed(dir, demo, entry));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    const what = `${entry === 'built' ? 'dist/server/main.js' : 'tsx src/server/main.ts'}, ${demo ? 'demo showroom' : 'no demo data'}`;
    for (const [name, runs] of [
      ['cold', cold],
      ['warm', warm],
    ] as const) {
      const wall = runs.map((r) => r.wall);
      const cpu = runs.map((r) => r.cpu);
      rows.push([what, name, String(median(wall)), wall.join(', '), String(median(cpu))]);
    }
  }
}
const header = ['server', 'start', 'median ms', 'runs ms', 'CPU ms (median)'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
for (const r of [header, widths.map((w) => '-'.repeat(w)), ...rows])
  console.log(r.map((c, i) => c.padEnd(widths[i]!)).join('  '));
