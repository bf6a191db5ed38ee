import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acquireDirLock,
  DataDirLockedError,
  holderAlive,
  processStartTime,
  repairPgliteDir,
} from '../../src/server/db/lock';
import { deadPid, NODE, ROOT } from './server-process';

const root = mkdtempSync(join(tmpdir(), 'showroom-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
function dir() {
  const d = join(root, `d${++n}`);
  mkdirSync(d);
  return d;
}

/** A live process that is not this one, kept until `stop()`. */
function sleeper() {
  const child = spawn(NODE, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe('DATA_DIR lock', () => {
  it('is a file naming its holder, removed on release', () => {
    const d = dir();
    const lock = acquireDirLock(d);
    const holder = JSON.parse(readFileSync(join(d, 'server.lock'), 'utf8'));
    expect(holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(holder.procStart).toBe(processStartTime(process.pid));
    lock.release();
    expect(existsSync(join(d, 'server.lock'))).toBe(false);
    lock.release(); // twice is harmless
  });

  it('refuses a second holder while the first lives, naming its pid', () => {
    const d = dir();
    const other = sleeper();
    try {
      writeFileSync(
        join(d, 'server.lock'),
        JSON.stringify({ pid: other.pid, host: hostname(), procStart: processStartTime(other.pid) }),
      );
      let error: unknown;
      try {
        acquireDirLock(d);
      } catch (err) {
        error = err;
      }
      expect(error).toBeInstanceOf(DataDirLockedError);
      expect((error as Error).message).toContain(`pid ${other.pid}`);
      expect((error as DataDirLockedError).holderPid).toBe(other.pid);
    } finally {
      other.stop();
    }
  });

  it('refuses a second open from this very process', () => {
    const d = dir();
    const lock = acquireDirLock(d);
    try {
      expect(() => acquireDirLock(d)).toThrow(DataDirLockedError);
    } finally {
      lock.release();
    }
  });

  it('takes over a lock whose holder is dead, reused, or from before a reboot, or unreadable', async () => {
    const dead = await deadPid();
    const live = sleeper();
    try {
      const stale = [
        JSON.stringify({ pid: dead, host: hostname() }),
        // The pid lives, but it is another program than the one that wrote the lock.
        JSON.stringify({ pid: live.pid, host: hostname(), procStart: '1' }),
        JSON.stringify({ pid: live.pid, host: hostname(), bootId: 'another-boot' }),
        '',
        '{"pid": 12',
        'null',
      ];
      for (const content of stale) {
        const d = dir();
        writeFileSync(join(d, 'server.lock'), content);
        const lock = acquireDirLock(d);
        expect(JSON.parse(readFileSync(join(d, 'server.lock'), 'utf8')).pid, content).toBe(process.pid);
        lock.release();
      }
    } finally {
      live.stop();
    }
  });

  it('clears a takeover file and temp files left by dead contenders', async () => {
    const d = dir();
    const dead = await deadPid();
    writeFileSync(join(d, 'server.lock'), JSON.stringify({ pid: dead }));
    writeFileSync(join(d, 'server.lock.takeover'), JSON.stringify({ pid: dead }));
    writeFileSync(join(d, `server.lock.${dead}.0a1b2c3d.tmp`), '{}');
    const lock = acquireDirLock(d);
    expect(existsSync(join(d, 'server.lock.takeover'))).toBe(false);
    expect(existsSync(join(d, `server.lock.${dead}.0a1b2c3d.tmp`))).toBe(false);
    lock.release();
  });

  it('holderAlive answers for this process and for dead ones', async () => {
    expect(holderAlive({ pid: process.pid, procStart: processStartTime(process.pid) })).toBe(true);
    expect(holderAlive({ pid: process.pid, procStart: 'earlier-life' })).toBe(false);
    expect(holderAlive({ pid: await deadPid() })).toBe(false);
    expect(holderAlive({ pid: -42 })).toBe(false);
    expect(holderAlive(null)).toBe(false);
  });

  it('lets exactly one of several processes starting together win, even over a stale lock', async () => {
    for (const staleFirst of [false, true]) {
      const d = dir();
      if (staleFirst) writeFileSync(join(d, 'server.lock'), JSON.stringify({ pid: await deadPid() }));
      const contenders = Array.from({ length: 6 }, () =>
        spawn(NODE, ['--import', 'tsx', 'test/db/lock-contender.ts', d], {
          cwd: ROOT,
          stdio: ['pipe', 'pipe', 'inherit'],
        }),
      );
      const exits = contenders.map((child) => new Promise((r) => child.on('exit', r)));
      const answers = await Promise.all(
        contenders.map(
          (child) =>
            new Promise<string>((ok) => {
              let out = '';
              child.stdout.on('data', (chunk) => {
                out += chunk;
                if (out.includes('\n')) ok(out.trim());
              });
              // 'close', not 'exit': a process may exit before its last line has been read from the pipe.
              child.on('close', (code) => ok(`exited ${code} ${out}`));
            }),
        ),
      );
      const winners = answers.filter((a) => a === 'got');
      expect(winners, answers.join(', ')).toHaveLength(1);
      const winnerPid = contenders[answers.indexOf('got')].pid;
      for (const a of answers.filter((x) => x !== 'got')) expect(a).toBe(`locked ${winnerPid}`);
      for (const child of contenders) child.stdin.end();
      await Promise.all(exits);
      expect(existsSync(join(d, 'server.lock'))).toBe(false);
    }
  }, 120_000);
});

describe('repairPgliteDir', () => {
  it('removes a stale postmaster.pid and keeps a complete database', () => {
    const pgdata = join(dir(), 'pgdata');
    mkdirSync(join(pgdata, 'global'), { recursive: true });
    writeFileSync(join(pgdata, 'PG_VERSION'), '17\n');
    writeFileSync(join(pgdata, 'postmaster.pid'), '-42\n/pglite/data\n');
    expect(repairPgliteDir(pgdata)).toEqual(['đã xóa postmaster.pid cũ']);
    expect(existsSync(join(pgdata, 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(pgdata, 'PG_VERSION'))).toBe(true);
  });

  it('removes a directory without PG_VERSION (initialisation cut short) and a leftover pgdata.init', () => {
    const d = dir();
    const pgdata = join(d, 'pgdata');
    mkdirSync(join(pgdata, 'global'), { recursive: true });
    mkdirSync(join(pgdata, 'base'));
    writeFileSync(join(pgdata, 'global', 'pg_control'), 'x');
    mkdirSync(join(d, 'pgdata.init'));
    expect(repairPgliteDir(pgdata)).toEqual([
      'đã xóa thư mục khởi tạo dở dang lần trước',
      'khởi tạo lại cơ sở dữ liệu bị gián đoạn lần trước',
    ]);
    expect(existsSync(pgdata)).toBe(false);
    expect(existsSync(join(d, 'pgdata.init'))).toBe(false);
  });

  it('never removes a directory that has PG_VERSION, even a damaged one', () => {
    const pgdata = join(dir(), 'pgdata');
    mkdirSync(pgdata);
    writeFileSync(join(pgdata, 'PG_VERSION'), '17\n');
    expect(repairPgliteDir(pgdata)).toEqual([]);
    expect(existsSync(join(pgdata, 'PG_VERSION'))).toBe(true);
  });

  it('does nothing on a fresh directory', () => {
    expect(repairPgliteDir(join(dir(), 'pgdata'))).toEqual([]);
  });
});
