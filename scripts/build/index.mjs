// `npm run build`: the web app (browser and server-render bundles, precompressed), then the server.
// `npm start` runs it with --if-stale: a part whose stamp matches its sources is not built again.
// `--fast` (the test suite) compresses the web files quickly and leaves the web part without a stamp, so
// the next `npm start` or `npm run build` makes the production copies (Brotli 11) again.
//   node scripts/build/index.mjs [--if-stale] [--fast] [web] [server]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { precompress } from './precompress.mjs';
import { buildServer } from './server.mjs';
import { inputsHash, isFresh, ROOT, removeStamp, writeStamp } from './stamp.mjs';

const args = process.argv.slice(2);
const ifStale = args.includes('--if-stale');
const fast = args.includes('--fast');
const named = args.filter((a) => a === 'web' || a === 'server');
const parts = named.length ? named : ['web', 'server'];

function run(bin, argv) {
  const result = spawnSync(join(ROOT, 'node_modules', '.bin', bin), argv, { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const steps = {
  web: () => {
    run('vite', ['build', '--logLevel', 'warn']);
    run('vite', ['build', '--ssr', '--logLevel', 'warn']);
    const { files, before, after } = precompress(join(ROOT, 'dist', 'web'), { fast });
    console.log(
      `web: ${files} files precompressed, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB (Brotli${fast ? ' 5, fast build' : ' 11'})`,
    );
  },
  server: () => buildServer(),
};

for (const part of parts) {
  const started = performance.now();
  if (ifStale && isFresh(part)) {
    console.log(`${part}: up to date with its sources, not rebuilt`);
    continue;
  }
  const inputs = inputsHash(part);
  await steps[part]();
  if (fast && part === 'web') removeStamp(part);
  else writeStamp(part, inputs);
  console.log(`${part}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
