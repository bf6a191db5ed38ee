import { it } from 'vitest';

/** The API projects set TEST_DB_DRIVER; `pg` is a real PostgreSQL server with a pool of connections. */
export const ON_POSTGRES = process.env.TEST_DB_DRIVER === 'pg';

const PGLITE_REASON =
  '[chỉ trên PostgreSQL: PGlite chạy từng giao dịch một, một cuộc đua ở đó không chứng minh gì]';

/**
 * A race test: several requests or processes reach the database at the same instant. It runs where
 * transactions can interleave (PostgreSQL, the api-pg project); on PGlite, which runs one transaction at a
 * time, it is reported as skipped with the reason in its name, never green for nothing.
 */
export function raceTest(name: string, fn: () => Promise<void>, timeout?: number) {
  if (ON_POSTGRES) it(name, fn, timeout);
  else it.skip(`${name} ${PGLITE_REASON}`, fn);
}
