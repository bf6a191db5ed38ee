// The server as ES modules (dist/server/main.js and its chunks) with its migrations beside them: `npm start` runs
// plain JavaScript, without compiling TypeScript at start. Packages stay in node_modules (external).
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from './stamp.mjs';

/** Marks every bare import external (node_modules, node builtins) except drizzle-orm's. */
const externalExceptDrizzle = {
  name: 'external-except-drizzle',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      /^drizzle-orm(\/|$)/.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

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
    // Packages stay in node_modules, but drizzle-orm is bundled: its package.json declares about 3,000
    // exports, and Node's resolver deserialises it again for each of the ~200 files an import loads
    // (1.5 to 2.5 s of a start, most of the server's module loading); bundled, it is one more chunk.
    plugins: [externalExceptDrizzle],
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
