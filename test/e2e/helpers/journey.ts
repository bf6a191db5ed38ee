import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { apiClient } from './api';
import { type RunningBrowser, startBrowser } from './browser';
import { reportRan } from './report';
import { ROOT, type RunningServer, startServer } from './server';

export interface Journey {
  server: RunningServer;
  browser: RunningBrowser;
  api: ReturnType<typeof apiClient>;
  /** The admin, signed in through the API (bearer token). */
  adminToken: string;
}

/**
 * The fixture every browser journey file shares: the real server (demo showroom) serving a copy of the
 * build (another `npm run build` during the run cannot pull its chunks away; E2E_WEB_DIR names a
 * private build instead), the worker's headless Chromium (in contexts of the file's own), an API client
 * and the admin's token; all stopped or closed and removed after the file, which is then recorded as run
 * (report.ts). Call it at the top of the file with `import.meta.url`; its fields are there from the
 * file's first beforeAll on.
 */
export function journeyFixture(fileUrl: string, opts: { env?: Record<string, string> } = {}): Journey {
  const journey = {} as Journey;
  let webDir: string | undefined;
  beforeAll(async () => {
    let served = process.env.E2E_WEB_DIR;
    if (!served) {
      webDir = mkdtempSync(join(tmpdir(), 'showroom-e2e-web-'));
      cpSync(join(ROOT, 'dist/web'), webDir, { recursive: true });
      served = webDir;
    }
    journey.server = await startServer({
      env: { WEB_DIR: served, ...opts.env },
      seededFrom: inject('e2eSeededDir'),
    });
    journey.browser = await startBrowser({}, { shared: true });
    journey.api = apiClient(journey.server.url, journey.server.dataDir);
    journey.adminToken = await journey.api.login(journey.server.adminUsername, journey.server.adminPassword);
  }, 180_000);
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
    reportRan(fileUrl);
  });
  return journey;
}
