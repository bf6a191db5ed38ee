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
 * Global setup of the browser journeys: the real server fills the demo showroom (its photos included)
 * once into a data
 * directory (the same `npm start` does on a first start) and stops; every journey's server starts from a
 * copy of it (startServer's `seededFrom`) instead of seeding its own, which took 25 s a file.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'showroom-e2e-seeded-'));
  // LOG_LEVEL=info: the photos job's line says when every demo car has its photos (drawn after the
  // server is ready); the copies start complete, and the job (then the markers placed on the photos, in
  // the same pass, which a stop lets finish) is not run again by every journey.
  const server = await startServer({ dataDir: dir, readyTimeoutMs: 180_000, env: { LOG_LEVEL: 'info' } });
  const started = Date.now();
  while (!server.output().includes('demo photos drawn')) {
    if (Date.now() - started > 240_000) throw new Error(`demo photos not drawn:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  project.provide('e2eSeededDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
