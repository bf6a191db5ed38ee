// Which built chunks are dashboard code, from Vite's build manifest (`vite build --manifest`).
//
// The dashboard's roots are the modules the router loads lazily for /dashboard: the layout named in
// src/web/app/routes.tsx and every page in src/web/app/dashboard-routes.ts (read from the source, so a
// new dashboard page is covered without touching this file). A chunk is dashboard code when it is
// reachable from those roots and not reachable from the app's entry without passing through them: a
// chunk shared with the public site (React, the API client, a button) is not.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkMap {
  /** Asset path ("assets/x-hash.js") -> manifest key, for naming what a page loaded. */
  sourceOf: Map<string, string>;
  /** Asset paths of the chunks only the dashboard reaches. */
  dashboardOnly: Set<string>;
  /** Manifest keys of the dashboard's roots (layout and pages). */
  roots: string[];
}

export function manifestPath(webDir: string) {
  return join(webDir, '.vite', 'manifest.json');
}

/** The `import('...')` targets of a route file, as manifest keys (paths relative to the Vite root). */
function lazyImports(file: string, viteRoot: string, only?: RegExp): string[] {
  const text = readFileSync(file, 'utf8');
  const keys: string[] = [];
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    if (only && !only.test(m[1])) continue;
    const abs = resolve(dirname(file), m[1]);
    const rel = relative(viteRoot, abs).split('\\').join(posix.sep);
    keys.push(rel);
  }
  return keys;
}

function findKey(manifest: Manifest, stem: string): string | undefined {
  for (const ext of ['.tsx', '.ts', '.jsx', '.js']) if (manifest[stem + ext]) return stem + ext;
  return manifest[stem] ? stem : undefined;
}

export function readChunkMap(webDir: string, viteRoot: string): ChunkMap {
  const file = manifestPath(webDir);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build with "npx vite build --manifest" (bench:web does it unless BENCH_WEB_SKIP_BUILD=1)`,
    );
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const appDir = join(viteRoot, 'app');
  const stems = [
    ...lazyImports(join(appDir, 'routes.tsx'), viteRoot, /dashboard/),
    ...lazyImports(join(appDir, 'dashboard-routes.ts'), viteRoot),
  ];
  const roots: string[] = [];
  for (const stem of stems) {
    const key = findKey(manifest, stem);
    if (!key) throw new Error(`dashboard module ${stem} is not in the build manifest`);
    roots.push(key);
  }
  if (roots.length < 2) throw new Error('found no dashboard routes in src/web/app');

  const walk = (starts: string[], skip: Set<string>) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length) {
      const key = stack.pop()!;
      if (seen.has(key) || skip.has(key) || !manifest[key]) continue;
      seen.add(key);
      stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
    }
    return seen;
  };
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const rootSet = new Set(roots);
  const publicReach = walk(entries, rootSet);
  const dashboardReach = walk(roots, new Set());

  const sourceOf = new Map<string, string>();
  const dashboardOnly = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    sourceOf.set(chunk.file, key);
    if (dashboardReach.has(key) && !publicReach.has(key)) {
      dashboardOnly.add(chunk.file);
      for (const css of chunk.css ?? []) dashboardOnly.add(css);
    }
  }
  // CSS shared with a public chunk is not dashboard code.
  for (const key of publicReach) for (const css of manifest[key].css ?? []) dashboardOnly.delete(css);
  return { sourceOf, dashboardOnly, roots };
}
