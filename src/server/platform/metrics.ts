import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { JobQueue } from './jobs/queue';

/**
 * Prometheus metrics through prom-client: requests per route and status, their latency histogram,
 * requests in flight, prom-client's process and Node.js metrics (memory, CPU, event-loop lag, GC), and
 * the database (reachable, pool use). One registry per application (tests build several in a process).
 *
 * Routes are labelled by their pattern (`/api/cars/:id`), never the raw address, so a scan of random
 * URLs cannot grow the label set without bound.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly registry = new Registry();
  /** Requests received and not yet answered (read on every page render: a plain number). */
  inFlight = 0;
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;

  constructor(
    private readonly database: Database,
    jobs?: Pick<JobQueue, 'health'>,
  ) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern.',
      labelNames: ['method', 'route'],
      buckets: BUCKETS,
      registers,
    });
    const metrics = this;
    new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests received and not yet answered.',
      registers,
      collect() {
        this.set(metrics.inFlight);
      },
    });
    new Gauge({
      name: 'showroom_database_up',
      help: '1 when the database answered a ping within one second.',
      labelNames: ['driver'],
      registers,
      async collect() {
        this.set({ driver: database.driver }, (await metrics.databaseUp()) ? 1 : 0);
      },
    });
    if (jobs) {
      new Gauge({
        name: 'showroom_jobs',
        help: 'Stored jobs: pending, late (pending past their time by over a poll and a minute), running, failed.',
        labelNames: ['state'],
        registers,
        async collect() {
          const h = await jobs.health();
          for (const state of ['pending', 'late', 'running', 'failed'] as const)
            this.set({ state }, h[state]);
        },
      });
    }
    const pool = database.pool;
    if (pool) {
      new Gauge({
        name: 'showroom_db_pool_connections',
        help: 'PostgreSQL pool connections by state.',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
  }

  observe(method: string, route: string, status: number, seconds: number) {
    this.requests.inc({ method, route, status });
    this.durations.observe({ method, route }, seconds);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  private async databaseUp(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        this.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), 1_000);
        }),
      ]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Counts every answer, pages and API alike, by the route pattern that served it. */
export function registerMetrics(
  app: FastifyInstance,
  database: Database,
  jobs?: Pick<JobQueue, 'health'>,
): Metrics {
  const metrics = new Metrics(database, jobs);
  // One listener shared by every answer ('close' comes once per answer, so `once` and its wrapper are
  // not needed): the hook is on every request's path.
  const settled = () => {
    metrics.inFlight--;
  };
  app.addHook('onRequest', (_req, reply, done) => {
    metrics.inFlight++;
    // 'close' comes for every answer, also when the client gave up before it (onResponse does not).
    reply.raw.on('close', settled);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    metrics.observe(req.method, routeLabel(req), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.addHook('onClose', () => metrics.registry.clear());
  return metrics;
}

function routeLabel(req: FastifyRequest): string {
  return req.routeOptions.url ?? 'unmatched';
}

/** The scraper's bearer token, compared in constant time. */
export function isMetricsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
