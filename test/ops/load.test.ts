/**
 * scripts/load.ts in small, on the embedded database: 10 visitors for 8 s against a real server
 * process with the demo showroom, then SIGTERM under load and a restart on the same data. Runs once
 * (project api only, vitest.config.ts; test/pg/load.test.ts covers PostgreSQL). No timing is asserted.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  prepareHome,
  type ServerHome,
  type ServerProcess,
  startOn,
  stopServer,
} from '../../scripts/load/run';
import { expectCleanLoad, expectCleanSigterm } from './load-expectations';

describe('load on PGlite (server process, demo data)', () => {
  let home: ServerHome | undefined;
  let proc: ServerProcess | undefined;

  beforeAll(async () => {
    home = await prepareHome({ driver: 'pglite' });
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
