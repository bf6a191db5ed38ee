/**
 * The load runs of scripts/load.ts, reusable by other scripts and by test/ops/load.test.ts:
 * a server process on a fresh home with the demo data, the visitors against it with its memory sampled,
 * the leads read back through the staff API, and SIGTERM under load (in-flight requests, exit code,
 * leads after a restart on the same data).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  adminToken,
  type Driver,
  leadReferences,
  listenOverflows,
  prepareHome,
  type RssFigures,
  type ServerHome,
  type ServerProcess,
  SHUTDOWN_GRACE_MS,
  sampleRss,
  startOn,
  stopServer,
} from './server';
import { describeCounts, FIGURE_HEAD, figureRows, table } from './stats';
import { type LoadOptions, type LoadResult, runLoad } from './visitors';

export type { LoadOptions, LoadResult, ServerHome, ServerProcess };
export { prepareHome, runLoad, startOn, stopServer };

export type VisitorOptions = Omit<LoadOptions, 'base' | 'sigterm' | 'log'>;

export const DEFAULT_VISITORS: VisitorOptions = {
  visitors: 200,
  seconds: 60,
  thinkMs: [0, 200],
  leadEvery: 50,
  timeoutMs: 10_000,
  seed: 1,
  returning: 0.5,
  images: true,
};

export interface LeadCheck {
  posted: number;
  /** Answers of the lead posts by status ("201": 40) or failure. */
  statuses: Record<string, number>;
  acknowledged: number;
  /** Acknowledged (200/201) leads found through the staff API. */
  found: number;
  missing: string[];
}

export interface ShutdownFigures {
  exitCode: number | null;
  signal: string | null;
  /** Milliseconds from SIGTERM to the exit of the process. */
  exitMs: number;
  graceMs: number;
}

export interface SigtermReport {
  shutdown: ShutdownFigures;
  /** Start of a second server on the same data, until /api/ready. */
  restartMs: number;
  leads: LeadCheck;
}

export interface Report {
  date: string;
  machine: {
    cpus: number;
    loadAverageStart: number[];
    loadAverageEnd: number[];
    /** Connections dropped by full listen queues during the run (machine-wide; see listenOverflows). */
    listenOverflows: number | null;
  };
  target: 'started' | 'url';
  driver: Driver | null;
  webApp: boolean;
  startupMs: number | null;
  load: LoadResult;
  rss: RssFigures | null;
  leads: LeadCheck | null;
  /** The SIGTERM that ends a normal run (a server this run started). */
  shutdown: ShutdownFigures | null;
  sigterm: SigtermReport | null;
  problems: string[];
  /** The end of what the server printed (warnings and errors), when something went wrong. */
  serverLog?: string;
}

const loadavg = () => os.loadavg().map((v) => Math.round(v * 100) / 100);

/** Runs the visitors against a server process this run owns, sampling its memory. */
export async function loadOnServer(
  proc: ServerProcess,
  options: VisitorOptions,
  extra: Pick<LoadOptions, 'sigterm' | 'log'> = {},
): Promise<{ load: LoadResult; rss: RssFigures }> {
  const sampler = sampleRss(proc.pid, proc.base);
  let rss: RssFigures | null = null;
  const sigterm = extra.sigterm && {
    ...extra.sigterm,
    send: () => {
      // The last sample of a live process: after the signal it exits.
      rss = sampler.stop();
      extra.sigterm?.send();
    },
  };
  try {
    const load = await runLoad({ ...options, base: proc.base, sigterm, log: extra.log });
    return { load, rss: rss ?? sampler.stop() };
  } finally {
    if (!rss) sampler.stop();
  }
}

/** Every lead the visitors saw acknowledged must be listed by the staff API. */
export async function checkLeads(proc: ServerProcess, load: LoadResult): Promise<LeadCheck> {
  const refs = await leadReferences(proc.base, await adminToken(proc));
  const statuses: Record<string, number> = {};
  for (const l of load.leads) {
    const k = l.status === null ? 'no answer' : String(l.status);
    statuses[k] = (statuses[k] ?? 0) + 1;
  }
  const acked = load.leads.filter((l) => (l.status === 200 || l.status === 201) && l.reference);
  const missing = acked.map((l) => l.reference!).filter((r) => !refs.has(r));
  return {
    posted: load.leads.length,
    statuses,
    acknowledged: acked.length,
    found: acked.length - missing.length,
    missing,
  };
}

/** SIGTERM and the time until the process exits. */
async function terminate(proc: ServerProcess): Promise<ShutdownFigures> {
  const t0 = performance.now();
  const { code, signal } = await stopServer(proc, 'SIGTERM');
  return { exitCode: code, signal, exitMs: Math.round(performance.now() - t0), graceMs: SHUTDOWN_GRACE_MS };
}

/**
 * SIGTERM under load: the visitors run, the server gets SIGTERM at `atSeconds`; the run waits for its
 * exit, starts a server again on the same data and reads back every acknowledged lead.
 */
export async function sigtermUnderLoad(
  home: ServerHome,
  proc: ServerProcess,
  options: VisitorOptions,
  atSeconds: number,
  log?: (line: string) => void,
): Promise<{ load: LoadResult; rss: RssFigures; sigterm: SigtermReport }> {
  let signalled = 0;
  const exitedAt = proc.exited.then(() => performance.now());
  const { load, rss } = await loadOnServer(proc, options, {
    log,
    sigterm: {
      atSeconds,
      send: () => {
        signalled = performance.now();
        proc.child.kill('SIGTERM');
      },
      exited: proc.exited,
    },
  });
  if (!signalled) throw new Error(`the load ended before the SIGTERM at ${atSeconds} s: raise --seconds`);
  const { code, signal } = await proc.exited;
  const shutdown: ShutdownFigures = {
    exitCode: code,
    signal,
    exitMs: Math.round((await exitedAt) - signalled),
    graceMs: SHUTDOWN_GRACE_MS,
  };
  log?.(`exit ${code ?? signal} ${shutdown.exitMs} ms after SIGTERM; restarting on the same data`);
  const t0 = performance.now();
  const again = await startOn(home);
  const restartMs = Math.round(performance.now() - t0);
  try {
    const leads = await checkLeads(again, load);
    return { load, rss, sigterm: { shutdown, restartMs, leads } };
  } finally {
    await stopServer(again);
  }
}

export interface ScenarioOptions extends VisitorOptions {
  /** An already running server: nothing is started, memory and leads are not read. */
  url?: string;
  driver: Driver;
  pgUrl?: string;
  webDir?: string | null;
  sigtermAt?: number;
  log?: (line: string) => void;
}

/** What went wrong, as sentences; empty when the run passed. */
export function problemsOf(r: Omit<Report, 'problems'>): string[] {
  const out: string[] = [];
  const t = r.load.total;
  if (t.http5xx) out.push(`${t.http5xx} answers 5xx (${describeCounts(t.statuses)})`);
  if (t.timeouts) out.push(`${t.timeouts} requests timed out (> ${r.load.timeoutMs} ms)`);
  if (t.network) out.push(`${t.network} network errors (${describeCounts(t.networkErrors)})`);
  if (r.leads?.missing.length) out.push(`${r.leads.missing.length} acknowledged leads missing`);
  if (r.shutdown && r.shutdown.exitCode !== 0)
    out.push(`the server exited with ${r.shutdown.exitCode ?? r.shutdown.signal} on SIGTERM`);
  const s = r.load.sigterm;
  if (s) {
    const f = s.inflight;
    const failed = f.http5xx + f.timeouts + f.network;
    if (failed)
      out.push(
        `${failed} of ${f.requests} requests in flight at SIGTERM failed (${describeCounts(f.statuses)}; ` +
          `timeouts ${f.timeouts}; network ${describeCounts(f.networkErrors)})`,
      );
  }
  if (r.sigterm) {
    const { shutdown, leads } = r.sigterm;
    if (shutdown.exitCode !== 0)
      out.push(`the server exited with ${shutdown.exitCode ?? shutdown.signal} on SIGTERM`);
    if (shutdown.exitMs > shutdown.graceMs)
      out.push(`the server took ${shutdown.exitMs} ms to exit (grace ${shutdown.graceMs} ms)`);
    if (leads.missing.length)
      out.push(
        `${leads.missing.length} acknowledged leads missing after the restart: ${leads.missing.join(', ')}`,
      );
  }
  return out;
}

/** The whole run of `npm run load`. */
export async function runScenario(opts: ScenarioOptions): Promise<Report> {
  const { url, driver, pgUrl, webDir, sigtermAt, log, ...visitors } = opts;
  const date = new Date().toISOString();
  const loadAverageStart = loadavg();
  const overflowsStart = listenOverflows();
  const machine = (loadAverageEnd: number[]) => {
    const now = listenOverflows();
    return {
      cpus: os.availableParallelism(),
      loadAverageStart,
      loadAverageEnd,
      listenOverflows: now !== null && overflowsStart !== null ? now - overflowsStart : null,
    };
  };
  const base = { date };
  if (url) {
    if (sigtermAt !== undefined) throw new Error('--sigterm-at needs a server this run starts (no --url)');
    const load = await runLoad({ ...visitors, base: url.replace(/\/+$/, ''), log });
    const partial = {
      ...base,
      machine: machine(loadavg()),
      target: 'url' as const,
      driver: null,
      webApp: false,
      startupMs: null,
      load,
      rss: null,
      leads: null,
      shutdown: null,
      sigterm: null,
    };
    return { ...partial, problems: problemsOf(partial) };
  }

  const home = await prepareHome({ driver, pgUrl, webDir });
  try {
    log?.(`starting the server (${driver}, demo data) in ${home.dir}`);
    const t0 = performance.now();
    const proc = await startOn(home);
    const startupMs = Math.round(performance.now() - t0);
    log?.(`ready in ${startupMs} ms at ${proc.base}`);
    try {
      let partial: Omit<Report, 'problems'>;
      if (sigtermAt !== undefined) {
        const { load, rss, sigterm } = await sigtermUnderLoad(home, proc, visitors, sigtermAt, log);
        partial = {
          ...base,
          machine: machine(loadavg()),
          target: 'started',
          driver,
          webApp: home.webApp,
          startupMs,
          load,
          rss,
          leads: null,
          shutdown: null,
          sigterm,
        };
      } else {
        const { load, rss } = await loadOnServer(proc, visitors, { log });
        const loadAverageEnd = loadavg();
        const leads = await checkLeads(proc, load);
        const shutdown = await terminate(proc);
        partial = {
          ...base,
          machine: machine(loadAverageEnd),
          target: 'started',
          driver,
          webApp: home.webApp,
          startupMs,
          load,
          rss,
          leads,
          shutdown,
          sigterm: null,
        };
      }
      const problems = problemsOf(partial);
      return { ...partial, problems, ...(problems.length ? { serverLog: proc.output().slice(-6000) } : {}) };
    } finally {
      await stopServer(proc, 'SIGKILL');
    }
  } finally {
    await home.dispose();
  }
}

/** Per 5 s: the visitors' answers and failures, and the server's CPU, event-loop delay, memory. */
function timelineTable(r: Report): string {
  const samples = r.rss?.timeline ?? [];
  const rows = r.load.timeline.map((b) => {
    const inside = samples.filter((s) => s.t > b.from && s.t <= b.from + 5);
    const cpu = inside.map((s) => s.cpuCores).filter((v): v is number => v !== null);
    const loop = inside.map((s) => s.loopMaxMs).filter((v): v is number => v !== null);
    const inflight = inside.map((s) => s.inFlight).filter((v): v is number => v !== null);
    const rss = inside.map((s) => s.rssMiB).filter((v): v is number => v !== null);
    const heap = inside.map((s) => s.heapMiB).filter((v): v is number => v !== null);
    const pool = inside.map((s) => s.poolWaiting).filter((v): v is number => v !== null);
    const dash = (v: number[], f: (x: number[]) => number) => (v.length ? f(v) : '-');
    return [
      `${b.from}–${b.from + 5} s`,
      b.requests,
      b.failures,
      b.p95,
      dash(cpu, (x) => Math.round((x.reduce((a, c) => a + c, 0) / x.length) * 100) / 100),
      dash(loop, (x) => Math.max(...x)),
      dash(inflight, (x) => Math.max(...x)),
      dash(rss, (x) => Math.max(...x)),
      dash(heap, (x) => Math.max(...x)),
      dash(pool, (x) => Math.max(...x)),
    ];
  });
  return table(
    [
      'time',
      'answers',
      'failures',
      'p95 ms',
      'server CPU',
      'loop max ms',
      'server in flight',
      'RSS MiB',
      'heap MiB',
      'pool waiting',
    ],
    rows,
  );
}

/** The report as the CLI prints it. */
export function formatReport(r: Report): string {
  const l = r.load;
  const lines: string[] = [];
  const lead = l.leadEvery > 0 ? `a lead every ${l.leadEvery} sessions` : 'no leads';
  lines.push(
    `Load: ${l.visitors} visitors × ${l.seconds} s, think ${l.thinkMs[0]}–${l.thinkMs[1]} ms, ${lead}, ` +
      `timeout ${l.timeoutMs} ms, ${Math.round(l.returning * 100)}% returning visitors (web app cached), ` +
      `pictures ${l.groups.some((g) => g.group === 'images') ? 'on' : 'off'}`,
  );
  lines.push(
    r.target === 'url'
      ? `Server: ${l.base} (already running; memory and leads not read)`
      : `Server: started by this run, ${r.driver === 'pg' ? 'PostgreSQL' : 'PGlite'}, demo data, ready in ` +
          `${((r.startupMs ?? 0) / 1000).toFixed(1)} s; web app ${r.webApp ? 'built (assets served)' : 'not built (minimal page)'}`,
  );
  lines.push(
    `Machine: ${r.machine.cpus} CPUs; load average ${r.machine.loadAverageStart.join(' / ')} at the start, ` +
      `${r.machine.loadAverageEnd.join(' / ')} at the end (1 / 5 / 15 min); ` +
      `connections dropped by full listen queues (machine-wide): ${r.machine.listenOverflows ?? '?'}`,
  );
  lines.push(
    `Catalogue: ${l.catalogue.cars} cars, ${l.catalogue.brands} brands, ${l.catalogue.bodyTypes} body types, ` +
      `${l.catalogue.posts} posts; ${l.sessions} sessions in ${l.elapsedSeconds} s`,
  );
  lines.push('');
  lines.push(table(FIGURE_HEAD, figureRows(l.groups, l.total)));
  lines.push('');
  lines.push(timelineTable(r));
  lines.push('');
  if (r.leads) {
    lines.push(
      `Leads: ${r.leads.posted} posted (${describeCounts(r.leads.statuses)}), ${r.leads.acknowledged} acknowledged, ` +
        `${r.leads.found} found through the staff API, missing ${r.leads.missing.length}`,
    );
  } else lines.push(`Leads: ${l.leads.length} posted`);
  lines.push(`Advisor answers: ${describeCounts(l.advisorSources)}`);
  if (r.rss) {
    lines.push(
      `Server RSS: start ${r.rss.startMiB} MiB, peak ${r.rss.peakMiB} MiB, end ${r.rss.endMiB} MiB ` +
        `(${r.rss.samples} samples, 1 s apart); server CPU ${r.rss.cpuCores ?? '?'} cores on average, ` +
        `load generator ${l.clientCpuCores} cores; longest event-loop delay ${r.rss.loopMaxMs ?? '?'} ms`,
    );
  }
  if (r.shutdown)
    lines.push(
      `Shutdown: SIGTERM → exit ${r.shutdown.exitCode ?? r.shutdown.signal} in ${r.shutdown.exitMs} ms`,
    );
  if (l.sigterm && r.sigterm) {
    const s = l.sigterm;
    const f = s.inflight;
    const a = s.after;
    lines.push('');
    lines.push(`SIGTERM at ${s.atSeconds} s under load:`);
    lines.push(
      `  in flight at the signal: ${f.requests} requests → ${f.ok2xx} 2xx, ${f.http4xx} 4xx, ${f.http5xx} 5xx, ` +
        `${f.timeouts} timeouts, ${f.network} network errors (${describeCounts({ ...f.statuses, ...f.networkErrors })}); ` +
        `last answer ${s.lastInflightAnswerMs} ms after the signal`,
    );
    lines.push(
      `  sent after the signal (expected to fail, not errors): ${a.requests} → refused ${a.refused}, ` +
        `answered ${describeCounts(a.statuses)}, other network ${describeCounts(a.otherNetwork)}, timeouts ${a.timeouts}`,
    );
    lines.push(
      `  exit code ${r.sigterm.shutdown.exitCode ?? r.sigterm.shutdown.signal} ${r.sigterm.shutdown.exitMs} ms after ` +
        `the signal (grace ${r.sigterm.shutdown.graceMs} ms)`,
    );
    const ld = r.sigterm.leads;
    lines.push(
      `  restart on the same data: ready in ${(r.sigterm.restartMs / 1000).toFixed(1)} s; leads ${ld.posted} posted ` +
        `(${describeCounts(ld.statuses)}), ${ld.acknowledged} acknowledged, ${ld.found} found, missing ${ld.missing.length}`,
    );
  }
  lines.push('');
  lines.push(r.problems.length ? `✖ ${r.problems.join('\n✖ ')}` : '✔ no 5xx, no timeout, no network error');
  return lines.join('\n');
}
