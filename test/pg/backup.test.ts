import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, type ServerProcess, startServer, stopServer, tempDataDir } from '../db/server-process';
import { expectSample, script, snapshot, writeSample } from '../security/backup-scenario';
import { freshDatabase } from './server-process';

/**
 * The documented PostgreSQL path of npm run backup / npm run restore: pg_dump of the live database
 * (no need to stop the server) plus DATA_DIR's files, restored into a new empty database and an empty
 * DATA_DIR; a server started there finds the same cars, sales and leads.
 */
const serverUrl = process.env.TEST_DATABASE_URL!;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('backup and restore on PostgreSQL', () => {
  it('pg_dump while the server runs, pg_restore into an empty database', async () => {
    const sourceDb = await freshDatabase(serverUrl);
    const targetDb = await freshDatabase(serverUrl);
    cleanups.push(sourceDb.drop, targetDb.drop);
    const source = tempDataDir();
    const target = tempDataDir();
    const backups = mkdtempSync(join(tmpdir(), 'showroom-backups-'));
    cleanups.push(() => {
      for (const d of [source, target, backups]) rmSync(d, { recursive: true, force: true });
    });
    const procs: ServerProcess[] = [];
    cleanups.push(async () => {
      for (const p of procs) await stopServer(p, 'SIGKILL');
    });

    const server = await startServer(source, { DATABASE_URL: sourceDb.url, DEMO_DATA: 'on' });
    procs.push(server);
    const token = await adminToken(server);
    const sample = await writeSample(server, token);
    const before = await snapshot(server, token);
    expect(before.cars).toBeGreaterThan(2);

    // PostgreSQL dumps a consistent snapshot of a running database: no downtime.
    const done = script('backup', {
      DATA_DIR: server.dataDir,
      DATABASE_URL: sourceDb.url,
      BACKUP_DIR: backups,
    });
    expect(done.code, done.out).toBe(0);
    expect(done.out).toContain('pg_dump --format=custom');
    const [archive] = readdirSync(backups);
    expect(archive).toMatch(/\.tar\.gz$/);
    expect((await stopServer(server)).code).toBe(0);

    // An embedded-database restore of this archive is refused with the reason.
    const wrong = script('restore', { DATA_DIR: join(target, 'wrong') }, [join(backups, archive)]);
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('DATABASE_URL');

    const restored = script('restore', { DATA_DIR: join(target, 'data'), DATABASE_URL: targetDb.url }, [
      join(backups, archive),
    ]);
    expect(restored.code, restored.out).toBe(0);

    const again = await startServer(target, { DATABASE_URL: targetDb.url, DEMO_DATA: 'on' });
    procs.push(again);
    // The JWT secret came with DATA_DIR/secrets: the token signed before the backup still works.
    expect(await snapshot(again, token)).toEqual(before);
    await expectSample(again, token, sample);
    expect((await stopServer(again)).code).toBe(0);
  }, 300_000);
});
