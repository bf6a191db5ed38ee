/**
 * npm run backup [-- --out DIR]
 *
 * Embedded database (DATABASE_URL unset): takes the same DATA_DIR lock the server takes, so it refuses
 * while a server runs on that directory, then writes backups/<timestamp>.tar.gz holding pgdata (a plain
 * copy of a closed database), uploads, private files (CVs), secrets (the JWT secret, so signed-in
 * sessions and reset codes survive a restore) and a manifest.
 *
 * PostgreSQL (DATABASE_URL set): runs `pg_dump --format=custom` into the archive as database.dump,
 * next to the local uploads and private files (none when they live in object storage: back the bucket
 * up with its own versioning or replication).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { acquireDirLock, DataDirLockedError } from '../src/server/db/lock';

export const BACKUP_ENTRIES = ['pgdata', 'uploads', 'private', 'secrets'];

function timestamp(): string {
  return new Date().toISOString().replace(/[:.]/g, '-').replace('Z', '');
}

function fail(message: string): never {
  console.error(`Sao lưu thất bại: ${message}`);
  process.exit(1);
}

function main() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf('--out');
  const outDir = resolve(outIndex >= 0 ? args[outIndex + 1] : (process.env.BACKUP_DIR ?? 'backups'));
  const config = loadConfig(process.env);
  mkdirSync(outDir, { recursive: true });
  const file = join(outDir, `${timestamp()}.tar.gz`);
  const staging = mkdtempSync(join(tmpdir(), 'showroom-backup-'));
  try {
    const manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      driver: config.databaseUrl ? 'postgres' : 'pglite',
      uploads: config.s3 ? 's3 (not in this archive)' : 'local',
      entries: [] as string[],
    };
    if (config.databaseUrl) {
      const dump = join(staging, 'database.dump');
      const cmd = [
        'pg_dump',
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${dump}`,
        '<DATABASE_URL>',
      ];
      console.log(`PostgreSQL: ${cmd.join(' ')}`);
      const res = spawnSync(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, config.databaseUrl],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
        },
      );
      if (res.error)
        fail(
          `không chạy được pg_dump (${(res.error as NodeJS.ErrnoException).code}); cài gói postgresql-client`,
        );
      if (res.status !== 0) fail(`pg_dump kết thúc với mã ${res.status}`);
      manifest.entries.push('database.dump');
      const present = BACKUP_ENTRIES.filter((e) => e !== 'pgdata' && existsSync(join(config.dataDir, e)));
      writeFileSync(
        join(staging, 'manifest.json'),
        JSON.stringify({ ...manifest, entries: [...manifest.entries, ...present] }, null, 2),
      );
      tar(file, [
        ['-C', staging, 'manifest.json', 'database.dump'],
        ...(present.length ? [['-C', config.dataDir, ...present]] : []),
      ]);
    } else {
      if (!existsSync(join(config.dataDir, 'pgdata')))
        fail(`không có cơ sở dữ liệu trong ${config.dataDir}/pgdata`);
      let lock: ReturnType<typeof acquireDirLock>;
      try {
        lock = acquireDirLock(config.dataDir);
      } catch (err) {
        if (err instanceof DataDirLockedError)
          fail(
            `máy chủ đang chạy trên DATA_DIR=${config.dataDir} (pid ${err.holderPid}). Dừng máy chủ rồi chạy lại npm run backup.`,
          );
        throw err;
      }
      try {
        const present = BACKUP_ENTRIES.filter((e) => existsSync(join(config.dataDir, e)));
        manifest.entries = present;
        writeFileSync(join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
        // postmaster.pid of a killed server is left out: the next start would remove it anyway.
        tar(file, [
          ['-C', staging, 'manifest.json'],
          ['-C', config.dataDir, '--exclude=pgdata/postmaster.pid', ...present],
        ]);
      } finally {
        lock.release();
      }
    }
    const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
    console.log(`Đã sao lưu vào ${file} (${mb} MB)`);
    return file;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A running server may store an upload while the archive is written. Every file the database dump names
 * was written before the dump began, so one that appears or grows during the archive is not needed by
 * it: GNU tar's status 1 ("some files differ") is accepted, anything higher is a failure.
 */
function tar(file: string, groups: string[][]) {
  const res = spawnSync(
    'tar',
    ['-czf', file, '--warning=no-file-changed', '--warning=no-file-removed', ...groups.flat()],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (res.error) throw res.error;
  if (res.status !== 0 && res.status !== 1) fail(`tar kết thúc với mã ${res.status}`);
}

main();
