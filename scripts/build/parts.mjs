// The two parts of the build, for `npm run build` (index.mjs) and `npm start` (scripts/start.mjs): the web
// app (browser and server-render bundles, precompressed) and the server. A quick build (`npm start`, the
// test suite) compresses at Brotli 5; the production build makes the Brotli 11 copies.
import { spawn } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from './precompress.mjs';
import { buildServer } from './server.mjs';
import { inputsHash, isFresh, ROOT, removeStamp, writeStamp } from './stamp.mjs';

function run(bin, argv, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', bin), argv, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} ${argv.join(' ')}: ${code}`)),
    );
  });
}

const steps = {
  web: async (quick) => {
    // The browser's bundle and the server-render one are independent builds: both at once, the second
    // outside dist/web (the first empties it) and moved in after.
    const ssrStaging = join(ROOT, 'dist', '.ssr-staging');
    await Promise.all([
      run('vite', ['build', '--logLevel', 'warn']),
      run('vite', ['build', '--ssr', '--logLevel', 'warn'], { SSR_OUT_DIR: ssrStaging }),
    ]);
    rmSync(join(ROOT, 'dist', 'web', '.ssr'), { recursive: true, force: true });
    renameSync(ssrStaging, join(ROOT, 'dist', 'web', '.ssr'));
    const { files, before, after } = precompress(join(ROOT, 'dist', 'web'), { fast: quick });
    console.log(
      `web: ${files} files precompressed, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (Brotli${quick ? ' 5' : ' 11'})`,
    );
  },
  server: () => buildServer(),
};

/**
 * Builds one part ('web' or 'server'). ifStale: not when its stamp matches its sources. fast (the test
 * suite): the web part is left without a stamp, so the next `npm start` or `npm run build` makes it again.
 */
export async function build(part, { ifStale = false, fast = false } = {}) {
  const quick = fast || ifStale;
  const started = performance.now();
  if (ifStale && isFresh(part)) {
    console.log(`${part}: up to date with its sources, not rebuilt`);
    return;
  }
  const inputs = inputsHash(part);
  await steps[part](quick);
  if (fast && part === 'web') removeStamp(part);
  else writeStamp(part, inputs);
  console.log(`${part}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
