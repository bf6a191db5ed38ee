import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT } from '../db/server-process';

/**
 * A production install as docs/operations.md describes it: the built dist/ with package.json and the
 * lock file, `npm ci --omit=dev`, `npm run serve`. Nothing of the toolchain (tsx, esbuild, vite, vitest,
 * TypeScript) is installed, and the server starts and serves the web app all the same.
 */
const dir = mkdtempSync(join(tmpdir(), 'showroom-production-'));
let installSeconds = 0;
beforeAll(() => {
  for (const f of ['package.json', 'package-lock.json']) cpSync(join(ROOT, f), join(dir, f));
  cpSync(join(ROOT, 'dist'), join(dir, 'dist'), { recursive: true });
  const started = performance.now();
  // From npm's cache when it holds the packages (it does after the project's own install): the registry
  // is asked only for what the cache lacks.
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: 'pipe',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  installSeconds = (performance.now() - started) / 1000;
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a production install without the build toolchain', () => {
  it('has no build or test tool in node_modules', () => {
    console.log(`npm ci --omit=dev took ${installSeconds.toFixed(1)} s`);
    for (const pkg of ['tsx', 'esbuild', 'vite', 'vitest', 'typescript', '@biomejs/biome', 'drizzle-kit']) {
      expect(existsSync(join(dir, 'node_modules', pkg)), pkg).toBe(false);
    }
    expect(existsSync(join(dir, 'node_modules', 'fastify'))).toBe(true);
  });

  it('starts with `npm run serve` and serves the API and the web app', async () => {
    const port = await freePort();
    let output = '';
    const child = spawn('npm', ['run', 'serve', '--silent'], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|VITEST|TEST_)/.test(k)),
        ),
        NODE_ENV: 'production',
        JWT_SECRET: 'production-install-test-secret-0123456789abcdef',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        ADMIN_PASSWORD: 'Admin12345',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
      },
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    const exited = new Promise((r) => child.on('exit', r));
    try {
      let ready = 0;
      for (let i = 0; i < 600 && ready !== 200; i++) {
        if (child.exitCode !== null) break;
        ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.status,
          () => 0,
        );
        if (ready !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(ready, output).toBe(200);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<div id="root"');
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  }, 90_000);
});
