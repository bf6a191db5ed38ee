/**
 * The server under load: `src/server/main.ts` as a real child process (the helpers of
 * test/db/server-process.ts), on a fresh DATA_DIR with the demo showroom, on PGlite or on a fresh
 * PostgreSQL database; its memory sampled from /proc while it runs; the staff API to read back leads.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  adminToken,
  copySeededDir,
  type ServerProcess,
  spawnServer,
  stopServer,
  tempDataDir,
  waitReady,
} from '../../test/db/server-process';

export { ADMIN_PASSWORD, adminToken, type ServerProcess, stopServer };

/** How long main.ts lets in-flight requests finish after SIGTERM (SHUTDOWN_GRACE_MS there). */
export const SHUTDOWN_GRACE_MS = 15_000;

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export type Driver = 'pglite' | 'pg';

/** A place for one server's data, reusable by a second process (the restart after SIGTERM). */
export interface ServerHome {
  driver: Driver;
  /** tempDataDir(): the server's DATA_DIR is `${dir}/data`. */
  dir: string;
  databaseUrl: string | null;
  env: Record<string, string>;
  /** A built web app is served (copied from HomeOptions.webDir). */
  webApp: boolean;
  /** Removes the directory and drops the database. */
  dispose(): Promise<void>;
}

/** A new, empty database on `serverUrl` named load_*; drop() removes it. */
export async function createDatabase(serverUrl: string) {
  const name = `load_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface HomeOptions {
  driver: Driver;
  /** PostgreSQL server on which a fresh database is created (driver pg). */
  pgUrl?: string;
  /**
   * A built web app (index.html and assets/) to serve, copied into the home first (a rebuild of dist/web
   * during the run does not change what is served); unset serves the minimal page without a build.
   */
  webDir?: string | null;
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /**
   * A data folder the demo showroom was already filled into (PGlite), copied as the server's: it starts
   * as a restart does, with the showroom complete (its photos drawn), instead of filling it first.
   */
  seededFrom?: string | null;
}

/**
 * The environment of the server under load: the demo showroom, X-Forwarded-For trusted (each simulated
 * visitor comes from its own address, as behind a reverse proxy, so the per-address rate limits stay on
 * without being what is measured), warnings only in the log.
 */
export async function prepareHome(opts: HomeOptions): Promise<ServerHome> {
  const dir = tempDataDir();
  // tempDataDir() made `${dir}/web`, the server's WEB_DIR (spawnServer).
  const webApp = !!opts.webDir && existsSync(join(opts.webDir, 'index.html'));
  if (webApp) cpSync(opts.webDir!, join(dir, 'web'), { recursive: true });
  const database = opts.driver === 'pg' ? await createDatabase(opts.pgUrl ?? DEFAULT_PG_URL) : null;
  const from = opts.driver === 'pglite' ? opts.seededFrom : null;
  if (from) copySeededDir(from, join(dir, 'data'));
  const env: Record<string, string> = {
    DEMO_DATA: 'on',
    TRUST_PROXY: 'on',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'load-test-secret-load-test-secret-0123456789',
    METRICS_TOKEN,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...opts.env,
  };
  return {
    driver: opts.driver,
    dir,
    databaseUrl: database?.url ?? null,
    env,
    webApp,
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** Starts a server on the home and waits until /api/ready answers. */
export async function startOn(home: ServerHome, limitMs?: number): Promise<ServerProcess> {
  const proc = await spawnServer(home.dir, home.env);
  try {
    return await waitReady(proc, limitMs);
  } catch (err) {
    await stopServer(proc, 'SIGKILL');
    throw err;
  }
}

/** Resident memory of a process in MiB (VmRSS of /proc/<pid>/status); null when it is gone. */
export function rssMiB(pid: number): number | null {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 102.4) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Connections the kernel dropped because a listen queue was full (TcpExt ListenOverflows of
 * /proc/net/netstat): machine-wide, so other programs count too; null where it cannot be read.
 */
export function listenOverflows(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
    const head = lines.findIndex((l) => l.startsWith('TcpExt:'));
    const names = lines[head].split(/\s+/);
    const values = lines[head + 1].split(/\s+/);
    const i = names.indexOf('ListenOverflows');
    return i > 0 ? Number(values[i]) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far (/proc/<pid>/stat); null when it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the command; clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export interface ServerSample {
  /** Seconds since sampling began. */
  t: number;
  rssMiB: number | null;
  /** CPU used since the previous sample per second of wall time (1.0 = one core busy). */
  cpuCores: number | null;
  /** Longest event-loop delay since the previous sample (GET /api/metrics), when it could be read. */
  loopMaxMs: number | null;
  /** Requests the server had received and not yet answered (GET /api/metrics). */
  inFlight: number | null;
  /** JavaScript heap in use (GET /api/metrics), MiB. */
  heapMiB: number | null;
  /** Queries waiting for a PostgreSQL pool connection (GET /api/metrics; null on PGlite). */
  poolWaiting: number | null;
}

export interface RssFigures {
  startMiB: number | null;
  peakMiB: number | null;
  endMiB: number | null;
  samples: number;
  /** Server CPU time over the sampled window divided by its length (1.0 = one core busy). */
  cpuCores: number | null;
  /** Longest event-loop delay seen in any sample (ms). */
  loopMaxMs: number | null;
  /** One sample a second. */
  timeline: ServerSample[];
}

/** The token the load run gives the server so it may read GET /api/metrics. */
export const METRICS_TOKEN = 'load-run-metrics-token-0123456789';

type Scraped = Pick<ServerSample, 'loopMaxMs' | 'inFlight' | 'heapMiB' | 'poolWaiting'>;

async function scrape(base: string): Promise<Scraped> {
  const none = { loopMaxMs: null, inFlight: null, heapMiB: null, poolWaiting: null };
  try {
    const res = await fetch(`${base}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      signal: AbortSignal.timeout(900),
    });
    const text = await res.text();
    if (res.status !== 200) return none;
    const loop = /^nodejs_eventloop_lag_max_seconds ([\d.e+-]+)/m.exec(text);
    const inflight = /^http_requests_in_flight (\d+)/m.exec(text);
    const heap = /^nodejs_heap_size_used_bytes (\d+)/m.exec(text);
    const waiting = /^showroom_db_pool_connections\{state="waiting"\} (\d+)/m.exec(text);
    return {
      loopMaxMs: loop ? Math.round(Number(loop[1]) * 1000) : null,
      inFlight: inflight ? Number(inflight[1]) : null,
      heapMiB: heap ? Math.round(Number(heap[1]) / 104_857.6) / 10 : null,
      poolWaiting: waiting ? Number(waiting[1]) : null,
    };
  } catch {
    return none;
  }
}

/**
 * Samples the process every second until stop(): resident memory (/proc/<pid>/status), CPU
 * (/proc/<pid>/stat) and, with `base`, the event-loop delay and requests in flight from its metrics.
 */
export function sampleRss(pid: number, base?: string, everyMs = 1000) {
  const start = rssMiB(pid);
  const cpu0 = cpuSeconds(pid);
  const t0 = performance.now();
  let prev = { at: t0, cpu: cpu0 };
  let peak = start;
  let last = start;
  let samples = start === null ? 0 : 1;
  const timeline: ServerSample[] = [];
  let busy = false;
  const take = async () => {
    const v = rssMiB(pid);
    if (v === null) return;
    const now = performance.now();
    const cpu = cpuSeconds(pid);
    const cpuCores =
      cpu !== null && prev.cpu !== null && now > prev.at
        ? Math.round(((cpu - prev.cpu) / ((now - prev.at) / 1000)) * 100) / 100
        : null;
    prev = { at: now, cpu };
    samples++;
    last = v;
    if (peak === null || v > peak) peak = v;
    const sample: ServerSample = {
      t: Math.round((now - t0) / 100) / 10,
      rssMiB: v,
      cpuCores,
      loopMaxMs: null,
      inFlight: null,
      heapMiB: null,
      poolWaiting: null,
    };
    timeline.push(sample);
    if (base && !busy) {
      busy = true;
      Object.assign(sample, await scrape(base));
      busy = false;
    }
  };
  const timer = setInterval(() => void take(), everyMs);
  timer.unref();
  return {
    stop(): RssFigures {
      clearInterval(timer);
      const cpu1 = cpuSeconds(pid);
      const v = rssMiB(pid);
      if (v !== null) {
        last = v;
        if (peak === null || v > peak) peak = v;
      }
      const seconds = (performance.now() - t0) / 1000;
      const loops = timeline.map((x) => x.loopMaxMs).filter((x): x is number => x !== null);
      return {
        startMiB: start,
        peakMiB: peak,
        endMiB: last,
        samples,
        cpuCores:
          cpu0 !== null && cpu1 !== null && seconds > 0
            ? Math.round(((cpu1 - cpu0) / seconds) * 100) / 100
            : null,
        loopMaxMs: loops.length ? Math.max(...loops) : null,
        timeline,
      };
    },
  };
}

/** References of every lead of the public forms, read through the staff API as the admin. */
export async function leadReferences(base: string, token: string): Promise<Set<string>> {
  const refs = new Set<string>();
  for (const path of ['/api/test-drives/admin', '/api/maintenance/admin', '/api/consulting/admin']) {
    for (let page = 1; ; page++) {
      const res = await fetch(`${base}${path}?page=${page}&size=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { content: { reference: string }[]; totalPages: number };
      for (const lead of body.content) refs.add(lead.reference);
      if (page >= body.totalPages) break;
    }
  }
  return refs;
}
