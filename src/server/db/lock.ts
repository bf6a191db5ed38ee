import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite has no lock on its directory: two processes opening it both succeed and corrupt it.
 * We take one ourselves: a pid file created exclusively, taken over only when its holder is dead.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly holderPid: number,
    readonly lockFile: string,
  ) {
    super(
      `Thư mục dữ liệu đang được tiến trình khác sử dụng (pid ${holderPid}, khóa ${lockFile}). ` +
        'Dừng tiến trình đó trước, hoặc dùng DATA_DIR khác.',
    );
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

export function acquireDirLock(dir: string): DirLock {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          try {
            const holder = JSON.parse(readFileSync(file, 'utf8')) as { pid: number };
            if (holder.pid === process.pid) rmSync(file, { force: true });
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      let pid = 0;
      try {
        pid = Number((JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid);
      } catch {
        // A half-written lock file means its writer died while writing it: stale.
      }
      if (pid && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(pid, file);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Không lấy được khóa ${file}`);
}

/**
 * Before opening PGlite: a postmaster.pid we find while holding our lock was left by a dead
 * process; an initialisation cut short leaves files without PG_VERSION or global/pg_control.
 * Returns what was repaired, for the log.
 */
export function repairPgliteDir(pgdata: string): string[] {
  const repaired: string[] = [];
  if (!existsSync(pgdata)) return repaired;
  const pidFile = join(pgdata, 'postmaster.pid');
  if (existsSync(pidFile)) {
    rmSync(pidFile, { force: true });
    repaired.push('đã xóa postmaster.pid cũ');
  }
  const complete = existsSync(join(pgdata, 'PG_VERSION')) && existsSync(join(pgdata, 'global', 'pg_control'));
  if (!complete) {
    rmSync(pgdata, { recursive: true, force: true });
    repaired.push('khởi tạo lại cơ sở dữ liệu bị gián đoạn lần trước');
  }
  return repaired;
}
