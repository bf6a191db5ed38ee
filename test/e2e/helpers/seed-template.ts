import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * Global setup of the browser journeys: the real server fills the demo showroom once into a data
 * directory (the same `npm start` does on a first start) and stops; every journey's server starts from a
 * copy of it (startServer's `seededFrom`) instead of seeding its own, which took 25 s a file.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-e2e-seeded-'));
  const server = await startServer({ dataDir: dir, readyTimeoutMs: 180_000 });
  await server.stop();
  project.provide('e2eSeededDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
