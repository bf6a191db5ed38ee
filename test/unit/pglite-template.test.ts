import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openPglite } from '../../src/server/db/client';
import { currentMigrations, templateProblem } from '../../src/server/db/template';

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
});
