/**
 * scripts/load.ts in small on PostgreSQL (project pg-only, TEST_DATABASE_URL): a fresh database with
 * the demo showroom, 10 visitors for 8 s, then SIGTERM under load and a restart on the same database.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  prepareHome,
  type ServerHome,
  type ServerProcess,
  startOn,
  stopServer,
} from '../../scripts/load/run';
import { expectCleanLoad, expectCleanSigterm } from '../ops/load-expectations';

const SERVER_URL = process.env.TEST_DATABASE_URL;

describe('load on PostgreSQL (server process, demo data)', () => {
  let home: ServerHome | undefined;
  let proc: ServerProcess | undefined;

  beforeAll(async () => {
    home = await prepareHome({ driver: 'pg', pgUrl: SERVER_URL });
    proc = await startOn(home);
  }, 180_000);

  afterAll(async () => {
    if (proc) await stopServer(proc, 'SIGKILL');
    await home?.dispose();
  }, 60_000);

  it('10 visitors × 8 s: no 5xx, timeout or network error, every route group answered, leads stored', async () => {
    await expectCleanLoad(proc!);
  }, 180_000);

  it('SIGTERM under load: exit 0, in-flight requests answered, acknowledged leads there after a restart', async () => {
    const victim = proc!;
    proc = undefined;
    await expectCleanSigterm(home!, victim);
  }, 180_000);
});
