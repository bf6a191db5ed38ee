/**
 * npm run bench:reservations: the deposit path on PGlite and on PostgreSQL, in process.
 *   - create: POST /api/reservations one after another on distinct cars (p50 / p95 ms);
 *   - race: 20 visitors at once for one car, 10 cars (how many winners per car, p95 ms of the answers);
 *   - status page: GET /api/reservations/{code}?token= as the visitor's page polls it, 50 connections;
 *   - webhook: SePay notifications that confirm, one after another (p50 / p95 ms).
 * Prints figures; asserts nothing. BENCH_SECONDS (default 5), BENCH_DRIVERS=pglite,pg, BENCH_CARS (default 300).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { generateCars } from '../scripts/generate-cars';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { cars } from '../src/server/db/schema';
import { bootstrap } from '../src/server/db/seed/bootstrap';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CARS = Number(process.env.BENCH_CARS ?? 300);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DRIVERS = (process.env.BENCH_DRIVERS ?? 'pglite,pg').split(',').map((d) => d.trim());
const KEY = 'bench-sepay-key-0123456789';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => n.toFixed(1);

async function open(driver: string): Promise<Database> {
  if (driver !== 'pg') return openPglite(null);
  const name = `bench_resv_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return openPostgres(url.toString());
}

async function run(driver: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-bench-resv-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_PASSWORD: 'Bench12345',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'no-web'),
    RESERVATION_RATE_LIMIT: '100000',
    // Every visitor comes from an address of their own (X-Forwarded-For): one unpaid hold per address.
    TRUST_PROXY: 'on',
  });
  const database = await open(driver);
  const { app, ctx, services } = await buildApp({ config, database, logger: false });
  await bootstrap(ctx, config, services);
  const generated = await generateCars(ctx.db, services.cars, ctx.storage, CARS);
  // Only cars on sale can be reserved (the generated stock has held and sold cars too).
  const onSale = await ctx.db.select({ id: cars.id }).from(cars).where(eq(cars.status, 'available'));
  const free = new Set(onSale.map((c) => c.id));
  const ids = generated.filter((id) => free.has(id));
  await services.webConfig.update(
    {
      reservations: {
        enabled: true,
        depositMode: 'fixed',
        depositAmount: 10_000_000,
        depositPercent: 5,
        paidHoldDays: 3,
        bankBin: '970436',
        accountNumber: '0071000123456',
        accountName: 'CONG TY TNHH AUTOVIET',
        webhookApiKey: KEY,
      },
    },
    { userId: null, username: 'bench', ip: null },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return { status: res.status, json, ms: performance.now() - t0 };
  };
  // One visitor per i (phone, e-mail, address): each holds one unpaid reservation at a time.
  const visitor = (carId: number, i: number) => ({
    carId,
    fullName: `Khách ${i}`,
    phone: `09${String(10_000_000 + i).padStart(8, '0')}`,
    email: `k${i}@example.com`,
  });
  const from = (i: number) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` });

  const available = ids.slice(0, Math.min(ids.length, 200) - 10);
  const createTimes: number[] = [];
  const made: { code: string; token: string }[] = [];
  for (const [i, carId] of available.entries()) {
    const r = await post('/api/reservations', visitor(carId, i), from(i));
    if (r.status === 201) {
      createTimes.push(r.ms);
      made.push({ code: r.json.code, token: r.json.token });
    }
  }

  const raceTimes: number[] = [];
  const winners: number[] = [];
  for (const [k, carId] of ids.slice(available.length, available.length + 10).entries()) {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const who = 1000 + k * 20 + i;
        return post('/api/reservations', visitor(carId, who), from(who));
      }),
    );
    winners.push(answers.filter((a) => a.status === 201).length);
    raceTimes.push(...answers.map((a) => a.ms));
  }

  const page = made[0];
  const polled = await autocannon({
    url: `${base}/api/reservations/${page.code}?token=${page.token}`,
    connections: 50,
    duration: SECONDS,
  });

  const hookTimes: number[] = [];
  let confirmed = 0;
  for (const [i, r] of made.slice(0, 150).entries()) {
    const res = await post(
      '/api/payments/sepay',
      {
        id: 50_000 + i,
        gateway: 'Vietcombank',
        transactionDate: '2026-11-25 10:00:00',
        accountNumber: '0071000123456',
        content: `${r.code} chuyen coc`,
        transferType: 'in',
        transferAmount: 10_000_000,
        referenceCode: `FT${i}`,
      },
      { authorization: `Apikey ${KEY}` },
    );
    hookTimes.push(res.ms);
    if (res.status === 200) confirmed++;
  }

  await app.close();
  await database.close();
  return [
    `${driver.padEnd(6)} create         n=${createTimes.length}  p50 ${ms(pct(createTimes, 50))} ms  p95 ${ms(pct(createTimes, 95))} ms`,
    `${driver.padEnd(6)} race 20×10     winners per car ${[...new Set(winners)].join(',')}  p95 ${ms(pct(raceTimes, 95))} ms`,
    `${driver.padEnd(6)} status page    ${Math.round(polled.requests.average)} req/s  p50 ${polled.latency.p50} ms  p99 ${polled.latency.p99} ms  non-2xx ${polled.non2xx}`,
    `${driver.padEnd(6)} webhook        n=${hookTimes.length} confirmed ${confirmed}  p50 ${ms(pct(hookTimes, 50))} ms  p95 ${ms(pct(hookTimes, 95))} ms`,
  ];
}

const lines: string[] = [];
for (const driver of DRIVERS) lines.push(...(await run(driver)));
console.log(`\nReservations, ${CARS} cars, ${SECONDS} s polling run\n${lines.join('\n')}`);
process.exit(0);
