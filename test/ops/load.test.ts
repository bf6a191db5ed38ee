/**
 * scripts/load.ts in small, on the embedded database: 10 visitors for 8 s against a real server
 * process with the demo showroom, then SIGTERM under load and a restart on the same data. Runs once
 * (project load, vitest.config.ts; test/pg/load.test.ts covers PostgreSQL). No timing is asserted.
 * Under `npm test` the server starts on a copy of the showroom the browser journeys were given
 * (E2E_SEEDED_DIR, filled beside the API stage); alone, it fills its own.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  prepareHome,
  type ServerHome,
  type ServerProcess,
  startOn,
  stopServer,
} from '../../scripts/load/run';
import { SEEDED_MARK } from '../e2e/helpers/seed-template';
import { expectCleanLoad, expectCleanSigterm } from './load-expectations';

const seeded = process.env.E2E_SEEDED_DIR;

describe('load on PGlite (server process, demo data)', () => {
  let home: ServerHome | undefined;
  let proc: ServerProcess | undefined;

  beforeAll(async () => {
    home = await prepareHome({
      driver: 'pglite',
      seededFrom: seeded && existsSync(join(seeded, SEEDED_MARK)) ? seeded : null,
    });
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
