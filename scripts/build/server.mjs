// The server as ES modules (dist/server/main.js and its chunks) with its migrations beside them: `npm start` runs
// plain JavaScript, without compiling TypeScript at start. Packages stay in node_modules (external).
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './stamp.mjs';

export async function buildServer() {
  const outdir = join(ROOT, 'dist', 'server');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: join(ROOT, 'src/server/start.ts'),
      // A price list is read in a worker thread, started from this file beside the chunks
      // (modules/market-prices/parse-in-worker.ts names it).
      'market-prices-parse-worker': join(ROOT, 'src/server/modules/market-prices/parse-worker.ts'),
    },
    outdir,
    bundle: true,
    // main.ts loads the application while the database opens (dynamic imports): separate chunks, all in
    // one folder, since db/client.ts finds the migrations beside whichever file holds it.
    splitting: true,
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    // Stack traces name our functions as written.
    keepNames: true,
    logLevel: 'warning',
    tsconfig: join(ROOT, 'tsconfig.json'),
  });
  // db/client.ts reads the migrations from beside its own module, which is main.js once bundled.
  cpSync(join(ROOT, 'src/server/db/migrations'), join(outdir, 'migrations'), { recursive: true });
  // db/template.ts reads the migrated empty database a new embedded one starts from, beside its module too.
  for (const name of ['pglite-template.tar.br', 'pglite-template.json'])
    cpSync(join(ROOT, 'src/server/db', name), join(outdir, name));
  // platform/passwords/policy.ts reads its list of common passwords from beside its own module as well.
  cpSync(
    join(ROOT, 'src/server/platform/passwords/common-passwords.txt'),
    join(outdir, 'common-passwords.txt'),
  );
}
