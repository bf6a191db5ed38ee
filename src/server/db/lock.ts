import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite has no lock on its directory: two processes opening it both succeed and corrupt it.
 * We take one ourselves: DATA_DIR/server.lock, a small JSON file naming its holder.
 *
 * - It appears atomically, already complete (written beside, then hard-linked into place: link()
 *   fails when the name exists), so a second process never reads a half-written lock.
 * - It is taken over only when its holder is gone: the pid is dead, or the pid now belongs to another
 *   program (its start time differs), or the machine rebooted since (another boot id).
 * - Taking over is itself serialised by a short-lived server.lock.takeover file, so two processes
 *   that both find the same stale lock cannot both win.
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

interface Holder {
  pid: number;
  host?: string;
  bootId?: string | null;
  procStart?: string | null;
  since?: string;
}

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (Linux), which tells a pid's reuse apart; null elsewhere. */
export function processStartTime(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[19] ?? null; // field 22: starttime
}

function bootId(): string | null {
  return readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? null;
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when the process that wrote this lock content is still running. */
export function holderAlive(holder: Holder | null): boolean {
  if (!holder) return false;
  const pid = Number(holder.pid);
  if (pid === process.pid) {
    // Our own pid: this very process (a second open of the same directory), or an earlier life of
    // a container whose server is always pid 1 (another start time).
    return !!holder.procStart && holder.procStart === processStartTime(pid);
  }
  if (holder.bootId && bootId() && holder.bootId !== bootId()) return false;
  if (!pidAlive(pid)) return false;
  if (holder.procStart) {
    const now = processStartTime(pid);
    if (now && now !== holder.procStart) return false;
  }
  return true;
}

function readHolder(file: string): Holder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

function ownContent(): string {
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    procStart: processStartTime(process.pid),
    since: new Date().toISOString(),
  };
  return JSON.stringify(holder);
}

/** Creates `file` with our content, atomically and only if it does not exist; false when it exists. */
function createExclusive(file: string, content: string): boolean {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, content, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

function removeIfOurs(file: string, content: string) {
  try {
    if (readFileSync(file, 'utf8') === content) unlinkSync(file);
  } catch {
    // Already gone.
  }
}

export interface DirLock {
  file: string;
  release(): void;
}

export function acquireDirLock(dir: string): DirLock {
  const file = join(dir, 'server.lock');
  const takeover = `${file}.takeover`;
  const content = ownContent();
  // Temp files of a writer killed between write and link.
  for (const name of safeReaddir(dir)) {
    if (/^server\.lock(\.takeover)?\.\d+\.[0-9a-f]+\.tmp$/.test(name)) {
      const pid = Number(name.split('.').at(-3));
      if (!pidAlive(pid) || pid === process.pid) rmSync(join(dir, name), { force: true });
    }
  }

  for (let attempt = 0; attempt < 20; attempt++) {
    if (createExclusive(file, content)) {
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          removeIfOurs(file, content);
        },
      };
    }
    const holder = readHolder(file);
    // Unreadable content cannot come from a live holder: the file only ever appears complete.
    if (holder && holderAlive(holder)) throw new DataDirLockedError(Number(holder.pid), file);
    breakStaleLock(file, takeover);
  }
  throw new Error(`Không lấy được khóa ${file}`);
}

/** Removes a stale lock, under the takeover lock so only one contender removes it. */
function breakStaleLock(file: string, takeover: string) {
  const mine = ownContent();
  if (!createExclusive(takeover, mine)) {
    const other = readHolder(takeover);
    if (other && holderAlive(other)) return; // someone else is taking over: try again
    // Its holder died inside the takeover: move it aside (only one rename of it can succeed).
    const aside = `${takeover}.${process.pid}.${randomBytes(4).toString('hex')}.dead`;
    try {
      renameSync(takeover, aside);
      rmSync(aside, { force: true });
    } catch {
      // Another contender moved it first.
    }
    return;
  }
  try {
    const holder = readHolder(file);
    if (!holder || !holderAlive(holder)) rmSync(file, { force: true });
  } finally {
    removeIfOurs(takeover, mine);
  }
}

function safeReaddir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

export const INIT_DIR_SUFFIX = '.init';

/**
 * Before opening PGlite, while holding our lock:
 * - a postmaster.pid left by a dead process is removed (PGlite 0.5 writes one with pid -42 while it
 *   runs and removes it on close; an empty or damaged one aborts the next open);
 * - a directory without PG_VERSION is an initialisation cut short (PGlite writes PG_VERSION among
 *   the last files of a new database) and never held data: it is removed and created again;
 * - a leftover DATA_DIR/pgdata.init from an interrupted first start is removed.
 * Returns what was repaired, for the log.
 */
export function repairPgliteDir(pgdata: string): string[] {
  const repaired: string[] = [];
  const initDir = `${pgdata}${INIT_DIR_SUFFIX}`;
  if (existsSync(initDir)) {
    rmSync(initDir, { recursive: true, force: true });
    repaired.push('đã xóa thư mục khởi tạo dở dang lần trước');
  }
  if (!existsSync(pgdata)) return repaired;
  const pidFile = join(pgdata, 'postmaster.pid');
  if (existsSync(pidFile)) {
    rmSync(pidFile, { force: true });
    repaired.push('đã xóa postmaster.pid cũ');
  }
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    rmSync(pgdata, { recursive: true, force: true });
    repaired.push('khởi tạo lại cơ sở dữ liệu bị gián đoạn lần trước');
  }
  return repaired;
}
