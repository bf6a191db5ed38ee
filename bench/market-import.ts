// A valid market price list of 50.000 rows (generated listings as a CSV) imported through a real server
// process, the build `npm start` runs (dist/server), while GET /api/health is polled every 100 ms. Prints
// the import's time, the slowest health answer and the growth of the process's peak resident memory.
// On the embedded database by default; BENCH_DATABASE_URL=postgres://… (an empty database) for PostgreSQL.
// Usage: node scripts/build/index.mjs --if-stale server && node --import tsx bench/market-import.ts [rows]
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { generateListings, listingsCsv } from '../src/server/db/seed/market-listings';
import { adminToken, startServer, stopServer, tempDataDir } from '../test/db/server-process';

const rows = Number(process.argv[2] ?? 50_000);
const dir = tempDataDir();
const url = process.env.BENCH_DATABASE_URL;
const env: Record<string, string> = url ? { DATABASE_URL: url } : {};
const proc = await startServer(dir, env, 'built');
const kb = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1]);

try {
  const token = await adminToken(proc);
  const csv = Buffer.from(listingsCsv(generateListings(rows, { seed: 7, now: new Date(), months: 6 }), 7));
  const before = kb('VmRSS');
  // The peak (VmHWM) starts again from the current resident size.
  writeFileSync(`/proc/${proc.pid}/clear_refs`, '5');
  let done = false;
  let slowest = 0;
  let failed = 0;
  const poll = (async () => {
    while (!done) {
      const t0 = performance.now();
      const ok = await fetch(`${proc.base}/api/health`)
        .then((r) => r.arrayBuffer())
        .then(
          () => true,
          () => false,
        );
      slowest = Math.max(slowest, performance.now() - t0);
      if (!ok) failed++;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csv)]), 'bang-gia.csv');
  const t0 = performance.now();
  const res = await fetch(`${proc.base}/api/market-prices/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await res.json()) as { rows?: number; imported?: number; message?: string };
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await poll;
  console.log(
    `${url ? 'PostgreSQL' : 'PGlite'}, ${(csv.length / 1024 / 1024).toFixed(1)} MB: ` +
      `${res.status} (${answer.rows ?? answer.message} rows, ${answer.imported ?? 0} stored) in ${seconds.toFixed(1)} s, ` +
      `slowest /api/health ${slowest.toFixed(0)} ms (${failed} failed), peak memory +${((kb('VmHWM') - before) / 1024).toFixed(0)} MB`,
  );
} finally {
  await stopServer(proc);
  rmSync(dir, { recursive: true, force: true });
}
