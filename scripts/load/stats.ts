/**
 * Counting for the load script: one recorder per route group (requests, answers by status, timeouts,
 * network errors, latencies), percentiles, and the printed table.
 */

/** The nearest-rank percentile (p in 0..100) of values sorted ascending; 0 for none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** What became of one request. */
export type Outcome =
  | { kind: 'status'; status: number }
  | { kind: 'timeout' }
  | { kind: 'network'; code: string };

export interface GroupFigures {
  group: string;
  requests: number;
  /** Answers by status code ("200": 812, "429": 3). */
  statuses: Record<string, number>;
  ok2xx: number;
  /** Non-2xx answers below 500 (validation, rate limit, not found). */
  http4xx: number;
  http5xx: number;
  timeouts: number;
  /** Failures without an answer, by error code (ECONNRESET, UND_ERR_SOCKET...). */
  networkErrors: Record<string, number>;
  network: number;
  /** Requests per second over the measured window. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export class GroupRecorder {
  requests = 0;
  readonly statuses = new Map<number, number>();
  timeouts = 0;
  readonly network = new Map<string, number>();
  /** Milliseconds of every request that got an answer (errors are not timed). */
  readonly latencies: number[] = [];

  constructor(readonly group: string) {}

  add(outcome: Outcome, ms: number) {
    this.requests++;
    if (outcome.kind === 'status') {
      this.statuses.set(outcome.status, (this.statuses.get(outcome.status) ?? 0) + 1);
      this.latencies.push(ms);
    } else if (outcome.kind === 'timeout') this.timeouts++;
    else this.network.set(outcome.code, (this.network.get(outcome.code) ?? 0) + 1);
  }

  figures(seconds: number): GroupFigures {
    const sorted = Float64Array.from(this.latencies).sort();
    const arr = Array.from(sorted);
    let ok2xx = 0;
    let http4xx = 0;
    let http5xx = 0;
    const statuses: Record<string, number> = {};
    for (const [status, n] of [...this.statuses].sort((a, b) => a[0] - b[0])) {
      statuses[String(status)] = n;
      if (status >= 200 && status < 300) ok2xx += n;
      else if (status >= 500) http5xx += n;
      else http4xx += n;
    }
    const networkErrors = Object.fromEntries(this.network);
    const round = (v: number) => Math.round(v * 10) / 10;
    return {
      group: this.group,
      requests: this.requests,
      statuses,
      ok2xx,
      http4xx,
      http5xx,
      timeouts: this.timeouts,
      networkErrors,
      network: [...this.network.values()].reduce((a, b) => a + b, 0),
      rps: seconds > 0 ? round(this.requests / seconds) : 0,
      p50: round(percentile(arr, 50)),
      p95: round(percentile(arr, 95)),
      p99: round(percentile(arr, 99)),
      max: round(arr.length ? arr[arr.length - 1] : 0),
    };
  }
}

/** Recorders by group, created on first use, in the order groups first appear. */
export class Recorders {
  private readonly groups = new Map<string, GroupRecorder>();

  constructor(order: readonly string[] = []) {
    for (const g of order) this.groups.set(g, new GroupRecorder(g));
  }

  get(group: string): GroupRecorder {
    let r = this.groups.get(group);
    if (!r) {
      r = new GroupRecorder(group);
      this.groups.set(group, r);
    }
    return r;
  }

  /** Per-group figures (groups that saw no request are left out) and the total over all of them. */
  figures(seconds: number): { groups: GroupFigures[]; total: GroupFigures } {
    const all = new GroupRecorder('total');
    const groups: GroupFigures[] = [];
    for (const r of this.groups.values()) {
      if (r.requests === 0) continue;
      groups.push(r.figures(seconds));
      all.requests += r.requests;
      all.timeouts += r.timeouts;
      for (const [s, n] of r.statuses) all.statuses.set(s, (all.statuses.get(s) ?? 0) + n);
      for (const [c, n] of r.network) all.network.set(c, (all.network.get(c) ?? 0) + n);
      for (const ms of r.latencies) all.latencies.push(ms);
    }
    return { groups, total: all.figures(seconds) };
  }
}

/** A plain text table, columns padded; numbers right-aligned. */
export function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[], isHead = false) =>
    r
      .map((c, i) =>
        i === 0 || isHead || Number.isNaN(Number(c)) ? c.padEnd(widths[i]) : c.padStart(widths[i]),
      )
      .join('  ')
      .trimEnd();
  return [
    line(head, true),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map((r) => line(r.map(String))),
  ].join('\n');
}

/** "200: 812, 429: 3" */
export function describeCounts(counts: Record<string, number>): string {
  const parts = Object.entries(counts).map(([k, n]) => `${k}: ${n}`);
  return parts.length ? parts.join(', ') : '-';
}

/** The figures of each group as printed rows. */
export function figureRows(groups: GroupFigures[], total: GroupFigures): (string | number)[][] {
  return [...groups, total].map((g) => [
    g.group,
    g.requests,
    g.ok2xx,
    describeCounts(Object.fromEntries(Object.entries(g.statuses).filter(([s]) => !s.startsWith('2')))),
    g.timeouts,
    g.network ? describeCounts(g.networkErrors) : '0',
    g.rps,
    g.p50,
    g.p95,
    g.p99,
    g.max,
  ]);
}

export const FIGURE_HEAD = [
  'group',
  'requests',
  '2xx',
  'other statuses',
  'timeouts',
  'network errors',
  'req/s',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
];
