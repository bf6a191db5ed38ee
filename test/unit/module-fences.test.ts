import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What import rules cannot see: a module naming another module's table in SQL text (`sql\`select … from
 * cars\``) or through drizzle's relational queries (`db.query.cars`). Each table belongs to the module
 * whose schema declares it; only that module, schema files (foreign keys) and the reporting exception
 * (`dashboard`) may name it.
 */
const root = resolve(import.meta.dirname, '../..');
const modulesDir = join(root, 'src/server/modules');
const REPORTING = new Set(['dashboard']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const moduleOf = (file: string) => relative(modulesDir, file).split(sep)[0];

/** Table name and exported identifier -> the module that declares it. */
function owners() {
  const byTable = new Map<string, string>();
  const byIdent = new Map<string, string>();
  for (const file of filesUnder(modulesDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*pgTable\(\s*'(\w+)'/g)) {
      byIdent.set(m[1], moduleOf(file));
      byTable.set(m[2], moduleOf(file));
    }
  }
  return { byTable, byIdent };
}

const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The places in `source` (a file of `module`) that name another module's table. */
function tableReaches(
  module: string,
  source: string,
  own: { byTable: Map<string, string>; byIdent: Map<string, string> },
): string[] {
  const found: string[] = [];
  const code = withoutComments(source);
  for (const m of code.matchAll(/\.query\.(\w+)/g)) {
    const owner = own.byIdent.get(m[1]);
    if (owner && owner !== module) found.push(`db.query.${m[1]} (${owner})`);
  }
  for (const m of code.matchAll(/\b(from|join|update|into|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
    const owner = own.byTable.get(m[2]);
    if (owner && owner !== module) found.push(`${m[1]} ${m[2]} (${owner})`);
  }
  return found;
}

describe('tables named outside their module', () => {
  const own = owners();

  it('finds none in the code', () => {
    const reaches: string[] = [];
    for (const file of filesUnder(modulesDir)) {
      const module = moduleOf(file);
      if (REPORTING.has(module) || file.endsWith(`${sep}schema.ts`)) continue;
      for (const r of tableReaches(module, readFileSync(file, 'utf8'), own)) {
        reaches.push(`${relative(root, file)}: ${r}`);
      }
    }
    expect(reaches).toEqual([]);
  });

  it('would find raw SQL on another module’s table and drizzle’s query API on it', () => {
    expect(own.byTable.get('cars')).toBe('cars');
    const probe = [
      'const rows = await db.execute(sql`select id, status from cars where id = 1`);',
      'await tx.execute(sql`update "sales" set status = \'x\'`);',
      'const users = await db.query.users.findMany();',
      'const own = await db.query.leads.findMany();',
      '// from cars in a comment is no reach',
    ].join('\n');
    expect(tableReaches('leads', probe, own)).toEqual([
      'db.query.users (users)',
      'from cars (cars)',
      'update sales (sales)',
    ]);
  });
});
