import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite } from '../../src/server/db/client';
import {
  currentMigrations,
  extractTemplate,
  TEMPLATE_FILE,
  templateProblem,
} from '../../src/server/db/template';

const dir = mkdtempSync(join(tmpdir(), 'showroom-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the migrated empty database a first start begins from', () => {
  it('fits the installed PGlite and the migrations as they are (else: npm run db:template)', () => {
    expect(templateProblem(MIGRATIONS_DIR)).toBeNull();
  });

  it('makes a new data folder that holds every migration and takes writes', async () => {
    const database = await openPglite(join(dir, 'data'));
    try {
      expect(database.created).toBe('template');
      const { rows } = await database.pglite!.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(rows[0].n).toBe(Object.keys(currentMigrations(MIGRATIONS_DIR)).length);
      await database.pglite!.query("insert into jobs (name, key, run_at) values ('t', 't', now())");
      expect((await database.pglite!.query('select * from jobs')).rows).toHaveLength(1);
    } finally {
      await database.close();
    }
    // Opened again as an existing folder.
    const again = await openPglite(join(dir, 'data'));
    expect(again.created).toBeUndefined();
    expect((await again.pglite!.query('select * from jobs')).rows).toHaveLength(1);
    await again.close();
  }, 120_000);

  it('is written out as the data folder itself, and a damaged copy is refused', async () => {
    const out = join(dir, 'extracted');
    mkdirSync(out);
    expect(await extractTemplate(MIGRATIONS_DIR, out)).toBe(true);
    expect(readFileSync(join(out, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
    expect(readdirSync(join(out, 'base')).length).toBeGreaterThan(0);
    // Cut in the middle of a file: the Brotli stream or the archive ends early.
    const cut = join(dir, 'cut.tar.br');
    const whole = readFileSync(TEMPLATE_FILE);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const other = join(dir, 'from-cut');
    mkdirSync(other);
    await expect(extractTemplate(MIGRATIONS_DIR, other, cut)).rejects.toThrow();
  }, 60_000);
});
