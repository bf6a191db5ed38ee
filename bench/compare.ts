/**
 * npm run bench:compare -- <checkout> [<checkout>...]: the car routes of `npm run bench` on PostgreSQL,
 * for this checkout and others (say a `git worktree` of an older commit, with its own node_modules),
 * every server started first and the runs interleaved, round after round, so a machine whose speed
 * drifts from minute to minute slows every version alike. Prints each route's median and every run.
 *
 *   BENCH_ROUNDS=5 BENCH_SECONDS=5 BENCH_CARS=10000 BENCH_ROUTES=uncached,detail,cached,same,hello
 *
 * A checkout older than the same-bytes route answers it 404: its row says so and is not a figure.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { LIST_QUERY } from './list-query';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUTES = (process.env.BENCH_ROUTES ?? 'uncached,detail,cached,same,hello').split(',');

interface Server {
  label: string;
  child: ChildProcess;
  ready: { port: number; uncachedPort: number; barePort: number; ids: number[] };
}

function start(dir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cars-server.ts', 'pg', PG_URL], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"ready"')) done({ label: dir, child, ready: JSON.parse(line) });
    });
    child.on('exit', (code) => fail(new Error(`bench server in ${dir} exited with ${code}`)));
  });
}

/** The address of a route on a server, and the paths it cycles through (the car page: 500 cars). */
function target(s: Server, route: string): { url: string; paths?: string[] } {
  const at = (port: number) => `http://127.0.0.1:${port}`;
  switch (route) {
    case 'uncached':
      return { url: `${at(s.ready.uncachedPort)}/api/cars?${LIST_QUERY}` };
    case 'detail':
      return {
        url: at(s.ready.uncachedPort),
        paths: s.ready.ids.slice(0, 500).map((id) => `/api/cars/${id}`),
      };
    case 'cached':
      return { url: `${at(s.ready.port)}/api/cars?${LIST_QUERY}` };
    case 'same':
      return { url: `${at(s.ready.barePort)}/same-bytes` };
    default:
      return { url: `${at(s.ready.barePort)}/hello` };
  }
}

async function load(s: Server, route: string, seconds: number, connections = 50) {
  const { url, paths } = target(s, route);
  let i = 0;
  const requests = paths
    ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length] }) }]
    : undefined;
  return autocannon({ url, connections, duration: seconds, requests } as autocannon.Options);
}

async function main() {
  const dirs = [process.cwd(), ...process.argv.slice(2).map((d) => resolve(d))];
  const servers: Server[] = [];
  try {
    // One after the other: generating 10,000 cars takes both cores.
    for (const dir of dirs) servers.push(await start(dir));
    for (const s of servers) for (const route of ROUTES) await load(s, route, 2, 10);
    const runs = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const route of ROUTES)
        for (const s of servers) {
          const r = await load(s, route, SECONDS);
          const key = `${route.padEnd(9)} ${s.label}${r.non2xx ? ' (not 2xx: no figure)' : ''}`;
          runs.set(key, [...(runs.get(key) ?? []), Math.round(r.requests.average)]);
        }
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    for (const [key, v] of runs) console.log(`${key}: median ${median(v)} req/s, runs ${v.join(' ')}`);
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
