// `npm test`: every check the project has, one stage after another, stopping at the first that fails, with
// the time each stage took (CI prints the same table; the budget is 15 minutes for a fresh clone).
//   node scripts/test.mjs [stage...]     e.g. `node scripts/test.mjs api e2e`
//
// Beside the API stage, in processes of their own (their output printed after the stage's): the lint and
// the type check when the API stage runs too (a single core's work each, half a minute before the tests
// could start), the PostgreSQL process tests (one file at a time: they run on their own, so they no
// longer end the stage alone on one core) and the demo showroom the browser journeys copy (filled once,
// when the build is there). A failure beside a stage fails it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const pg = Boolean(process.env.TEST_DATABASE_URL);

/** Each stage: a name, what it runs, the command, and what it starts beside itself. */
const LINT = {
  name: 'lint',
  what: 'Biome (lint and format, warnings are errors), the module fences',
  cmd: ['npm', 'run', 'lint'],
};
const TYPECHECK = { name: 'typecheck', what: 'tsc --noEmit', cmd: [bin('tsc'), '--noEmit'] };
const STAGES = [
  { ...LINT, besideApi: true },
  { ...TYPECHECK, besideApi: true },
  {
    name: 'build',
    what: 'web and server, fast compression',
    cmd: ['node', 'scripts/build/index.mjs', '--fast'],
  },
  {
    name: 'api',
    what: pg
      ? 'unit tests once; API tests on PGlite, PostgreSQL and S3; beside them the PostgreSQL process tests'
      : 'unit tests once; API tests on PGlite and S3 (no TEST_DATABASE_URL: PostgreSQL proofs not run)',
    cmd: [bin('vitest'), 'run', '--project', 'unit', '--project', 'api*'],
    beside: (wanted) => [
      ...[LINT, TYPECHECK].filter((job) => wanted(job.name)),
      ...(pg ? [{ name: 'pg-only', cmd: [bin('vitest'), 'run', '--project', 'pg-only'] }] : []),
      ...(wanted('e2e') && existsSync(join(ROOT, 'dist/web/index.html')) ? [seedForJourneys()] : []),
    ],
  },
  {
    name: 'load',
    what: 'the 8 s load run with SIGTERM and the hostile price lists: time bounds, one file at a time',
    cmd: [bin('vitest'), 'run', '--project', 'load'],
  },
  {
    name: 'e2e',
    what: 'browser journeys in Chromium',
    cmd: [bin('vitest'), 'run', '--project', 'e2e'],
    // The journeys that mostly wait (vitest.config.ts, E2E_WAITING), in a lane of their own.
    beside: () => [{ name: 'waiting journeys', cmd: [bin('vitest'), 'run', '--project', 'e2e-wait'] }],
  },
];

/** The demo showroom the journeys copy, filled beside the API tests; E2E_SEEDED_DIR tells the journeys. */
function seedForJourneys() {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-e2e-seeded-'));
  process.env.E2E_SEEDED_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  return {
    name: 'e2e demo showroom',
    cmd: [bin('node'), '--import', 'tsx', 'test/e2e/helpers/seed-template-cli.ts', dir],
    // A failure here is not the stage's: the journeys then fill their own.
    optional: true,
  };
}

/** Starts a command with its output kept, to print once the stage's own has ended. */
function startBeside(job) {
  const child = spawn(job.cmd[0], job.cmd.slice(1), { cwd: ROOT, env: process.env });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const t0 = performance.now();
  const done = new Promise((res) =>
    child.on('close', (code) => res({ ...job, ok: code === 0, ms: performance.now() - t0, output })),
  );
  return done;
}

const wantedNames = process.argv.slice(2);
const unknown = wantedNames.filter((w) => !STAGES.some((s) => s.name === w));
if (unknown.length) {
  console.error(`unknown stage ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const wanted = (name) => wantedNames.length === 0 || wantedNames.includes(name);
// The lint and the type check run beside the API stage when it runs; alone otherwise.
const stages = STAGES.filter((s) => wanted(s.name) && !(s.besideApi && wanted('api')));

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const done = [];
const started = performance.now();
let failed = null;
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.what}`);
  const t0 = performance.now();
  const beside = (stage.beside?.(wanted) ?? []).map(startBeside);
  // Not spawnSync: the jobs beside it are read while it runs (a full pipe would stall them).
  const status = await new Promise((res) =>
    spawn(stage.cmd[0], stage.cmd.slice(1), { cwd: ROOT, stdio: 'inherit' }).on('close', res),
  );
  let ok = status === 0;
  const besideDone = [];
  for (const job of await Promise.all(beside)) {
    console.log(`\n== ${stage.name}, beside it: ${job.name} (${seconds(job.ms)})\n${job.output}`);
    if (!job.ok && !job.optional) ok = false;
    if (!job.ok && job.optional) delete process.env.E2E_SEEDED_DIR;
    besideDone.push({ name: `  ${job.name}`, ms: job.ms, ok: job.ok || job.optional });
  }
  const ms = performance.now() - t0;
  done.push({ name: stage.name, ms, ok }, ...besideDone);
  if (!ok) {
    failed = stage.name;
    break;
  }
}

console.log('\n== stage times');
for (const s of done)
  console.log(`  ${s.name.padEnd(20)} ${seconds(s.ms).padStart(9)}${s.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(20)} ${seconds(performance.now() - started).padStart(9)}`);
if (!pg) console.log('  (TEST_DATABASE_URL not set: the PostgreSQL proofs did not run)');
process.exit(failed ? 1 : 0);
