/**
 * npm run bench:valuation: how close the valuation engine comes to real prices. A market price list (a
 * generated one by default, or any CSV in the import format with --file) is read by the import's own
 * parser; a fifth of its rows is held out, the engine is built from the rest, and each held-out car is
 * valued by its name's brand, model and version, year, kilometres, gearbox and fuel. Prints the median
 * absolute percentage error, the share within 10 %, how often the range held the real price, how many
 * were refused, and the time of one valuation (p50, p95). With --import, also times the import of the
 * whole list into an embedded database through the real service. A benchmark that prints figures.
 *
 *   npm run bench:valuation                          # 10.000 generated listings
 *   npm run bench:valuation -- --rows 2000 --seed 7
 *   npm run bench:valuation -- --file prices.csv     # your own list (CSV in the import format)
 *   npm run bench:valuation -- --import              # also: import time of the list into PGlite
 *   npm run bench:valuation -- --import-pg           # and into PostgreSQL (BENCH_DATABASE_URL, a temporary database)
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { vnDayKey } from '../src/contract/format';
import { dictionaryLookup } from '../src/contract/query/car-name';
import { generateListings, listingsCsv } from '../src/server/db/seed/market-listings';
import { recogniseColumns } from '../src/server/modules/market-prices/columns';
import { readTable } from '../src/server/modules/market-prices/read-file';
import { type MarketRow, parseRow } from '../src/server/modules/market-prices/row-parse';
import { MarketIndex } from '../src/server/modules/valuations/engine/market-index';
import type { EvidenceInput } from '../src/server/modules/valuations/engine/types';
import { valueCar } from '../src/server/modules/valuations/engine/value';

const { values: args } = parseArgs({
  options: {
    file: { type: 'string' },
    rows: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '20260315' },
    import: { type: 'boolean', default: false },
    'import-pg': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

/** Seeded shuffle (mulberry32), so a run is repeatable. */
function shuffled<T>(list: T[], seed: number): T[] {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const evidence = (r: MarketRow, i: number, today: string): EvidenceInput => ({
  kind: 'market',
  ref: i + 1,
  carId: null,
  title: r.title,
  brand: r.brand,
  model: r.model,
  version: r.version,
  year: r.year,
  odo: r.odo,
  price: r.price,
  transmission: r.transmission,
  fuel: r.fuel,
  bodyType: r.bodyType,
  province: r.province,
  source: r.source,
  seenOn: r.listedOn ?? today,
});

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The whole list imported through the real service into a fresh database, timed. */
async function timeImport(
  bytes: Buffer,
  driver: 'pglite' | 'pg',
): Promise<{ seconds: number; imported: number }> {
  const { openPglite, openPostgres } = await import('../src/server/db/client');
  const { MarketPricesService } = await import('../src/server/modules/market-prices/service');
  const { systemClock } = await import('../src/server/platform/clock');
  const { SYSTEM_ACTOR } = await import('../src/server/platform/actor');
  const pg = (await import('pg')).default;
  const name = `bench_valuation_${Date.now().toString(36)}`;
  let database: Awaited<ReturnType<typeof openPglite>>;
  if (driver === 'pg') {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    database = await openPostgres(url.toString());
  } else database = await openPglite(null);
  try {
    const service = new MarketPricesService(database.db, systemClock);
    const t0 = performance.now();
    const result = await service.importFile({ name: 'bench.csv', bytes }, SYSTEM_ACTOR);
    return { seconds: (performance.now() - t0) / 1000, imported: result.imported };
  } finally {
    await database.close();
    if (driver === 'pg') {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

async function main() {
  const now = new Date();
  const seed = Number(args.seed);
  const bytes = args.file
    ? readFileSync(args.file)
    : Buffer.from(listingsCsv(generateListings(Number(args.rows), { seed, now }), seed));

  const t0 = performance.now();
  const table = await readTable(bytes);
  const cols = recogniseColumns(table.header);
  const ctx = { lookup: dictionaryLookup(), year: Number(vnDayKey(now).slice(0, 4)), names: new Map() };
  const rows: MarketRow[] = [];
  let unreadable = 0;
  for (const { cells } of table.rows) {
    const parsed = parseRow(cells, cols, ctx);
    if ('reason' in parsed) unreadable++;
    else rows.push(parsed);
  }
  const parseSeconds = (performance.now() - t0) / 1000;

  const today = vnDayKey(now);
  const all = shuffled(rows, seed);
  const cut = Math.floor(all.length / 5);
  const test = all.slice(0, cut);
  const train = all.slice(cut);
  const t1 = performance.now();
  const index = new MarketIndex(
    train.map((r, i) => evidence(r, i, today)),
    now.getTime(),
  );
  const buildMs = performance.now() - t1;

  const errors: number[] = [];
  const times: number[] = [];
  let within10 = 0;
  let covered = 0;
  let refused = 0;
  const byBasis: Record<string, { n: number; covered: number; errors: number[] }> = {};
  const byConfidence: Record<string, { n: number; covered: number; errors: number[] }> = {};
  const byOdometer: Record<string, { n: number; covered: number; errors: number[] }> = {};
  for (const r of test) {
    const start = performance.now();
    const out = valueCar(index, {
      brand: r.brand,
      model: r.model,
      version: r.version,
      year: r.year,
      odo: r.odo,
      transmission: r.transmission ?? undefined,
      fuel: r.fuel ?? undefined,
      // Valued on the day its price was seen, as a seller would have been that day.
      at: r.listedOn ? Date.parse(`${r.listedOn}T12:00:00+07:00`) : undefined,
    });
    times.push(performance.now() - start);
    if (!out.ok) {
      refused++;
      continue;
    }
    const v = out.valuation;
    const ape = Math.abs(v.estimate - r.price) / r.price;
    const hit = v.low <= r.price && r.price <= v.high;
    errors.push(ape);
    if (ape <= 0.1) within10++;
    if (hit) covered++;
    for (const [map, key] of [
      [byBasis, v.basis],
      [byConfidence, v.confidence],
      [byOdometer, v.odometerNote ? 'far above' : 'usual'],
    ] as const) {
      const g = map[key] ?? { n: 0, covered: 0, errors: [] };
      map[key] = g;
      g.n++;
      if (hit) g.covered++;
      g.errors.push(ape);
    }
  }
  errors.sort((a, b) => a - b);
  times.sort((a, b) => a - b);
  const valued = errors.length;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const imported = args.import ? await timeImport(bytes, 'pglite') : null;
  const importedPg = args['import-pg'] ? await timeImport(bytes, 'pg') : null;
  const figures = {
    source: args.file ?? `generated (${args.rows} listings, seed ${seed})`,
    rows: table.rows.length,
    unreadable,
    train: train.length,
    heldOut: test.length,
    valued,
    refused,
    medianApe: percentile(errors, 50),
    within10: valued ? within10 / valued : 0,
    rangeCoverage: valued ? covered / valued : 0,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    indexBuildMs: buildMs,
    parseSeconds,
    importSeconds: imported?.seconds ?? null,
    importSecondsPg: importedPg?.seconds ?? null,
    loadavg: loadavg()[0],
  };
  if (args.json) {
    console.log(JSON.stringify(figures, null, 2));
    return;
  }
  console.log(`Valuation benchmark: ${figures.source}`);
  console.log(
    `  rows read ${figures.rows} (${unreadable} refused by the parser), parsed in ${parseSeconds.toFixed(2)} s`,
  );
  if (imported)
    console.log(`  import into PGlite: ${imported.imported} rows in ${imported.seconds.toFixed(2)} s`);
  if (importedPg)
    console.log(
      `  import into PostgreSQL: ${importedPg.imported} rows in ${importedPg.seconds.toFixed(2)} s`,
    );
  console.log(
    `  engine built from ${train.length} rows in ${buildMs.toFixed(0)} ms; ${test.length} held out`,
  );
  console.log(`  valued ${valued}, refused ${refused} (${pct(test.length ? refused / test.length : 0)})`);
  console.log(`  median absolute error  ${pct(figures.medianApe)}   (goal ≤ 8 %)`);
  console.log(`  within 10 %            ${pct(figures.within10)}`);
  console.log(`  range holds the price  ${pct(figures.rangeCoverage)}   (goal ≥ 70 %)`);
  console.log(
    `  time per valuation     p50 ${figures.p50Ms.toFixed(2)} ms, p95 ${figures.p95Ms.toFixed(2)} ms   (goal p95 < 50 ms)`,
  );
  for (const [title, map] of [
    ['by basis', byBasis],
    ['by confidence', byConfidence],
    ['by odometer (far above the usual for the age: a wider range)', byOdometer],
  ] as const) {
    console.log(`  ${title}:`);
    for (const [k, g] of Object.entries(map)) {
      g.errors.sort((a, b) => a - b);
      console.log(
        `    ${k.padEnd(11)} n=${String(g.n).padStart(5)}  median error ${pct(percentile(g.errors, 50)).padStart(7)}  range holds ${pct(g.covered / g.n)}`,
      );
    }
  }
  console.log(`  load average ${figures.loadavg.toFixed(2)} (2 cores shared)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
