/**
 * Durability of the public lead forms under a crash (docs/reliability.md).
 *
 * For each database driver: start a server process, post 500 leads from 50 concurrent clients,
 * SIGKILL the server once half of them are acknowledged, start it again on the same data, let every
 * client retry what got no answer (same clientRequestId, as the form does), then stop the server and
 * count: every lead that got a 2xx must be in the database, exactly once.
 *
 *   node_modules/.bin/node --import tsx scripts/durability-leads.ts [pglite|pg|both] [--total 500] [--concurrency 50]
 *
 * PostgreSQL: a fresh database is created on DURABILITY_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) and dropped afterwards.
 * Each lead comes from its own client address (X-Forwarded-For with TRUST_PROXY=on), so the
 * per-address rate limit (5 per form per 10 minutes) stays on and is not what is measured.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openPglite } from '../src/server/db/client';

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const which = args.find((a) => ['pglite', 'pg', 'both'].includes(a)) ?? 'both';
const TOTAL = flag('total', 500);
const CONCURRENCY = flag('concurrency', 50);
const KILL_AT = flag('kill-at', Math.floor(TOTAL / 2));
const SERVER_URL = process.env.DURABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Running {
  child: ChildProcess;
  base: string;
}

function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(resolve('node_modules/.bin/node'), ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: resolve('.'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Admin12345',
      JWT_SECRET: 'durability-secret-durability-secret-0123456789',
      DEMO_DATA: 'off',
      TRUST_PROXY: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((ok, fail) => {
    const onData = (d: Buffer) => {
      out += d;
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) ok({ child, base: `http://127.0.0.1:${m[1]}` });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code, signal) =>
      fail(new Error(`server exited (${code ?? signal}) before listening:\n${out}`)),
    );
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => {
    child.once('exit', () => r());
    child.kill(signal);
  });
}

function leadBody(i: number) {
  const clientRequestId = randomUUID();
  if (i % 2 === 0) {
    return {
      path: '/api/consulting',
      body: {
        fullName: `Khách Bền Vững ${i}`,
        phone: `09${String(10_000_000 + i).slice(-8)}`,
        email: `khach${i}@example.com`,
        topic: 'BUY',
        message: `Yêu cầu tư vấn số ${i}`,
        clientRequestId,
      },
    };
  }
  const day = new Date(Date.now() + 7 * 86_400_000 + 7 * 3_600_000).toISOString().slice(0, 10);
  return {
    path: '/api/maintenance',
    body: {
      fullName: `Khách Bảo Dưỡng ${i}`,
      phone: `03${String(10_000_000 + i).slice(-8)}`,
      licencePlate: `51G-${String(10_000 + i).slice(-5)}`,
      make: 'Toyota',
      model: 'Vios',
      year: 2018,
      odometer: 60_000 + i,
      serviceType: 'PERIODIC',
      preferredDate: day,
      clientRequestId,
    },
  };
}

interface Result {
  driver: string;
  leads: number;
  acknowledged: number;
  created: number;
  replayed: number;
  failedAttempts: number;
  stored: number;
  missing: number;
  duplicates: number;
  storedWithoutAnswer: number;
  ackedBeforeKill: number;
  restartMs: number;
  seconds: number;
}

async function run(driver: 'pglite' | 'pg'): Promise<Result> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'showroom-durability-'));
  let dbName: string | null = null;
  let databaseUrl: string | null = null;
  if (driver === 'pg') {
    dbName = `durability_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(SERVER_URL);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const env = {
    DATA_DIR: dataDir,
    WEB_DIR: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };

  let server: Running | null = await startServer(env);
  let up: Promise<void> = Promise.resolve();
  let killed = false;
  let restartMs = 0;
  let ackedBeforeKill = 0;

  const leads = Array.from({ length: TOTAL }, (_, i) => leadBody(i));
  const acknowledged = new Set<string>();
  let created = 0;
  let replayed = 0;
  let failedAttempts = 0;
  let next = 0;

  async function crashAndRestart() {
    const victim = server!;
    server = null;
    ackedBeforeKill = acknowledged.size;
    let restarted!: () => void;
    up = new Promise((r) => {
      restarted = r;
    });
    await stop(victim.child, 'SIGKILL');
    const t0 = performance.now();
    server = await startServer(env);
    restartMs = Math.round(performance.now() - t0);
    restarted();
  }

  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= leads.length) return;
      const lead = leads[i];
      const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      for (let attempt = 0; ; attempt++) {
        await up;
        const base = server?.base;
        if (!base) continue;
        try {
          const res = await fetch(`${base}${lead.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
            body: JSON.stringify(lead.body),
            signal: AbortSignal.timeout(30_000),
          });
          await res.arrayBuffer();
          if (res.status >= 200 && res.status < 300) {
            acknowledged.add(lead.body.clientRequestId);
            if (res.status === 201) created++;
            else replayed++;
            if (!killed && acknowledged.size >= KILL_AT) {
              killed = true;
              void crashAndRestart();
            }
            break;
          }
          throw new Error(`HTTP ${res.status}`);
        } catch (err) {
          failedAttempts++;
          if (attempt > 20) throw new Error(`lead ${i} failed 20 times: ${(err as Error).message}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    }
  }

  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  await up;
  await stop(server!.child, 'SIGTERM');

  let keys: string[];
  if (driver === 'pglite') {
    const database = await openPglite(dataDir);
    const rows = await database.pglite!.query<{ k: string }>(
      'select client_request_id::text as k from leads',
    );
    keys = rows.rows.map((r) => r.k);
    await database.close();
  } else {
    const c = new pg.Client({ connectionString: databaseUrl! });
    await c.connect();
    keys = (await c.query<{ k: string }>('select client_request_id::text as k from leads')).rows.map(
      (r) => r.k,
    );
    await c.end();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });

  const stored = new Set(keys);
  return {
    driver,
    leads: TOTAL,
    acknowledged: acknowledged.size,
    created,
    replayed,
    failedAttempts,
    stored: keys.length,
    missing: [...acknowledged].filter((k) => !stored.has(k)).length,
    duplicates: keys.length - stored.size,
    storedWithoutAnswer: [...stored].filter((k) => !acknowledged.has(k)).length,
    ackedBeforeKill,
    restartMs,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}

async function main() {
  const drivers: ('pglite' | 'pg')[] = which === 'both' ? ['pglite', 'pg'] : [which as 'pglite' | 'pg'];
  console.log(
    `Durability: ${TOTAL} leads, ${CONCURRENCY} concurrent clients, SIGKILL after ${KILL_AT} acknowledged\n`,
  );
  const results: Result[] = [];
  for (const d of drivers) {
    const r = await run(d);
    results.push(r);
    console.log(
      `${d.padEnd(7)} 2xx ${r.acknowledged}/${r.leads} (201: ${r.created}, replay 200: ${r.replayed}), ` +
        `acknowledged before kill ${r.ackedBeforeKill}, failed attempts retried ${r.failedAttempts}, ` +
        `in database ${r.stored}, missing ${r.missing}, duplicates ${r.duplicates}, restart ${r.restartMs} ms, ${r.seconds} s`,
    );
  }
  console.log('');
  console.table(results);
  const bad = results.filter((r) => r.missing > 0 || r.duplicates > 0 || r.acknowledged !== r.leads);
  if (bad.length) {
    console.error('✖ acknowledged leads are missing or duplicated');
    process.exit(1);
  }
  console.log('✔ every acknowledged lead is in the database, exactly once');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
