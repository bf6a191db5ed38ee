/**
 * What a small load run must show (test/ops/load.test.ts on PGlite, test/pg/load.test.ts on
 * PostgreSQL): behaviour only, never timings.
 */
import { expect } from 'vitest';
import {
  checkLeads,
  DEFAULT_VISITORS,
  loadOnServer,
  type ServerHome,
  type ServerProcess,
  sigtermUnderLoad,
  type VisitorOptions,
} from '../../scripts/load/run';
import { describeCounts, type GroupFigures } from '../../scripts/load/stats';

/** 10 visitors for 8 s; a lead every 4 sessions so that several are posted. */
export const SMALL: VisitorOptions = { ...DEFAULT_VISITORS, visitors: 10, seconds: 8, leadEvery: 4 };

/** Every group the visitors use without a built web app (no /assets/ files then). */
const GROUPS = [
  'home html',
  'page html',
  'site config',
  'home api',
  'list',
  'detail',
  'blog',
  'images',
  'chat',
  'slots',
  'lead post',
];

function failures(g: GroupFigures): string {
  return `${g.group}: ${g.requests} requests, ${describeCounts(g.statuses)}, timeouts ${g.timeouts}, network ${describeCounts(g.networkErrors)}`;
}

/** Visitors against a running server: no 5xx, timeout or network error; every group answered 2xx; leads stored. */
export async function expectCleanLoad(proc: ServerProcess) {
  const { load, rss } = await loadOnServer(proc, SMALL);
  const t = load.total;
  expect(t.http5xx + t.timeouts + t.network, failures(t)).toBe(0);
  const byName = new Map(load.groups.map((g) => [g.group, g]));
  for (const name of GROUPS) {
    const g = byName.get(name);
    expect(g?.requests ?? 0, `no request in group ${name}`).toBeGreaterThan(0);
    // Distinct client addresses and valid bodies: nothing is refused, not even by a rate limit.
    expect(g!.ok2xx, failures(g!)).toBe(g!.requests);
  }
  expect(rss.peakMiB).toBeGreaterThan(0);
  const leads = await checkLeads(proc, load);
  expect(leads.acknowledged, describeCounts(leads.statuses)).toBeGreaterThan(0);
  expect(leads.acknowledged, describeCounts(leads.statuses)).toBe(leads.posted);
  expect(leads.missing).toEqual([]);
}

/**
 * SIGTERM at 4 s of a small load (short think time, so requests are in flight at the signal): the
 * process exits 0, every request sent before the signal gets its answer, and every acknowledged lead
 * is there after a restart on the same data. The server is gone afterwards.
 */
export async function expectCleanSigterm(home: ServerHome, proc: ServerProcess) {
  const { load, sigterm } = await sigtermUnderLoad(
    home,
    proc,
    { ...SMALL, thinkMs: [0, 20], leadEvery: 2 },
    4,
  );
  expect(sigterm.shutdown.exitCode, `signal ${sigterm.shutdown.signal}\n${proc.output()}`).toBe(0);
  const inflight = load.sigterm!.inflight;
  expect(inflight.requests, 'no request was in flight at the signal').toBeGreaterThan(0);
  expect(inflight.http5xx + inflight.timeouts + inflight.network, failures(inflight)).toBe(0);
  // Before the signal, as in any run.
  const t = load.total;
  expect(t.http5xx + t.timeouts + t.network, failures(t)).toBe(0);
  expect(sigterm.leads.acknowledged, describeCounts(sigterm.leads.statuses)).toBeGreaterThan(0);
  expect(sigterm.leads.missing).toEqual([]);
}
