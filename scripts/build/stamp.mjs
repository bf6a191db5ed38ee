// What a build was made from: a hash of its inputs, kept in dist/.stamps/<part>.json after a successful
// build, so `npm start` rebuilds only a part whose sources changed since (content, not modification
// times: a checkout or a copy that changes times alone rebuilds nothing).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The files and folders each part is built from (and, for both, the lock file: a package upgrade). */
export const INPUTS = {
  web: ['src/web', 'src/contract', 'vite.config.ts', 'tsconfig.json', 'package-lock.json', 'scripts/build'],
  server: ['src/server', 'src/contract', 'package-lock.json', 'scripts/build'],
};

/** The file a part's build must have produced (a stamp without it means the output was deleted). */
export const OUTPUTS = {
  web: ['dist/web/index.html', 'dist/web/.ssr/entry-server.js'],
  server: ['dist/server/main.js'],
};

const stampFile = (root, part) => join(root, 'dist', '.stamps', `${part}.json`);

function files(root, path, out) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) {
      // Tests and editor leftovers are not part of a build.
      if (name === 'node_modules' || name.startsWith('.') || /\.test\.tsx?$/.test(name)) continue;
      files(root, join(path, name), out);
    }
  } else out.push(full);
}

export function inputsHash(part, root = ROOT) {
  const hash = createHash('sha256');
  const list = [];
  for (const input of INPUTS[part]) files(root, input, list);
  for (const file of list) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when the part's outputs exist and were built from exactly the inputs there now. */
export function isFresh(part, root = ROOT) {
  if (!OUTPUTS[part].every((f) => existsSync(join(root, f)))) return false;
  try {
    return JSON.parse(readFileSync(stampFile(root, part), 'utf8')).inputs === inputsHash(part, root);
  } catch {
    return false;
  }
}

export function writeStamp(part, inputs, root = ROOT) {
  mkdirSync(join(root, 'dist', '.stamps'), { recursive: true });
  writeFileSync(stampFile(root, part), `${JSON.stringify({ inputs, builtAt: new Date().toISOString() })}\n`);
}
