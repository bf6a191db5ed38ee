import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md's module map against the code: a row for every folder under src/server/modules
 * and no other, the tables each module declares, and every module another one imports named in its row
 * (a row may name more: a service handed over in app.ts needs no import).
 */
const root = resolve(import.meta.dirname, '../..');
const modulesDir = join(root, 'src/server/modules');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

const modules = readdirSync(modulesDir)
  .filter((name) => statSync(join(modulesDir, name)).isDirectory())
  .sort();

/** Table names a module declares with pgTable('name', ...). */
function tablesOf(module: string): string[] {
  return filesUnder(join(modulesDir, module))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)].map((m) => m[1]))
    .sort();
}

/** Other modules a module imports (schema files naming a foreign key left aside). */
function importedBy(module: string): string[] {
  const found = new Set<string>();
  for (const file of filesUnder(join(modulesDir, module))) {
    if (file.endsWith(`${sep}schema.ts`)) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const target = relative(modulesDir, resolve(file, '..', m[1])).split(sep)[0];
      if (target && target !== module && modules.includes(target)) found.add(target);
    }
  }
  return [...found].sort();
}

interface Row {
  module: string;
  owns: string[];
  reaches: string[];
}

/** The rows of the table under "## Module map": module | owns | reaches through services. */
function documentedRows(): Row[] {
  const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Module map'));
  const lines = section.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| module'));
  const rows: Row[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [module, owns, reaches] = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    rows.push({
      module,
      owns: [...owns.matchAll(/`(\w+)`/g)].map((m) => m[1]).sort(),
      // "cars (lock, status), users (names)": the names before each parenthesis, commas inside it ignored.
      reaches: reaches
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });
  }
  return rows;
}

describe('the module map in docs/ARCHITECTURE.md', () => {
  const rows = documentedRows();

  it('has one row for every module folder and none for anything else', () => {
    expect(rows.map((r) => r.module).sort()).toEqual(modules);
  });

  it.each(modules)('names exactly the tables %s declares', (module) => {
    expect(rows.find((r) => r.module === module)?.owns).toEqual(tablesOf(module));
  });

  it.each(modules)('names every module %s imports', (module) => {
    const row = rows.find((r) => r.module === module);
    const missing = importedBy(module).filter((m) => !row?.reaches.includes(m));
    expect(missing, `${module} imports these, its row does not name them`).toEqual([]);
  });
});
