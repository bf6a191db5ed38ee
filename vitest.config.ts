import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@contract': r('./src/contract'), '@web': r('./src/web') };

// Files whose subject is not the database (the file system, the embedded database's own backup): once.
const PGLITE_ONLY = ['test/ops/**', 'test/security/backup.test.ts'];

// API tests run once per database driver: PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
const apiProject = (name: string, driver: 'pglite' | 'pg') => ({
  resolve: { alias },
  test: {
    name,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'test/pg/**', 'node_modules/**', ...(driver === 'pg' ? PGLITE_ONLY : [])],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    projects: [
      apiProject('api', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-pg', 'pg')] : []),
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
