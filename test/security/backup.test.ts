import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adminToken, type ServerProcess, startServer, stopServer, tempDataDir } from '../db/server-process';
import { expectSample, script, snapshot, writeSample } from './backup-scenario';

/**
 * npm run backup / npm run restore on the embedded database, end to end with real server processes:
 * data written through the API before the backup is all there after a restore into an empty directory.
 */
const dirs: string[] = [];
const procs: ServerProcess[] = [];
afterAll(async () => {
  for (const p of procs) await stopServer(p, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// PGlite only (vitest.config.ts): the PostgreSQL path has its own test in test/pg/backup.test.ts.
describe('backup and restore of the embedded database', () => {
  it('restores into an empty DATA_DIR with the same cars, sales and leads', async () => {
    const source = tempDataDir();
    const target = tempDataDir();
    const backups = mkdtempSync(join(tmpdir(), 'showroom-backups-'));
    dirs.push(source, target, backups);

    const server = await startServer(source, { DEMO_DATA: 'on' });
    procs.push(server);
    const token = await adminToken(server);
    const sample = await writeSample(server, token);
    const before = await snapshot(server, token);
    expect(before.cars).toBeGreaterThan(2);

    // While the server holds the directory, a backup refuses with a clear message.
    const busy = script('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: backups });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain('máy chủ đang chạy');
    expect(readdirSync(backups)).toEqual([]);

    expect((await stopServer(server)).code).toBe(0);
    const done = script('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: backups });
    expect(done.code, done.out).toBe(0);
    const [archive] = readdirSync(backups);
    expect(archive).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+\.tar\.gz$/);
    // The lock is released: the source starts again afterwards (checked implicitly by restore's own lock).
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);

    // A restore refuses a directory that holds data.
    const occupied = script('restore', { DATA_DIR: server.dataDir }, [join(backups, archive)]);
    expect(occupied.code).toBe(1);
    expect(occupied.out).toContain('không trống');

    const restoreDir = join(target, 'data');
    const restored = script('restore', { DATA_DIR: restoreDir }, [join(backups, archive)]);
    expect(restored.code, restored.out).toBe(0);

    const again = await startServer(target, { DEMO_DATA: 'on' });
    procs.push(again);
    // The JWT secret came with the data: the token signed before the backup still works.
    const after = await snapshot(again, token);
    expect(after).toEqual(before);
    await expectSample(again, token, sample);
    expect((await stopServer(again)).code).toBe(0);
  }, 400_000);
});
