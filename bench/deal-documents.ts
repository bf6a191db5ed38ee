/**
 * npm run bench:deal-documents: how long the server takes to answer GET /api/deals/{id}/documents/{kind}
 * (read the deal, its car, payments and the settings; draw the PDF with its embedded font), in process on
 * PGlite, one request after another. Prints the first answer of each kind (cold: font files read, code not
 * yet compiled), then, after 20 rounds of warm-up, the p50 / p95 / max of BENCH_RUNS (default 100) answers per kind. The goal is p95 under 300 ms. Asserts nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEAL_DOCUMENT_KINDS } from '../src/contract/deal-documents';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';
import { bootstrap } from '../src/server/db/seed/bootstrap';

const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARM_UP = 20;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-bench-deals-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_PASSWORD: 'Bench12345',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'no-web'),
    JOBS_POLL_MS: '0',
  });
  const database = await openPglite(null);
  const { app, ctx, services } = await buildApp({ config, database, logger: false });
  await bootstrap(ctx, config, services);
  await app.ready();
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload ? { payload: payload as never } : {}),
    });
  const token = (
    await call('POST', '/api/auth/login', undefined, { username: 'admin', password: 'Bench12345' })
  ).body;
  const car = await call('POST', '/api/cars/admin/add', token, {
    carName: 'Toyota Vios 1.5G CVT',
    brand: 'Toyota',
    model: 'Vios',
    version: '1.5G CVT',
    year: 2021,
    sellPrice: 458_000_000,
    odo: 32_000,
    bodyType: 'SEDAN',
    size: 5,
    fuel: 'PETROL',
    transmission: 'AUTOMATIC',
    drivetrain: 'FWD',
    engine: '1.5L',
    exteriorColor: 'Trắng',
    interiorColor: 'Be',
    origin: 'DOMESTIC',
    licensePlateRegion: 'TP.HCM',
    previousOwners: 1,
    description: 'Xe gia đình.',
    features: [],
    status: 'available',
  });
  const carId = car.json().carId;
  const deal = await call('POST', '/api/deals', token, {
    carId,
    customer: {
      fullName: 'Nguyễn Thị Hương',
      phone: '0912345678',
      idNumber: '001190012345',
      address: 'Hà Nội',
    },
    tradeIn: { description: 'Hyundai Grand i10 2017', value: 180_000_000 },
  });
  const dealId = deal.json().dealId;
  await call('PUT', `/api/deals/${dealId}`, token, {
    vehicle: { vin: 'RLUBF3FC5LN012345', engineNumber: '2NRX123456', plate: '51H-123.45' },
    handover: {
      odometerKm: 32_100,
      keys: 2,
      papers: ['Đăng ký xe'],
      accessories: ['Thảm'],
      condition: 'Tốt',
    },
  });
  console.log(
    `deal documents, PGlite in process, ${RUNS} answers per kind after a warm-up of ${WARM_UP} each`,
  );
  const firsts = new Map<string, number>();
  for (const kind of DEAL_DOCUMENT_KINDS) {
    const t0 = performance.now();
    await call('GET', `/api/deals/${dealId}/documents/${kind}`, token);
    firsts.set(kind, performance.now() - t0);
  }
  // The server's code paths compiled by the JIT, as on a server that has answered a few requests.
  for (let i = 0; i < WARM_UP; i++)
    for (const kind of DEAL_DOCUMENT_KINDS)
      await call('GET', `/api/deals/${dealId}/documents/${kind}`, token);
  for (const kind of DEAL_DOCUMENT_KINDS) {
    const url = `/api/deals/${dealId}/documents/${kind}`;
    const first = await call('GET', url, token);
    const cold = firsts.get(kind) ?? 0;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const res = await call('GET', url, token);
      times.push(performance.now() - s);
      if (res.statusCode !== 200) throw new Error(`${kind}: ${res.statusCode}`);
    }
    console.log(
      `${kind.padEnd(17)} first ${cold.toFixed(1)} ms · p50 ${pct(times, 50).toFixed(1)} ms · p95 ${pct(times, 95).toFixed(1)} ms · max ${Math.max(...times).toFixed(1)} ms · ${(first.rawPayload.length / 1024).toFixed(0)} KiB`,
    );
  }
  await app.close();
  await database.close();
}

await main();
