/**
 * npm run restore -- <backups/….tar.gz>
 *
 * Unpacks an archive written by `npm run backup` into DATA_DIR, which must be empty or absent (a restore
 * never overwrites data). Embedded database: the archive's pgdata becomes DATA_DIR/pgdata, with the
 * uploads, private files and secrets beside it; start the server afterwards. PostgreSQL archives
 * (database.dump): `pg_restore --no-owner --clean --if-exists` into DATABASE_URL, which should be a new,
 * empty database; the uploads and private files go to DATA_DIR.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../src/server/config';
import { acquireDirLock, DataDirLockedError } from '../src/server/db/lock';

function fail(message: string): never {
  console.error(`Khôi phục thất bại: ${message}`);
  process.exit(1);
}

function main() {
  const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
  if (!arg) fail('cần đường dẫn tệp sao lưu: npm run restore -- backups/<thời điểm>.tar.gz');
  const file = resolve(arg);
  if (!existsSync(file)) fail(`không tìm thấy ${file}`);
  const config = loadConfig(process.env);
  const dataDir = config.dataDir;
  mkdirSync(dataDir, { recursive: true });
  // loadConfig may have just written DATA_DIR/secrets for an empty directory: that alone is not data.
  const existing = readdirSync(dataDir).filter((e) => e !== 'secrets');
  if (existing.length > 0)
    fail(`DATA_DIR=${dataDir} không trống (${existing.join(', ')}). Khôi phục chỉ vào thư mục trống.`);

  let lock: ReturnType<typeof acquireDirLock>;
  try {
    lock = acquireDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      fail(`máy chủ đang chạy trên DATA_DIR=${dataDir} (pid ${err.holderPid})`);
    throw err;
  }
  const staging = mkdtempSync(join(dataDir, '.restore-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', staging, '--no-same-owner'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const manifestFile = join(staging, 'manifest.json');
    if (!existsSync(manifestFile)) fail('tệp không phải bản sao lưu của showroom (thiếu manifest.json)');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      driver: string;
      entries: string[];
      createdAt: string;
    };
    if (manifest.driver === 'postgres') {
      if (!config.databaseUrl) fail('bản sao lưu PostgreSQL: đặt DATABASE_URL trỏ đến một cơ sở dữ liệu mới');
      const args = [
        '--no-owner',
        '--no-privileges',
        '--clean',
        '--if-exists',
        `--dbname=${config.databaseUrl}`,
        join(staging, 'database.dump'),
      ];
      console.log(
        'PostgreSQL: pg_restore --no-owner --no-privileges --clean --if-exists --dbname=<DATABASE_URL> database.dump',
      );
      const res = spawnSync('pg_restore', args, { stdio: ['ignore', 'inherit', 'inherit'] });
      if (res.error)
        fail(
          `không chạy được pg_restore (${(res.error as NodeJS.ErrnoException).code}); cài gói postgresql-client`,
        );
      if (res.status !== 0) fail(`pg_restore kết thúc với mã ${res.status}`);
    } else if (config.databaseUrl) {
      fail('bản sao lưu của cơ sở dữ liệu nhúng: bỏ DATABASE_URL để khôi phục vào DATA_DIR');
    }
    // The archive's secrets (they signed its sessions and reset codes) replace any generated here.
    if (manifest.entries.includes('secrets'))
      rmSync(join(dataDir, 'secrets'), { recursive: true, force: true });
    for (const entry of manifest.entries) {
      if (entry === 'database.dump' || !existsSync(join(staging, entry))) continue;
      renameSync(join(staging, entry), join(dataDir, entry));
    }
    console.log(
      `Đã khôi phục bản sao lưu ngày ${manifest.createdAt} vào ${dataDir} (${manifest.entries.join(', ')})`,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

main();
