/**
 * A small traffic loop for fault injection against a running server process: public reads
 * (/api/cars, /api/cars/{id}, /api/ready) and public lead posts, each with a per-request timeout,
 * plus a /api/ready sampler. Every answer is recorded (time, status, latency, message) so a fault
 * can be read off afterwards: what failed, how, for how long, and which leads were acknowledged.
 *
 * Each lead comes from its own client address (X-Forwarded-For; the server runs with TRUST_PROXY=on),
 * so the per-address lead limit (5 per form per 10 minutes) stays on without being what is measured.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { vnDayKey } from '../../src/contract/format';

export interface Answer {
  kind: 'list' | 'detail' | 'ready' | 'lead' | 'retry';
  /** ms since the traffic's epoch, when the request was sent. */
  at: number;
  ms: number;
  /** 0: no HTTP answer (connection refused or reset, or our timeout). */
  status: number;
  timedOut: boolean;
  /** The error body's message for 4xx/5xx, or the network error. */
  message?: string;
  /** A 5xx whose body is not the contract's {status, message} or shows internals. */
  leaky?: boolean;
}

export interface Lead {
  path: string;
  ip: string;
  body: Record<string, unknown> & { clientRequestId: string };
  acknowledged: boolean;
  /** Status of each attempt, in order. */
  attempts: number[];
}

export interface TrafficOptions {
  base: string;
  /** Concurrent readers (each loops over list, detail and ready). */
  readers?: number;
  /** Concurrent lead writers. */
  writers?: number;
  /** Pause between two requests of one worker. */
  thinkMs?: number;
  timeoutMs?: number;
  /** Car ids for /api/cars/{id}; found from the first list page when omitted. */
  carIds?: number[];
  /** Sample /api/ready every this many ms. */
  sampleMs?: number;
}

let leadCounter = 0;

/** A valid consulting or maintenance form, alternating, with a fresh clientRequestId and address. */
export function newLead(): Lead {
  const i = ++leadCounter;
  const ip = `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
  const clientRequestId = randomUUID();
  if (i % 2 === 0) {
    return {
      path: '/api/consulting',
      ip,
      acknowledged: false,
      attempts: [],
      body: {
        fullName: `Khách Sự Cố ${i}`,
        phone: `09${String(10_000_000 + i).slice(-8)}`,
        email: `su.co.${i}@example.com`,
        topic: 'BUY',
        message: `Yêu cầu tư vấn trong lúc thử sự cố, số ${i}`,
        clientRequestId,
      },
    };
  }
  return {
    path: '/api/maintenance',
    ip,
    acknowledged: false,
    attempts: [],
    body: {
      fullName: `Khách Bảo Dưỡng ${i}`,
      phone: `03${String(10_000_000 + i).slice(-8)}`,
      licencePlate: `51G-${String(10_000 + i).slice(-5)}`,
      make: 'Toyota',
      model: 'Vios',
      year: 2018,
      odometer: 60_000 + i,
      serviceType: 'PERIODIC',
      preferredDate: vnDayKey(new Date(Date.now() + 7 * 86_400_000)),
      clientRequestId,
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Internals a client must never see in an error body. */
const LEAK =
  /\bat .+:\d+:\d+|node_modules|ECONNREFUSED|Connection terminated|terminating connection|SQL|select |insert |Error:/i;

export class Traffic {
  readonly base: string;
  readonly answers: Answer[] = [];
  readonly readySamples: { at: number; status: number; ms: number }[] = [];
  readonly leads: Lead[] = [];
  readonly marks: { at: number; label: string }[] = [];
  readonly epoch = performance.now();
  private readonly opts: Required<Omit<TrafficOptions, 'carIds'>> & { carIds: number[] };
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(opts: TrafficOptions) {
    this.base = opts.base;
    this.opts = {
      readers: 6,
      writers: 3,
      thinkMs: 25,
      timeoutMs: 10_000,
      sampleMs: 250,
      carIds: [],
      ...opts,
    };
  }

  now(): number {
    return Math.round(performance.now() - this.epoch);
  }

  mark(label: string) {
    this.marks.push({ at: this.now(), label });
  }

  /** One request, timed and recorded; never throws. */
  async request(
    kind: Answer['kind'],
    path: string,
    init: { method?: string; body?: unknown; ip?: string; timeoutMs?: number } = {},
  ): Promise<Answer> {
    const at = this.now();
    const t0 = performance.now();
    const answer: Answer = { kind, at, ms: 0, status: 0, timedOut: false };
    try {
      const res = await fetch(`${this.base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.ip ? { 'x-forwarded-for': init.ip } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.timeoutMs ?? this.opts.timeoutMs),
      });
      const text = await res.text();
      answer.status = res.status;
      if (res.status >= 400) {
        try {
          const json = JSON.parse(text) as { status?: number; message?: unknown };
          answer.message = typeof json.message === 'string' ? json.message : text.slice(0, 200);
          answer.leaky = typeof json.message !== 'string' || LEAK.test(json.message);
        } catch {
          answer.message = text.slice(0, 200);
          answer.leaky = true;
        }
      }
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      answer.timedOut = e.name === 'TimeoutError';
      answer.message = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message);
    }
    answer.ms = Math.round(performance.now() - t0);
    this.answers.push(answer);
    return answer;
  }

  private async discoverCars() {
    if (this.opts.carIds.length) return;
    const res = await fetch(`${this.base}/api/cars?page=1&pageSize=24`, {
      signal: AbortSignal.timeout(10_000),
    });
    if (res.ok) {
      const json = (await res.json()) as { content?: { carId?: number; id?: number }[] };
      this.opts.carIds = (json.content ?? []).map((c) => c.carId ?? c.id ?? 0).filter((id) => id > 0);
    }
  }

  private async reader(n: number) {
    let i = n;
    while (this.running) {
      i++;
      const step = i % 3;
      let answer: Answer;
      if (step === 0) answer = await this.request('list', `/api/cars?page=${1 + (i % 3)}&pageSize=12`);
      else if (step === 1 && this.opts.carIds.length)
        answer = await this.request('detail', `/api/cars/${this.opts.carIds[i % this.opts.carIds.length]}`);
      else answer = await this.request('ready', '/api/ready');
      // A visitor whose page failed does not reload it in a tight loop.
      await sleep(answer.status === 0 || answer.status >= 500 ? 250 : this.opts.thinkMs);
    }
  }

  private async writer() {
    while (this.running) {
      const lead = newLead();
      this.leads.push(lead);
      const answer = await this.postLead(lead, 'lead');
      await sleep(answer.status === 0 || answer.status >= 500 ? 250 : this.opts.thinkMs * 2);
    }
  }

  private async postLead(lead: Lead, kind: 'lead' | 'retry') {
    const answer = await this.request(kind, lead.path, { method: 'POST', body: lead.body, ip: lead.ip });
    lead.attempts.push(answer.status);
    if (answer.status === 201 || answer.status === 200) lead.acknowledged = true;
    return answer;
  }

  private async sampler() {
    while (this.running) {
      const t0 = performance.now();
      const at = this.now();
      let status = 0;
      try {
        const res = await fetch(`${this.base}/api/ready`, { signal: AbortSignal.timeout(2_500) });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        status = 0;
      }
      const ms = Math.round(performance.now() - t0);
      this.readySamples.push({ at, status, ms });
      await sleep(Math.max(0, this.opts.sampleMs - ms));
    }
  }

  async start() {
    await this.discoverCars();
    this.running = true;
    this.workers = [
      this.sampler(),
      ...Array.from({ length: this.opts.readers }, (_, n) => this.reader(n)),
      ...Array.from({ length: this.opts.writers }, () => this.writer()),
    ];
  }

  async stop() {
    this.running = false;
    await Promise.all(this.workers);
  }

  /**
   * What a visitor's form does after a failed send: the same clientRequestId again, once the site
   * answers, until it is acknowledged (at most `maxAttempts` tries per lead).
   */
  async retryUnacknowledged(
    maxAttempts = 10,
  ): Promise<{ retried: number; replayed: number; created: number }> {
    const pending = this.leads.filter((l) => !l.acknowledged);
    let replayed = 0;
    let created = 0;
    for (const lead of pending) {
      for (let attempt = 0; attempt < maxAttempts && !lead.acknowledged; attempt++) {
        const answer = await this.postLead(lead, 'retry');
        if (answer.status === 200) replayed++;
        else if (answer.status === 201) created++;
        else await sleep(500);
      }
    }
    return { retried: pending.length, replayed, created };
  }

  /** Ready samples as runs of one status. */
  readyTimeline() {
    return timelineOf(this.readySamples);
  }
}

export interface ReadyRun {
  from: number;
  to: number;
  status: number;
  samples: number;
}

/** Consecutive samples of one status merged into one run: "0.00–3.20 s 200 ×13". */
export function timelineOf(samples: { at: number; status: number }[]): ReadyRun[] {
  const runs: ReadyRun[] = [];
  for (const s of samples) {
    const last = runs[runs.length - 1];
    if (last && last.status === s.status) {
      last.to = s.at;
      last.samples++;
    } else runs.push({ from: s.at, to: s.at, status: s.status, samples: 1 });
  }
  return runs;
}

/** Counts of answers by status for a time window [from, to) of the traffic (all when omitted). */
export function summarise(answers: Answer[], from = 0, to = Number.POSITIVE_INFINITY) {
  const inWindow = answers.filter((a) => a.at >= from && a.at < to);
  const byStatus = new Map<number, number>();
  for (const a of inWindow) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const latencies = inWindow.map((a) => a.ms).sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  const messages = new Map<string, number>();
  for (const a of inWindow) {
    if (a.status >= 500 || a.status === 0) {
      const key = `${a.status} ${a.message ?? ''}`;
      messages.set(key, (messages.get(key) ?? 0) + 1);
    }
  }
  const byKind: Record<string, Record<string, number>> = {};
  for (const a of inWindow) {
    byKind[a.kind] ??= {};
    const k = byKind[a.kind];
    const key = a.status === 0 ? (a.timedOut ? 'timeout' : 'no answer') : String(a.status);
    k[key] = (k[key] ?? 0) + 1;
  }
  return {
    requests: inWindow.length,
    byKind,
    byStatus: Object.fromEntries([...byStatus].sort(([a], [b]) => a - b)),
    p50: pct(50),
    p99: pct(99),
    max: latencies[latencies.length - 1] ?? 0,
    timedOut: inWindow.filter((a) => a.timedOut).length,
    failures: Object.fromEntries(messages),
    leaky: inWindow.filter((a) => a.leaky && a.status >= 500).length,
    status500: inWindow.filter((a) => a.status === 500).length,
  };
}

export function formatTimeline(runs: ReadyRun[], marks: { at: number; label: string }[]) {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const lines = runs.map(
    (r) =>
      `    ${s(r.from).padStart(6)}–${s(r.to).padEnd(6)} s  /api/ready ${r.status || 'no answer'} ×${r.samples}`,
  );
  for (const m of marks) lines.push(`    ${s(m.at).padStart(6)} s         ▶ ${m.label}`);
  return lines.sort((a, b) => Number.parseFloat(a) - Number.parseFloat(b)).join('\n');
}
