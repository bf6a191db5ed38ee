/**
 * Full-page screenshots at 360 px and 1366 px, for looking at what you built (files stay out of git):
 *   node_modules/.bin/node --import tsx test/e2e/helpers/screenshots.ts / /login /dashboard/users
 * Paths under /dashboard are taken signed in as the admin. Output: SHOT_DIR (default /tmp/shots).
 * Starts its own server on a fresh data directory unless SHOT_URL points at a running one.
 * SHOT_SLICE=900 also writes the page cut in 900 px tall pieces (-0, -1, ...), easier to read on a phone width.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DESKTOP, PHONE, startBrowser } from './browser';
import { E2E_ADMIN_PASSWORD, startServer } from './server';

const WIDTHS = [
  { name: '360', viewport: PHONE, isMobile: true },
  { name: '1366', viewport: DESKTOP, isMobile: false },
];

export async function takeScreenshots(paths: string[], outDir = process.env.SHOT_DIR || '/tmp/shots') {
  mkdirSync(outDir, { recursive: true });
  const server = process.env.SHOT_URL ? null : await startServer();
  const url = process.env.SHOT_URL || server!.url;
  const password = process.env.SHOT_PASSWORD || E2E_ADMIN_PASSWORD;
  const browser = await startBrowser();
  const files: string[] = [];
  try {
    for (const w of WIDTHS) {
      const page = await browser.newPage({
        viewport: w.viewport,
        isMobile: w.isMobile,
        hasTouch: w.isMobile,
      });
      let signedIn = false;
      for (const path of paths) {
        if (path.startsWith('/dashboard') && !signedIn) {
          await page.goto(`${url}/login`);
          await page.getByLabel('Tên đăng nhập').fill(process.env.SHOT_USER || 'admin');
          await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
          await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
          await page.waitForURL(`${url}/dashboard`);
          signedIn = true;
        }
        await page.goto(`${url}${path}`);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        // Off-screen sections (content-visibility: auto, styles.css) are painted only near the screen; a
        // full-page picture is one tall screen that never scrolls, so they are shown here as rendered.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        await page.waitForTimeout(400);
        const file = join(
          outDir,
          `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${w.name}.png`,
        );
        await page.screenshot({ path: file, fullPage: true });
        files.push(file);
        const slice = Number(process.env.SHOT_SLICE) || 0;
        if (slice > 0) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          for (let i = 0; i * slice < height; i++) {
            const part = file.replace(/\.png$/, `-${i}.png`);
            const clip = {
              x: 0,
              y: i * slice,
              width: w.viewport.width,
              height: Math.min(slice, height - i * slice),
            };
            await page.screenshot({ path: part, fullPage: true, clip });
            files.push(part);
          }
        }
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
  return files;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = process.argv.slice(2);
  takeScreenshots(paths.length ? paths : ['/'])
    .then((files) => console.log(files.join('\n')))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
