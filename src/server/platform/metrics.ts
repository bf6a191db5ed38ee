import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

/**
 * Prometheus text exposition (format 0.0.4) of what an operator watches: requests per route and status,
 * their latency histogram, requests in flight, the process (memory, CPU, event-loop delay) and the
 * database (reachable, pool use). Written by hand: a few counters do not need a client library.
 *
 * Routes are labelled by their pattern (`/api/cars/:id`), never the raw address, so a scan of random
 * URLs cannot grow the label set without bound.
 */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly durations = new Map<string, Histogram>();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private readonly startedAt = Date.now() / 1000;
  inFlight = 0;

  constructor(private readonly database: Database) {
    this.loopDelay.enable();
  }

  observe(method: string, route: string, status: number, seconds: number) {
    const labels = `method="${method}",route="${escapeLabel(route)}"`;
    const key = `${labels},status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    let h = this.durations.get(labels);
    if (!h) {
      h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.durations.set(labels, h);
    }
    for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]!++;
    h.sum += seconds;
    h.count++;
  }

  close() {
    this.loopDelay.disable();
  }

  async render(): Promise<string> {
    const out: string[] = [];
    const metric = (name: string, type: string, help: string, lines: string[]) => {
      out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...lines);
    };

    metric(
      'http_requests_total',
      'counter',
      'HTTP requests answered, by method, route pattern and status.',
      [...this.requests].map(([labels, n]) => `http_requests_total{${labels}} ${n}`),
    );
    const histogram: string[] = [];
    for (const [labels, h] of this.durations) {
      BUCKETS.forEach((le, i) => {
        histogram.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${h.counts[i]}`);
      });
      histogram.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      histogram.push(`http_request_duration_seconds_sum{${labels}} ${round(h.sum)}`);
      histogram.push(`http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    metric('http_request_duration_seconds', 'histogram', 'Time to answer, by route pattern.', histogram);
    metric('http_requests_in_flight', 'gauge', 'Requests received and not yet answered.', [
      `http_requests_in_flight ${this.inFlight}`,
    ]);

    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.', [
      `process_resident_memory_bytes ${memory.rss}`,
    ]);
    metric('nodejs_heap_used_bytes', 'gauge', 'JavaScript heap in use.', [
      `nodejs_heap_used_bytes ${memory.heapUsed}`,
    ]);
    metric('process_cpu_seconds_total', 'counter', 'User and system CPU time spent.', [
      `process_cpu_seconds_total ${round((cpu.user + cpu.system) / 1e6)}`,
    ]);
    metric('process_start_time_seconds', 'gauge', 'Start time of the process since the Unix epoch.', [
      `process_start_time_seconds ${Math.round(this.startedAt)}`,
    ]);
    // Since the previous scrape: a blocked event loop shows as a spike here, not averaged away.
    const p99 = this.loopDelay.percentile(99) / 1e9;
    const max = this.loopDelay.max / 1e9;
    this.loopDelay.reset();
    metric(
      'nodejs_eventloop_delay_seconds',
      'gauge',
      'Event-loop delay since the previous scrape (p99 and max).',
      [
        `nodejs_eventloop_delay_seconds{quantile="0.99"} ${round(p99)}`,
        `nodejs_eventloop_delay_seconds{quantile="1"} ${round(max)}`,
      ],
    );

    metric('showroom_database_up', 'gauge', '1 when the database answered a ping within one second.', [
      `showroom_database_up{driver="${this.database.driver}"} ${(await this.databaseUp()) ? 1 : 0}`,
    ]);
    const pool = this.database.pool;
    if (pool) {
      metric('showroom_db_pool_connections', 'gauge', 'PostgreSQL pool connections by state.', [
        `showroom_db_pool_connections{state="total"} ${pool.totalCount}`,
        `showroom_db_pool_connections{state="idle"} ${pool.idleCount}`,
        `showroom_db_pool_connections{state="waiting"} ${pool.waitingCount}`,
      ]);
    }
    return `${out.join('\n')}\n`;
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

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** Counts every answer, pages and API alike, by the route pattern that served it. */
export function registerMetrics(app: FastifyInstance, database: Database): Metrics {
  const metrics = new Metrics(database);
  app.addHook('onRequest', async (_req, reply) => {
    metrics.inFlight++;
    // 'close' comes for every answer, also when the client gave up before it (onResponse does not).
    reply.raw.once('close', () => {
      metrics.inFlight--;
    });
  });
  app.addHook('onResponse', async (req, reply) => {
    metrics.observe(req.method, routeLabel(req), reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', () => metrics.close());
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
