import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const biome = join(root, 'node_modules/.bin/biome');
const sandbox = mkdtempSync(join(tmpdir(), 'boundaries-'));
copyFileSync(join(root, 'biome.json'), join(sandbox, 'biome.json'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Lints one file placed at `path` in a copy of the project's lint configuration; the diagnostics' text. */
function lint(path: string, source: string): { failed: boolean; output: string } {
  const file = join(sandbox, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, source);
  try {
    const out = execFileSync(biome, ['lint', '--max-diagnostics=50', path], {
      cwd: sandbox,
      encoding: 'utf8',
    });
    return { failed: false, output: out };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { failed: true, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  } finally {
    rmSync(file);
  }
}

describe('module boundaries (the lint rule in biome.json)', () => {
  it("refuses a module reading another module's tables, by relative path or through the schema index", () => {
    for (const source of [
      "import { cars } from '../cars/schema';\nexport const t = cars;\n",
      "import { cars } from '../../db/schema';\nexport const t = cars;\n",
      "import { users } from '../../../modules/users/schema';\nexport const t = users;\n",
    ]) {
      const { failed, output } = lint('src/server/modules/sales/probe.ts', source);
      expect(failed, source).toBe(true);
      expect(output).toContain('noRestrictedImports');
    }
    const nested = lint(
      'src/server/modules/chatbot/advisor/probe.ts',
      "import { cars } from '../../cars/schema';\nexport const t = cars;\n",
    );
    expect(nested.failed).toBe(true);
  });

  it('lets a module read its own tables, schema files declare foreign keys, and reporting read across', () => {
    expect(
      lint(
        'src/server/modules/sales/probe.ts',
        "import { sales } from './schema';\nexport const t = sales;\n",
      ),
    ).toMatchObject({ failed: false });
    expect(
      lint(
        'src/server/modules/sales/schema.ts',
        "import { cars } from '../cars/schema';\nexport const t = cars;\n",
      ),
    ).toMatchObject({ failed: false });
    expect(
      lint(
        'src/server/modules/dashboard/probe.ts',
        "import { cars, sales } from '../../db/schema';\nexport const t = [cars, sales];\n",
      ),
    ).toMatchObject({ failed: false });
  });
});
