// `npm run build`: the web app (browser and server-render bundles, precompressed), and the server, side
// by side. `npm start` runs it with --if-stale: a part whose stamp matches its sources is not built again,
// and a part it does build is compressed at Brotli 5 (a fraction of a second instead of several: a first
// start waits for it; files a few percent larger). `npm run build`, the production build, always makes
// the Brotli 11 copies.
// `--fast` (the test suite) compresses quickly as well and leaves the web part without a stamp, so the
// next `npm start` or `npm run build` builds it again.
//   node scripts/build/index.mjs [--if-stale] [--fast] [web] [server]
import { spawn } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from './precompress.mjs';
import { buildServer } from './server.mjs';
import { inputsHash, isFresh, ROOT, removeStamp, writeStamp } from './stamp.mjs';

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const fast = args.includes('--fast');
const quick = fast || ifStale;
const named = args.filter((a) => a === 'web' || a === 'server');
const parts = named.length ? named : ['web', 'server'];

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
  web: async () => {
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

async function build(part) {
  const started = performance.now();
  if (ifStale && isFresh(part)) {
    console.log(`${part}: up to date with its sources, not rebuilt`);
    return;
  }
  const inputs = inputsHash(part);
  await steps[part]();
  if (fast && part === 'web') removeStamp(part);
  else writeStamp(part, inputs);
  console.log(`${part}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await Promise.all(parts.map(build));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
