// `npm run build`: the web app (browser and server-render bundles, precompressed), and the server, side
// by side (parts.mjs). With --if-stale a part whose stamp matches its sources is not built again, and a
// part it does build is compressed at Brotli 5 (a fraction of a second instead of several; files a few
// percent larger). `npm run build`, the production build, always makes the Brotli 11 copies.
// `--fast` (the test suite) compresses quickly as well and leaves the web part without a stamp, so the
// next `npm start` or `npm run build` builds it again.
//   node scripts/build/index.mjs [--if-stale] [--fast] [web] [server]
import { build } from './parts.mjs';

const args = process.argv.slice(2);
const options = { ifStale: args.includes('--if-stale'), fast: args.includes('--fast') };
const named = args.filter((a) => a === 'web' || a === 'server');
const parts = named.length ? named : ['web', 'server'];

try {
  await Promise.all(parts.map((part) => build(part, options)));
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
