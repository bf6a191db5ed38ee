/**
 * The server side of `npm run bench` (bench/cars.ts starts it in its own process, so the load generator
 * and the server do not share an event loop): the real app on a fresh database holding 10,000 generated
 * cars, and beside it a bare Fastify "hello" route. Prints one JSON line when ready; stops on SIGTERM.
 *
 *   node --import tsx bench/cars-server.ts pglite|pg [postgres-url]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { generateCars } from '../scripts/generate-cars';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { bootstrap } from '../src/server/db/seed/bootstrap';
import { LIST_QUERY } from './list-query';

const driver = process.argv[2] === 'pg' ? 'pg' : 'pglite';
const serverUrl = process.argv[3] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CARS = Number(process.env.BENCH_CARS ?? 10_000);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-bench-'));
  const dbName = `bench_cars_${Date.now().toString(36)}`;
  let database: Database;
  if (driver === 'pg') {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${dbName}`;
    database = await openPostgres(url.toString());
  } else {
    database = await openPglite(null);
  }

  const env = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    ADMIN_PASSWORD: 'Bench12345',
    DEMO_DATA: 'off',
    LOG_LEVEL: 'silent',
    WEB_DIR: join(dataDir, 'no-web'),
    // The production defaults: 3 s beside PostgreSQL, 10 min for the embedded database (one owner).
    CAR_CACHE_MS: driver === 'pg' ? '3000' : '600000',
  };
  const config = loadConfig(env);
  const { app, ctx, services } = await buildApp({ config, database, logger: false });
  // The same application on the same database with the read cache off: what each request costs the database.
  const uncached = await buildApp({
    config: loadConfig({ ...env, CAR_CACHE_MS: '0' }),
    database,
    logger: false,
  });
  await bootstrap(ctx, config, services);
  const started = performance.now();
  const ids = await generateCars(ctx.db, services.cars, ctx.storage, CARS);
  const seedSeconds = (performance.now() - started) / 1000;
  // As autovacuum leaves a live database minutes after such a load: statistics and the visibility map up
  // to date (without the map, the list's count reads 180 heap pages instead of an index-only scan).
  if (driver === 'pg') await database.pool!.query('vacuum analyze');
  await app.listen({ port: 0, host: '127.0.0.1' });
  await uncached.app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/hello', async () => ({ hello: 'world' }));
  // What the cached list can at best be compared with: a bare route sending the very same answer.
  const list = await app.inject({ url: `/api/cars?${LIST_QUERY}` });
  const listBody = list.rawPayload;
  bare.get('/same-bytes', (_req, reply) => {
    reply.type('application/json; charset=utf-8').send(listBody);
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const port = (app.server.address() as { port: number }).port;
  const barePort = (bare.server.address() as { port: number }).port;
  const uncachedPort = (uncached.app.server.address() as { port: number }).port;
  console.log(
    JSON.stringify({
      ready: true,
      driver,
      port,
      uncachedPort,
      barePort,
      listBytes: listBody.length,
      ids: ids.slice(0, 2000),
      seedSeconds,
    }),
  );

  const stop = async () => {
    await bare.close();
    await uncached.app.close();
    await app.close();
    await database.close();
    if (driver === 'pg') {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
