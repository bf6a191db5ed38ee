/**
 * Fault 1: PostgreSQL restarted in the middle of load.
 *
 * A private cluster (scripts/faults/cluster.ts), the real server process on it (src/server/main.ts,
 * started by the helpers of test/db/server-process.ts), traffic from scripts/faults/traffic.ts, then
 * each scenario in turn: `pg_ctl restart -m fast`, and stop / sleep / start (PostgreSQL down for a few
 * seconds). Afterwards every lead that got no answer is retried with its clientRequestId, and the
 * leads table is compared with what was acknowledged.
 */
import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type ServerProcess, startServer, stopServer, tempDataDir } from '../../test/db/server-process';
import { type PrivateCluster, startPrivateCluster } from './cluster';
import { type Answer, formatTimeline, summarise, Traffic, timelineOf } from './traffic';

export const DB_DOWN_MESSAGE = 'Cơ sở dữ liệu tạm thời không sẵn sàng, vui lòng thử lại sau';

export interface Scenario {
  name: string;
  /** Runs the fault; resolves when PostgreSQL accepts connections again. */
  inject(cluster: PrivateCluster, traffic: Traffic): Promise<void>;
}

export const RESTART_FAST: Scenario = {
  name: 'pg_ctl restart -m fast',
  async inject(cluster, traffic) {
    traffic.mark('pg_ctl restart -m fast');
    await cluster.restart();
    traffic.mark('PostgreSQL accepting connections again');
  },
};

export function downFor(ms: number): Scenario {
  return {
    name: `stop, ${ms / 1000} s down, start`,
    async inject(cluster, traffic) {
      traffic.mark('pg_ctl stop -m fast');
      await cluster.stop();
      traffic.mark('PostgreSQL stopped');
      await new Promise((r) => setTimeout(r, ms));
      traffic.mark('pg_ctl start');
      await cluster.start();
      traffic.mark('PostgreSQL accepting connections again');
    },
  };
}

export interface ScenarioResult {
  scenario: string;
  /** The ready sampler's runs of one status, and the injection's marks. */
  timeline: string;
  ready503: number;
  readyAfter: number;
  /** ms from PostgreSQL being back to the first 200 of /api/ready. */
  recoveredAfterMs: number | null;
  requests: number;
  byStatus: Record<string, number>;
  /** Statuses per kind of request (list, detail, ready, lead, retry). */
  byKind: Record<string, Record<string, number>>;
  maxLatencyMs: number;
  p99Ms: number;
  timedOut: number;
  status500: number;
  leaky: number;
  failures: Record<string, number>;
  /** Distinct messages of the 503s. */
  messages503: string[];
  /** Answers (5xx or none) during the fault that were not a 503. */
  notFastFail: number;
  serverAlive: boolean;
}

export interface PgFaultReport {
  scenarios: ScenarioResult[];
  leads: number;
  acknowledgedBeforeRetry: number;
  retried: number;
  retryReplayed: number;
  retryCreated: number;
  acknowledged: number;
  stored: number;
  missing: number;
  duplicates: number;
  serverExit: string | null;
  serverOutputTail: string;
  serverOutput: string;
  ok: boolean;
  problems: string[];
}

export interface PgFaultOptions {
  scenarios?: Scenario[];
  readers?: number;
  writers?: number;
  /** Load before each fault and after recovery. */
  warmMs?: number;
  settleMs?: number;
  timeoutMs?: number;
  demoData?: boolean;
  log?: (line: string) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs every scenario against one server process on one private cluster. */
export async function runPgFaults(opts: PgFaultOptions = {}): Promise<PgFaultReport> {
  const log = opts.log ?? (() => {});
  const scenarios = opts.scenarios ?? [RESTART_FAST, downFor(5_000)];
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const cluster = await startPrivateCluster();
  log(`private PostgreSQL cluster on 127.0.0.1:${cluster.port} (${cluster.dir})`);
  const dataDir = tempDataDir();
  let server: ServerProcess | null = null;
  let exitInfo: string | null = null;
  const problems: string[] = [];
  try {
    const t0 = performance.now();
    server = await startServer(dataDir, {
      DATABASE_URL: cluster.url,
      TRUST_PROXY: 'on',
      DEMO_DATA: opts.demoData === false ? 'off' : 'on',
      JWT_SECRET: 'faults-secret-faults-secret-faults-secret-0123',
    });
    void server.exited.then(({ code, signal }) => {
      exitInfo = `exited (code ${code}, signal ${signal})`;
    });
    log(`server pid ${server.pid} ready in ${Math.round(performance.now() - t0)} ms (${server.base})`);

    const traffic = new Traffic({
      base: server.base,
      readers: opts.readers ?? 6,
      writers: opts.writers ?? 3,
      timeoutMs,
    });
    await traffic.start();
    const results: ScenarioResult[] = [];
    for (const scenario of scenarios) {
      await sleep(opts.warmMs ?? 3_000);
      const from = traffic.now();
      const samplesFrom = traffic.readySamples.length;
      const marksFrom = traffic.marks.length;
      log(`→ ${scenario.name}`);
      await scenario.inject(cluster, traffic);
      const back = traffic.now();
      // Until /api/ready says 200 again, then some more load.
      const deadline = performance.now() + 30_000;
      while (performance.now() < deadline) {
        const last = traffic.readySamples[traffic.readySamples.length - 1];
        if (last && last.at > back && last.status === 200) break;
        await sleep(100);
      }
      await sleep(opts.settleMs ?? 3_000);
      const to = traffic.now();
      const samples = traffic.readySamples.slice(samplesFrom);
      const firstOkAfter = samples.find((s) => s.at >= back && s.status === 200);
      const faultAnswers = traffic.answers.filter((a) => a.at >= from && a.at < to);
      const bad = faultAnswers.filter((a) => a.status >= 500 || a.status === 0);
      const summary = summarise(traffic.answers, from, to);
      const timeline = timelineOf(samples);
      const result: ScenarioResult = {
        scenario: scenario.name,
        timeline: formatTimeline(timeline, traffic.marks.slice(marksFrom)),
        ready503: samples.filter((s) => s.status === 503).length,
        readyAfter: samples[samples.length - 1]?.status ?? 0,
        recoveredAfterMs: firstOkAfter ? firstOkAfter.at - back : null,
        requests: summary.requests,
        byStatus: summary.byStatus,
        byKind: summary.byKind,
        maxLatencyMs: summary.max,
        p99Ms: summary.p99,
        timedOut: summary.timedOut,
        status500: summary.status500,
        leaky: summary.leaky,
        failures: summary.failures,
        messages503: [...new Set(bad.filter((a) => a.status === 503).map((a) => a.message ?? ''))],
        notFastFail: bad.filter((a: Answer) => a.status !== 503).length,
        serverAlive: exitInfo === null,
      };
      results.push(result);
      log(formatScenario(result));
      if (exitInfo) break;
    }
    await traffic.stop();

    const acknowledgedBeforeRetry = traffic.leads.filter((l) => l.acknowledged).length;
    const retry = exitInfo ? { retried: 0, replayed: 0, created: 0 } : await traffic.retryUnacknowledged();
    const acknowledged = new Set(
      traffic.leads.filter((l) => l.acknowledged).map((l) => l.body.clientRequestId),
    );
    const sent = new Set(traffic.leads.map((l) => l.body.clientRequestId));

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const keys = (
      await client.query<{ k: string }>(
        'select client_request_id::text as k from leads where client_request_id is not null',
      )
    ).rows
      .map((r) => r.k)
      .filter((k) => sent.has(k));
    await client.end();
    const stored = new Set(keys);
    const missing = [...acknowledged].filter((k) => !stored.has(k)).length;
    const duplicates = keys.length - stored.size;

    for (const r of results) {
      if (!r.serverAlive) problems.push(`${r.scenario}: the server process died`);
      if (r.ready503 === 0) problems.push(`${r.scenario}: /api/ready never answered 503`);
      if (r.readyAfter !== 200) problems.push(`${r.scenario}: /api/ready not 200 after recovery`);
      if (r.timedOut > 0)
        problems.push(`${r.scenario}: ${r.timedOut} requests hit the ${timeoutMs} ms timeout`);
      if (r.status500 > 0) problems.push(`${r.scenario}: ${r.status500} answers were 500`);
      if (r.leaky > 0) problems.push(`${r.scenario}: ${r.leaky} 5xx bodies showed internals`);
      if (r.notFastFail > 0) problems.push(`${r.scenario}: ${r.notFastFail} failures were not a 503`);
      for (const m of r.messages503)
        if (m !== DB_DOWN_MESSAGE && m !== 'Cơ sở dữ liệu chưa sẵn sàng')
          problems.push(`${r.scenario}: unexpected 503 message "${m}"`);
    }
    if (missing > 0) problems.push(`${missing} acknowledged leads are missing from the database`);
    if (duplicates > 0) problems.push(`${duplicates} leads were stored twice`);
    if (acknowledged.size !== traffic.leads.length)
      problems.push(
        `${traffic.leads.length - acknowledged.size} leads were never acknowledged, even after retries`,
      );

    return {
      scenarios: results,
      leads: traffic.leads.length,
      acknowledgedBeforeRetry,
      retried: retry.retried,
      retryReplayed: retry.replayed,
      retryCreated: retry.created,
      acknowledged: acknowledged.size,
      stored: stored.size,
      missing,
      duplicates,
      serverExit: exitInfo,
      serverOutputTail: server.output().slice(-3000),
      serverOutput: server.output(),
      ok: problems.length === 0,
      problems,
    };
  } finally {
    if (server) await stopServer(server);
    await cluster.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function formatScenario(r: ScenarioResult): string {
  const status = Object.entries(r.byStatus)
    .map(([s, n]) => `${s === '0' ? 'no answer' : s}: ${n}`)
    .join(', ');
  const failures = Object.entries(r.failures)
    .map(([m, n]) => `      ${n} × ${m}`)
    .join('\n');
  return [
    `  ${r.scenario}`,
    '    /api/ready sampled every 250 ms:',
    r.timeline,
    `    requests ${r.requests} (${status}); max latency ${r.maxLatencyMs} ms, p99 ${r.p99Ms} ms; ` +
      `timeouts ${r.timedOut}; 500s ${r.status500}; failures other than 503 ${r.notFastFail}`,
    `    by kind: ${Object.entries(r.byKind)
      .map(
        ([kind, counts]) =>
          `${kind} ${Object.entries(counts)
            .map(([st, n]) => `${st}×${n}`)
            .join(' ')}`,
      )
      .join('; ')}`,
    `    /api/ready 503 samples ${r.ready503}; back to 200 ${r.recoveredAfterMs ?? '—'} ms after PostgreSQL; ` +
      `server ${r.serverAlive ? 'alive' : 'DEAD'}`,
    ...(failures ? ['    failed answers:', failures] : []),
  ].join('\n');
}
