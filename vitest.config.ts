import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@contract': r('./src/contract'), '@web': r('./src/web') };

// Files whose subject is not the database (the file system, the embedded database's own backup): once.
const PGLITE_ONLY = [
  'test/ops/**',
  'test/security/backup.test.ts',
  'test/security/edge-limits.test.ts',
  'test/security/import-bombs.test.ts',
];
// The load run (a server process with the demo showroom, visitors for 8 s): a project of its own.
const LOAD = ['test/ops/load.test.ts'];
// The tests of stored photos and CVs, run again with S3 storage (api-s3).
const STORAGE = [
  'test/api/uploads.test.ts',
  'test/api/cars-admin.test.ts',
  'test/api/cars-list-summary.test.ts',
  'test/api/recruitment.test.ts',
];

// Fails a test whose calls met an answer that does not match its route's response schema.
const RESPONSE_CHECK = 'test/helpers/response-check.ts';

// API tests run once per database driver: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const apiProject = (name: string, driver: 'pglite' | 'pg') => ({
  resolve: { alias },
  test: {
    name,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [
      'test/e2e/**',
      'test/pg/**',
      'node_modules/**',
      ...LOAD,
      ...(driver === 'pg' ? PGLITE_ONLY : []),
    ],
    env: { TEST_DB_DRIVER: driver },
    setupFiles: [RESPONSE_CHECK],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    // One test file per core. The API files wait on PostgreSQL, the disk and sockets about as much as they
    // compute, so vitest's default (a core left free) kept one of two cores idle for half an hour in CI.
    maxWorkers: availableParallelism(),
    projects: [
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          include: LOAD,
          env: { TEST_DB_DRIVER: 'pglite' },
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: 'forks' as const,
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
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
