// `npm test`: every check the project has, one stage after another, stopping at the first that fails, with
// the time each stage took (CI prints the same table; the budget is 15 minutes for a fresh clone).
//   node scripts/test.mjs [stage...]     e.g. `node scripts/test.mjs api e2e`
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const pg = Boolean(process.env.TEST_DATABASE_URL);

/** Each stage: a name, what it runs, and the command. */
const STAGES = [
  {
    name: 'lint',
    what: 'Biome (lint and format, warnings are errors), the module fences',
    cmd: ['npm', 'run', 'lint'],
  },
  { name: 'typecheck', what: 'tsc --noEmit', cmd: [bin('tsc'), '--noEmit'] },
  {
    name: 'api',
    what: pg
      ? 'unit tests once; API tests on PGlite, PostgreSQL and S3; PostgreSQL process tests'
      : 'unit tests once; API tests on PGlite and S3 (no TEST_DATABASE_URL: PostgreSQL proofs not run)',
    cmd: [
      bin('vitest'),
      'run',
      '--project',
      'unit',
      '--project',
      'api*',
      ...(pg ? ['--project', 'pg-only'] : []),
    ],
  },
  { name: 'load', what: 'the 8 s load run with SIGTERM', cmd: [bin('vitest'), 'run', '--project', 'load'] },
  {
    name: 'build',
    what: 'web and server, fast compression',
    cmd: ['node', 'scripts/build/index.mjs', '--fast'],
  },
  { name: 'e2e', what: 'browser journeys in Chromium', cmd: [bin('vitest'), 'run', '--project', 'e2e'] },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !STAGES.some((s) => s.name === w));
if (unknown.length) {
  console.error(`unknown stage ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}
const stages = wanted.length ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const done = [];
const started = performance.now();
let failed = null;
for (const stage of stages) {
  console.log(`\n== ${stage.name}: ${stage.what}`);
  const t0 = performance.now();
  const result = spawnSync(stage.cmd[0], stage.cmd.slice(1), { cwd: ROOT, stdio: 'inherit' });
  const ms = performance.now() - t0;
  done.push({ name: stage.name, ms, ok: result.status === 0 });
  if (result.status !== 0) {
    failed = stage.name;
    break;
  }
}

console.log('\n== stage times');
for (const s of done)
  console.log(`  ${s.name.padEnd(10)} ${seconds(s.ms).padStart(9)}${s.ok ? '' : '  FAILED'}`);
console.log(`  ${'total'.padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
if (!pg) console.log('  (TEST_DATABASE_URL not set: the PostgreSQL proofs did not run)');
process.exit(failed ? 1 : 0);
