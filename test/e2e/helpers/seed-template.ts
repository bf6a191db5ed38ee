import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A data directory holding the demo showroom, filled once for the whole run (never served from). */
    e2eSeededDir: string;
  }
}

/** Written last into a filled directory: a directory without it was cut short and is not used. */
export const SEEDED_MARK = '.e2e-seeded';

/**
 * The real server fills the demo showroom (its photos included) into `dir` (the same `npm start` does on
 * a first start) and stops. LOG_LEVEL=info: the photos job's line says when every demo car has its
 * photos (drawn after the server is ready); the copies start complete, and the job (then the markers
 * placed on the photos, in the same pass, which a stop lets finish) is not run again by every journey.
 */
export async function fillSeededDir(dir: string): Promise<void> {
  const server = await startServer({ dataDir: dir, readyTimeoutMs: 180_000, env: { LOG_LEVEL: 'info' } });
  const started = Date.now();
  while (!server.output().includes('demo photos drawn')) {
    if (Date.now() - started > 240_000) throw new Error(`demo photos not drawn:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  writeFileSync(join(dir, SEEDED_MARK), new Date().toISOString());
}

/**
 * Global setup of the browser journeys: every journey's server starts from a copy of one filled directory
 * (startServer's `seededFrom`) instead of seeding its own, which took 25 s a file. `npm test` fills it
 * in the background while the API tests run and passes it as E2E_SEEDED_DIR (scripts/test.mjs); alone,
 * the journeys fill their own.
 */
export default async function setup(project: TestProject) {
  const given = process.env.E2E_SEEDED_DIR;
  if (given && existsSync(join(given, SEEDED_MARK))) {
    project.provide('e2eSeededDir', given);
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'showroom-e2e-seeded-'));
  await fillSeededDir(dir);
  project.provide('e2eSeededDir', dir);
  // The other journey project of the same run (the waiting ones) copies this one too.
  process.env.E2E_SEEDED_DIR = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
