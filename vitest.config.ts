import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@contract': r('./src/contract'), '@web': r('./src/web') };

// Tests without a database (contract, formatters, parsers, codecs, the engine on plain data): run once, in
// the `unit` project. test/helpers/database.ts refuses to open a database there, so a test that needs one
// cannot hide in it.
const UNIT = ['test/unit/**/*.test.ts', 'src/**/*.test.ts'];
// Files whose subject is not the database (the file system, the embedded database's own backup): once.
const PGLITE_ONLY = [
  'test/ops/**',
  'test/db/lock.test.ts',
  'test/security/backup.test.ts',
  'test/security/edge-limits.test.ts',
  // Hostile requests against every route: their subject is the validation in front of the database, and
  // PGlite is the same PostgreSQL engine, so an input that reached it and failed would fail there too.
  'test/security/fuzz.test.ts',
];
// Files that judge a server process against time bounds, run after the API stage, one at a time, with
// nothing else on the cores: the load run (the demo showroom, visitors for 8 s) and hostile price lists
// (an answer within 5 s, health checks within 1 s), which once took 6.7 s beside three API files.
const LOAD = ['test/ops/load.test.ts', 'test/security/import-bombs.test.ts'];
// The tests of stored photos and CVs, run again with S3 storage (api-s3).
const STORAGE = [
  'test/api/uploads.test.ts',
  'test/api/cars-admin.test.ts',
  'test/api/cars-list-summary.test.ts',
  'test/api/recruitment.test.ts',
];

/**
 * Files known to take long (seconds in a CI run, per file), started first. Two workers share the files
 * of a stage; a long file started last ends the stage alone on one core (the lead that waits a real
 * minute did, for 100 s). Vitest orders by the last run's durations, but a fresh clone has none, and
 * falls back to file size, which says nothing of a minute spent waiting. Other files keep vitest's order.
 */
const SLOW: Record<string, number> = {
  'test/e2e/accessibility-dashboard.test.ts': 80,
  'test/e2e/recon-journey.test.ts': 70,
  'test/e2e/accessibility-public.test.ts': 60,
  'test/e2e/accessibility-phone.test.ts': 60,
  'test/e2e/staff-polish.test.ts': 37,
  'test/e2e/production-install.test.ts': 28,
  'test/security/fuzz.test.ts': 100,
  'test/db/server-process.test.ts': 85,
  'test/api/car-records-demo.test.ts': 28,
  'test/api/inspections-demo.test.ts': 18,
  'test/api/cars-demo.test.ts': 16,
  'test/security/authorization-matrix.test.ts': 16,
};

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    // Projects stay in vitest's order; inside each, the slow files go first.
    const project = new Map<string, number>();
    for (const f of ordered) if (!project.has(f.project.name)) project.set(f.project.name, project.size);
    const seconds = (f: TestSpecification) => SLOW[relative(f.project.config.root, f.moduleId)] ?? 0;
    // Array.prototype.sort is stable: files of equal weight (all the unknown ones) keep vitest's order.
    const result = ordered.sort(
      (a, b) =>
        (project.get(a.project.name) ?? 0) - (project.get(b.project.name) ?? 0) || seconds(b) - seconds(a),
    );
    return result;
  }
}

// Fails a test whose calls met an answer that does not match its route's response schema.
const RESPONSE_CHECK = 'test/helpers/response-check.ts';

// One worker keeps its modules from file to file (isolate: false): the application's code is imported and
// transformed once per worker, not once per file (2 to 5 s a file on two busy cores). Each file still
// builds its own app on its own database (test/helpers/app.ts); nothing in the server keeps state at
// module level that one app could leak to the next.
const shared = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
  isolate: false,
};

// API tests run once per database driver: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const apiProject = (name: string, driver: 'pglite' | 'pg') => ({
  resolve: { alias },
  test: {
    name,
    include: ['test/**/*.test.ts'],
    exclude: [
      'test/unit/**',
      'test/e2e/**',
      'test/pg/**',
      'node_modules/**',
      ...LOAD,
      ...(driver === 'pg' ? PGLITE_ONLY : []),
    ],
    env: { TEST_DB_DRIVER: driver },
    setupFiles: [RESPONSE_CHECK],
    globalSetup: driver === 'pglite' ? ['test/helpers/postgres-notice.ts'] : [],
    ...shared,
  },
});

/**
 * Journeys that spend most of their time waiting: a lead left a real minute past its target. Under
 * `npm test` they run in a lane of their own beside the other journeys (a third Chromium that is idle
 * most of the time), so the two workers keep computing instead of one of them waiting a minute.
 */
const E2E_WAITING = ['test/e2e/leads-speed.test.ts'];

/** Browser journeys in Chromium (test/e2e): `include` (default: all of them) less `exclude`. */
function e2eProject(name: string, opts: { include?: string[]; exclude?: string[]; workers: number }) {
  return {
    resolve: { alias },
    test: {
      name,
      include: opts.include ?? ['test/e2e/**/*.test.ts'],
      exclude: ['node_modules/**', ...(opts.exclude ?? [])],
      // The demo showroom is filled once and copied for each file (a server takes 5 s to start instead of 25 s).
      globalSetup: ['test/e2e/helpers/seed-template.ts'],
      // A journey is many steps on a shared machine: the limit catches a hang, not slowness.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      // A page under test answers as fast as two shared cores let it: a check polled for vitest's
      // default second (a search's debounce, a list refetched) failed while the answer was on its way.
      // The same wait as Playwright's for an element (browser.ts).
      expect: { poll: { timeout: 30_000 } },
      pool: 'forks' as const,
      // A worker runs its journey files one after another in one process, so they share its Chromium
      // (helpers/browser.ts); each file still has its own server, data folder and browser contexts.
      isolate: false,
      maxWorkers: opts.workers,
    },
  };
}

export default defineConfig({
  test: {
    // One test file more than there are cores. The API files wait on PostgreSQL, the disk and sockets about
    // as much as they compute: vitest's default (a core left free) kept one of two cores idle for half an
    // hour in CI, and a third worker on two cores took the stage from 844 s to 785 s. The tests with time
    // bounds run in the load stage, alone. API_WORKERS overrides it.
    maxWorkers: Number(process.env.API_WORKERS ?? availableParallelism() + 1),
    // The files known to take long start first (a fresh clone has no record of durations).
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: UNIT, setupFiles: [RESPONSE_CHECK], ...shared },
      },
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'pg')] : []),
      // Photos and CVs in an S3-compatible server on 127.0.0.1 (s3rver, started by the global setup).
      {
        resolve: { alias },
        test: {
          name: 'api-s3',
          include: STORAGE,
          env: { TEST_DB_DRIVER: 'pglite', TEST_STORAGE: 's3' },
          setupFiles: [RESPONSE_CHECK],
          globalSetup: ['test/helpers/s3-server.ts'],
          ...shared,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: LOAD,
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 180_000,
          hookTimeout: 200_000,
          pool: 'forks' as const,
          fileParallelism: false,
        },
      },
      // Tests that need a real PostgreSQL server (several server processes on one database).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: 'pg-only',
                include: ['test/pg/**/*.test.ts'],
                testTimeout: 60_000,
                hookTimeout: 120_000,
                pool: 'forks' as const,
                fileParallelism: false,
              },
            },
          ]
        : []),
      // Two journey files at a time, each with its own server process and Chromium. A third filled the
      // minutes the others wait on a quick machine (450 s instead of 504 s), but on a slower one the load
      // reached 16 on two cores and journeys ran into their time limits. E2E_WORKERS changes it.
      e2eProject('e2e', { exclude: E2E_WAITING, workers: Number(process.env.E2E_WORKERS ?? 2) }),
      // The journeys that mostly wait, in a lane of their own beside the others (scripts/test.mjs).
      e2eProject('e2e-wait', { include: E2E_WAITING, workers: 1 }),
    ],
  },
});
