/**
 * npm run bench: GET /api/cars with three filters and GET /api/cars/{id}, 50 concurrent connections,
 * beside a bare Fastify "hello" route in the same server process, on PGlite and on PostgreSQL.
 * Prints requests per second, p50 / p99 latency and the ratio to the bare route. A benchmark, not a test.
 *
 *   npm run bench                      # both databases (PostgreSQL at BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_DRIVERS=pglite npm run bench # one database
 *   BENCH_SECONDS=10 BENCH_CARS=10000  # duration of each run, number of generated cars
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { LIST_QUERY } from './list-query';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',').map((d) => d.trim());

interface Ready {
  driver: string;
  port: number;
  uncachedPort: number;
  barePort: number;
  /** Size of the filtered list's answer, which the bare /same-bytes route serves as well. */
  listBytes: number;
  ids: number[];
  seedSeconds: number;
}

interface Row {
  driver: string;
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startServer(driver: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cars-server.ts', driver, PG_URL], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      try {
        const msg = JSON.parse(line);
        if (msg.ready) resolve({ child, ready: msg });
      } catch {
        process.stdout.write(`${line}\n`);
      }
    });
    child.on('exit', (code) => reject(new Error(`bench server (${driver}) exited with ${code}`)));
  });
}

async function run(name: string, driver: string, url: string, paths?: string[]): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(paths
      ? {
          requests: [
            {
              setupRequest: (req: { path: string }) => {
                req.path = paths[i++ % paths.length];
                return req;
              },
            },
          ],
        }
      : {}),
  } as autocannon.Options);
  return {
    driver,
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const rows: Row[] = [];
  for (const driver of DRIVERS) {
    if (driver === 'pg' && !(await pgReachable())) {
      console.log(`PostgreSQL không kết nối được (${PG_URL}): bỏ qua.`);
      continue;
    }
    console.log(`\n[${driver}] tạo cơ sở dữ liệu và ${process.env.BENCH_CARS ?? 10_000} xe...`);
    const { child, ready } = await startServer(driver);
    try {
      console.log(
        `[${driver}] ${ready.ids.length ? 'sẵn sàng' : ''} (sinh dữ liệu ${ready.seedSeconds.toFixed(1)} s)`,
      );
      const base = `http://127.0.0.1:${ready.port}`;
      // Warm up the JIT, the pool and the database caches.
      await autocannon({ url: `${base}/api/cars?${LIST_QUERY}`, connections: 10, duration: 2 });
      const detailPaths = ready.ids.slice(0, 500).map((id) => `/api/cars/${id}`);
      const uncached = `http://127.0.0.1:${ready.uncachedPort}`;
      rows.push(await run('bare hello', driver, `http://127.0.0.1:${ready.barePort}/hello`));
      rows.push(await run('GET /api/health (app, no query)', driver, `${base}/api/health`));
      rows.push(
        await run(
          `bare, the list's ${ready.listBytes} bytes`,
          driver,
          `http://127.0.0.1:${ready.barePort}/same-bytes`,
        ),
      );
      rows.push(await run('GET /api/cars (3 filters)', driver, `${base}/api/cars?${LIST_QUERY}`));
      // The 500 cars are read once first: the steady state of a showroom whose cars are being looked at.
      for (const path of detailPaths) await fetch(`${base}${path}`).then((r) => r.arrayBuffer());
      rows.push(await run('GET /api/cars/{id} (500 cars)', driver, base, detailPaths));
      rows.push(
        await run('GET /api/cars (3 filters), no cache', driver, `${uncached}/api/cars?${LIST_QUERY}`),
      );
      rows.push(await run('GET /api/cars/{id}, no cache', driver, uncached, detailPaths));
      // The car page's report and papers, each its own request below the fold: the cars with a report.
      const reportPaths: string[] = [];
      for (const id of ready.ids.slice(0, 1000)) {
        const res = await fetch(`${base}/api/cars/${id}/inspection`);
        await res.arrayBuffer();
        if (res.ok) reportPaths.push(`/api/cars/${id}/inspection`);
        if (reportPaths.length === 500) break;
      }
      const historyPaths = reportPaths.map((p) => p.replace('/inspection', '/history'));
      rows.push(
        await run(`GET /api/cars/{id}/inspection (${reportPaths.length} reports)`, driver, base, reportPaths),
      );
      rows.push(await run('GET /api/cars/{id}/inspection, no cache', driver, uncached, reportPaths));
      rows.push(await run('GET /api/cars/{id}/history (same cars)', driver, base, historyPaths));
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }

  console.log(`\n${CONNECTIONS} kết nối đồng thời, ${SECONDS} s mỗi lượt, lọc: ?${LIST_QUERY}\n`);
  const header = ['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'vs same bytes', 'errors'];
  const table = rows.map((r) => {
    const bare = rows.find((b) => b.driver === r.driver && b.name === 'bare hello');
    const sameBytes = rows.find((b) => b.driver === r.driver && b.name.startsWith("bare, the list's"));
    return [
      r.driver,
      r.name,
      String(r.rps),
      String(r.p50),
      String(r.p99),
      bare ? `${((r.rps / bare.rps) * 100).toFixed(0)}%` : '',
      sameBytes && r.name.startsWith('GET /api/cars (3 filters)')
        ? `${((r.rps / sameBytes.rps) * 100).toFixed(0)}%`
        : '',
      String(r.errors + r.non2xx),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
