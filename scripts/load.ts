/**
 * A busy weekend on the public site (docs/performance.md, "Load: a busy weekend"; SIGTERM under load in
 * docs/reliability.md).
 *
 *   npm run load -- [--visitors 200] [--seconds 60] [--think-ms 0-200] [--lead-every 50]
 *                   [--timeout-ms 10000] [--seed 1] [--returning 0.5] [--no-images]
 *                   [--driver pglite|pg] [--web-dir dist/web] [--url http://host:port]
 *                   [--sigterm-at <seconds>] [--json]
 *
 * Starts src/server/main.ts on a fresh DATA_DIR with the demo showroom (PGlite; `--driver pg`: a fresh
 * database on LOAD_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the
 * end) with TRUST_PROXY=on, or loads a running server (`--url`). N visitors loop through sessions for
 * T seconds (scripts/load/visitors.ts). Prints per route group requests, errors, req/s and p50/p95/p99;
 * the server's memory; with `--sigterm-at`, what SIGTERM did to the requests in flight, the exit code
 * and the leads after a restart. Exits 1 on any 5xx, timeout or network error (or a lost lead, a
 * failed in-flight request, a non-zero exit on SIGTERM).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_VISITORS, formatReport, runScenario, type ScenarioOptions } from './load/run';
import { DEFAULT_PG_URL, type Driver } from './load/server';

const USAGE = `usage: npm run load -- [--visitors N] [--seconds T] [--think-ms MIN-MAX] [--lead-every N]
  [--timeout-ms MS] [--seed N] [--returning SHARE] [--no-images] [--driver pglite|pg] [--web-dir DIR] [--url URL]
  [--sigterm-at SECONDS] [--json]`;

function parse(argv: string[]): ScenarioOptions & { json: boolean } {
  const opts: ScenarioOptions & { json: boolean } = {
    ...DEFAULT_VISITORS,
    driver: 'pglite',
    pgUrl: process.env.LOAD_DATABASE_URL ?? DEFAULT_PG_URL,
    webDir: existsSync(join('dist/web', 'index.html')) ? 'dist/web' : null,
    json: false,
  };
  const num = (name: string, raw: string | undefined, min: number) => {
    const v = Number(raw);
    if (raw === undefined || !Number.isFinite(v) || v < min)
      throw new Error(`--${name}: a number ≥ ${min} expected`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.slice(2).split('=', 2) : [arg.slice(2)];
    const value = () => inline ?? argv[++i];
    switch (name) {
      case 'visitors':
        opts.visitors = Math.floor(num(name, value(), 1));
        break;
      case 'seconds':
        opts.seconds = num(name, value(), 1);
        break;
      case 'think-ms': {
        const raw = value() ?? '';
        const m = /^(\d+)(?:-(\d+))?$/.exec(raw);
        if (!m) throw new Error('--think-ms: MIN-MAX or MAX in ms expected (e.g. 0-200)');
        const [min, max] = m[2] === undefined ? [0, Number(m[1])] : [Number(m[1]), Number(m[2])];
        if (max < min) throw new Error('--think-ms: MAX below MIN');
        opts.thinkMs = [min, max];
        break;
      }
      case 'lead-every':
        opts.leadEvery = Math.floor(num(name, value(), 0));
        break;
      case 'timeout-ms':
        opts.timeoutMs = num(name, value(), 1);
        break;
      case 'seed':
        opts.seed = Math.floor(num(name, value(), 0));
        break;
      case 'returning': {
        const v = num(name, value(), 0);
        if (v > 1) throw new Error('--returning: a share from 0 to 1');
        opts.returning = v;
        break;
      }
      case 'no-images':
        opts.images = false;
        break;
      case 'driver': {
        const d = value();
        if (d !== 'pglite' && d !== 'pg') throw new Error('--driver: pglite or pg');
        opts.driver = d as Driver;
        break;
      }
      case 'web-dir':
        opts.webDir = value() ?? null;
        break;
      case 'url': {
        const u = value();
        if (!u || !/^https?:\/\//.test(u)) throw new Error('--url: http://host:port expected');
        opts.url = u;
        break;
      }
      case 'sigterm-at':
        opts.sigtermAt = num(name, value(), 0);
        break;
      case 'json':
        opts.json = true;
        break;
      case 'help':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument ${arg}\n${USAGE}`);
    }
  }
  if (opts.sigtermAt !== undefined && opts.sigtermAt >= opts.seconds)
    throw new Error('--sigterm-at must be below --seconds');
  return opts;
}

async function main() {
  let opts: ReturnType<typeof parse>;
  try {
    opts = parse(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const { json, ...scenario } = opts;
  const report = await runScenario({ ...scenario, log: (line) => console.error(`· ${line}`) });
  console.log(json ? JSON.stringify(report, null, 2) : formatReport(report));
  if (!json && report.serverLog) console.error(`\nThe server printed (last lines):\n${report.serverLog}`);
  process.exit(report.problems.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
