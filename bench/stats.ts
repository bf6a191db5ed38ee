/**
 * npm run bench:stats: every dashboard statistics call on PostgreSQL with 10,000 cars, 5,000 sales (plus
 * ~300 cancelled) and 5,000 leads. The real application (routing, validation, access check, serialisation)
 * is called through inject() one request at a time: 20 warm-up calls, then BENCH_RUNS (default 200)
 * timed ones per call. Prints p50 / p95 / max in ms as a Markdown table. A benchmark, not a test.
 *
 *   npm run bench:stats                         # PostgreSQL at BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_CARS=10000 BENCH_SALES=5000 BENCH_LEADS=5000 BENCH_RUNS=200 npm run bench:stats
 *
 * It creates its own database and drops it at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { generateCars } from '../scripts/generate-cars';
import { generateLeads, generateSales } from '../scripts/generate-sales';
import { vnDayKey } from '../src/contract/format';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { bootstrap } from '../src/server/db/seed/bootstrap';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CARS = Number(process.env.BENCH_CARS ?? 10_000);
const SALES = Number(process.env.BENCH_SALES ?? 5_000);
const LEADS = Number(process.env.BENCH_LEADS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
/** BENCH_KEEP=1 leaves the database in place (its name is printed) to look at query plans. */
const KEEP = process.env.BENCH_KEEP === '1';

function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-bench-stats-'));
  const dbName = `bench_stats_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    console.log(`PostgreSQL không kết nối được (${PG_URL}): bỏ qua.`);
    return;
  }
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${dbName}`;
  const database = await openPostgres(url.toString());
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_PASSWORD: 'Bench12345',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'no-web'),
  });
  const { app, ctx, services } = await buildApp({ config, database, logger: false });
  try {
    await bootstrap(ctx, config, services);
    await app.ready();
    console.log(`[pg] sinh ${CARS} xe, ${SALES} giao dịch bán, ${LEADS} yêu cầu dịch vụ...`);
    const started = performance.now();
    await generateCars(ctx.db, services.cars, ctx.storage, CARS);
    const made = await generateSales(ctx.db, SALES);
    await generateLeads(ctx.db, LEADS);
    // As autovacuum leaves a live database: statistics and the visibility map up to date.
    await database.pool!.query('vacuum analyze');
    console.log(
      `[pg] ${made.sales} giao dịch, ${made.cancelled} đã hủy; sinh dữ liệu ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'Bench12345' },
    });
    const token = login.body;
    const today = vnDayKey(new Date());
    const year = today.slice(0, 4);
    const lastYear = `${Number(year) - 1}`;
    const range = `from=01/01/${lastYear}&to=31/12/${lastYear}`;
    const calls = [
      'cars',
      `cars?${range}`,
      'available-cars',
      'pending-cars',
      'sold-cars',
      `sold-cars?${range}`,
      'sold-cars?list=true&page=10&size=20',
      'available-cars?list=true&page=10&size=20',
      'sold-cars-by-brand',
      `sold-cars-by-brand?${range}`,
      'total-cars-by-brand',
      'sold-cars-by-years',
      `sold-cars-by-months?year=${year}`,
      `sold-cars-by-months?${range}`,
      'service-requests',
      `service-requests?status=NEW&${range}`,
      'summary',
      `summary?${range}`,
      'sales-performance',
      `sales-performance?${range}`,
      'salespeople',
      'leads-by-week',
      `leads-by-week?${range}`,
      'lead-response',
      `lead-response?${range}`,
    ];
    const rows: string[] = [];
    let worst = 0;
    for (const path of calls) {
      const call = () =>
        app.inject({
          method: 'GET',
          url: `/api/dashboard/${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
      const first = await call();
      if (first.statusCode !== 200) throw new Error(`${path}: ${first.statusCode} ${first.body}`);
      for (let i = 0; i < WARMUP; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p95 = quantile(times, 0.95);
      worst = Math.max(worst, p95);
      rows.push(
        `| GET /api/dashboard/${path.replace(/\|/g, '\\|')} | ${quantile(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`,
      );
    }
    console.log('\n| call | p50 ms | p95 ms | max ms |\n| --- | ---: | ---: | ---: |');
    for (const r of rows) console.log(r);
    console.log(
      `\np95 cao nhất: ${worst.toFixed(1)} ms (mục tiêu 50 ms) — ${worst <= 50 ? 'ĐẠT' : 'CHƯA ĐẠT'}`,
    );
  } finally {
    await app.close();
    await database.close();
    if (KEEP) console.log(`Giữ lại cơ sở dữ liệu ${dbName}`);
    else {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
