import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './server';

/**
 * Records that a journey file ran in a real browser: appends its path to the file named by E2E_REPORT
 * (CI fails when that file stays empty). Call from afterAll: `afterAll(() => reportRan(import.meta.url))`.
 */
export function reportRan(fileUrl: string) {
  const target = process.env.E2E_REPORT;
  if (!target) return;
  const path = fileUrl.startsWith('file:') ? fileURLToPath(fileUrl) : fileUrl;
  const name = path.startsWith(ROOT) ? relative(ROOT, path) : basename(path);
  mkdirSync(dirname(target), { recursive: true });
  appendFileSync(target, `${name}\n`);
}
