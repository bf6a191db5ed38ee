import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  deadPid,
  type ServerProcess,
  spawnServer,
  startServer,
  stopServer,
  tempDataDir,
  waitReady,
} from './server-process';

// Real server processes (the build when fresh, else tsx: server-process.ts). In the api-pg project they run on
// a fresh PostgreSQL database per data directory; the embedded database's own hazards run on PGlite.
const ON_PG = process.env.TEST_DB_DRIVER === 'pg';
const LONG = 300_000;
const dirs: string[] = [];
const databases = new Map<string, string>();
const running: ServerProcess[] = [];
function newDir() {
  const d = tempDataDir();
  dirs.push(d);
  return d;
}

/** The environment that points a server at this directory's database. */
async function databaseEnv(dir: string): Promise<Record<string, string>> {
  if (!ON_PG) return {};
  let url = databases.get(dir);
  if (!url) {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `t_proc_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const u = new URL(server);
    u.pathname = `/${name}`;
    url = u.toString();
    databases.set(dir, url);
  }
  return { DATABASE_URL: url };
}

async function start(dir: string, env: Record<string, string> = {}) {
  const proc = await startServer(dir, { ...(await databaseEnv(dir)), ...env });
  running.push(proc);
  return proc;
}
afterAll(async () => {
  for (const proc of running) await stopServer(proc, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  if (databases.size) {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    for (const url of databases.values()) {
      await client.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
    }
    await client.end();
  }
});

const lockFile = (proc: ServerProcess) => join(proc.dataDir, 'server.lock');
const postmasterPid = (proc: ServerProcess) => join(proc.dataDir, 'pgdata', 'postmaster.pid');

async function showroomName(proc: ServerProcess) {
  return (await api(proc, 'GET', '/api/web-configuration')).json.showroomName as string;
}

describe(`server process on ${ON_PG ? 'PostgreSQL' : 'the embedded database'} (real processes)`, () => {
  it(
    'SIGKILL in the middle of a stream of writes: a restart finds every acknowledged write',
    async () => {
      const dir = newDir();
      const server = await start(dir);
      const token = await adminToken(server);
      const acknowledged: string[] = [];
      let settingsAcked = -1;
      let killed = false;
      let n = 0;

      // Four writers creating accounts, one updating the settings, until the kill.
      const userWriter = async () => {
        while (!killed) {
          const username = `ghi${n++}`;
          try {
            const res = await api(server, 'POST', '/api/users/addUser', {
              token,
              body: {
                fullName: `Ghi Dữ Liệu ${username}`,
                username,
                email: `${username}@example.com`,
              },
            });
            if (res.status === 201) acknowledged.push(username);
          } catch {
            // The connection died with the process: not acknowledged.
          }
        }
      };
      const settingsWriter = async () => {
        for (let i = 0; !killed; i++) {
          try {
            const res = await api(server, 'PUT', '/api/web-configuration', {
              token,
              body: { showroomName: `Lần ${i}` },
            });
            if (res.status === 200) settingsAcked = i;
          } catch {
            // Not acknowledged.
          }
        }
      };
      const writers = [userWriter(), userWriter(), userWriter(), userWriter(), settingsWriter()];
      while (acknowledged.length < 25 || settingsAcked < 10) await new Promise((r) => setTimeout(r, 10));
      killed = true;
      await stopServer(server, 'SIGKILL');
      await Promise.all(writers);
      const total = acknowledged.length;
      console.info(`SIGKILL after ${total} acknowledged accounts and settings update #${settingsAcked}`);

      const restarted = await start(dir);
      const again = await adminToken(restarted);
      const list = await api(
        restarted,
        'GET',
        `/api/users?size=100&search=${encodeURIComponent('ghi du lieu')}`,
        {
          token: again,
        },
      );
      expect(list.status).toBe(200);
      const found = new Set((list.json.content as { username: string }[]).map((u) => u.username));
      const missing = acknowledged.filter((u) => !found.has(u));
      expect(missing, `${missing.length} of ${total} acknowledged accounts lost`).toEqual([]);
      // The settings hold the last acknowledged value, or one sent after it that committed unacknowledged.
      const name = await showroomName(restarted);
      expect(Number(name.replace('Lần ', ''))).toBeGreaterThanOrEqual(settingsAcked);
      // Every row is whole: each account reads back with the e-mail it was created with.
      const restartedToken = await adminToken(restarted);
      for (const username of acknowledged.slice(-3)) {
        const res = await api(restarted, 'GET', `/api/users?search=${username}`, { token: restartedToken });
        expect(res.json.content[0]).toMatchObject({ username, email: `${username}@example.com` });
      }
      expect(await stopServer(restarted)).toEqual({ code: 0, signal: null });
    },
    LONG,
  );

  it(
    'SIGTERM lets a request in flight finish before the process exits',
    async () => {
      const dir = newDir();
      const server = await start(dir);
      const token = await adminToken(server);
      const body = JSON.stringify({
        fullName: 'Đang Xử Lý',
        username: 'dangxuly',
        email: 'dxl@example.com',
      });
      // Expect: 100-continue makes the server say when it has taken the request (headers read,
      // handler started) before the body is sent: the body then arrives after SIGTERM.
      const answer = new Promise<{ status: number; text: string }>((ok, fail) => {
        const req = http.request(`${server.base}/api/users/addUser`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        });
        req.on('continue', async () => {
          server.child.kill('SIGTERM');
          // Wait until the server has stopped accepting connections: shutdown is under way.
          for (;;) {
            const refused = await new Promise<boolean>((r) => {
              const socket = net.connect(server.port, '127.0.0.1');
              socket.once('connect', () => {
                socket.destroy();
                r(false);
              });
              socket.once('error', () => r(true));
            });
            if (refused) break;
            await new Promise((r) => setTimeout(r, 10));
          }
          req.end(body);
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (c) => {
            text += c;
          });
          res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', fail);
      });
      const res = await answer;
      expect(res.status, res.text).toBe(201);
      expect(JSON.parse(res.text).username).toBe('dangxuly');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(existsSync(lockFile(server))).toBe(false);

      const next = await start(dir);
      const found = await api(next, 'GET', '/api/users?search=dangxuly', { token: await adminToken(next) });
      expect(found.json.content.map((u: { username: string }) => u.username)).toEqual(['dangxuly']);
      expect(await stopServer(next)).toEqual({ code: 0, signal: null });
    },
    LONG,
  );

  it(
    'a configuration error stops the start with a message naming the variable',
    async () => {
      const dir = newDir();
      for (const [env, name] of [
        [{ PORT: 'abc' }, 'PORT'],
        [{ NODE_ENV: 'production', JWT_SECRET: '' }, 'JWT_SECRET'],
      ] as const) {
        const proc = await spawnServer(dir, { ...(await databaseEnv(dir)), ...env });
        expect((await proc.exited).code).toBe(1);
        expect(proc.output()).toContain('Cấu hình không hợp lệ');
        expect(proc.output()).toContain(name);
      }
      expect(existsSync(join(dir, 'data', 'server.lock'))).toBe(false);
    },
    LONG,
  );

  it(
    'a port already in use stops the start naming PORT, and leaves the database closed',
    async () => {
      const dir = newDir();
      const blocker = net.createServer();
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
      const port = (blocker.address() as net.AddressInfo).port;
      try {
        const proc = await spawnServer(dir, { ...(await databaseEnv(dir)), PORT: String(port) });
        expect((await proc.exited).code).toBe(1);
        expect(proc.output()).toContain(`Cổng ${port} đang được dùng`);
        expect(proc.output()).toContain('PORT');
        expect(existsSync(join(dir, 'data', 'server.lock'))).toBe(false);
        expect(existsSync(join(dir, 'data', 'pgdata', 'postmaster.pid'))).toBe(false);
      } finally {
        blocker.close();
      }
      const next = await waitReady(await spawnServer(dir, await databaseEnv(dir)));
      running.push(next);
      expect(await stopServer(next)).toEqual({ code: 0, signal: null });
    },
    LONG,
  );
});

// The embedded database's own hazards: PGlite only.
if (!ON_PG) {
  describe('embedded database safety (real processes)', () => {
    it(
      'a second process stops at once naming the holder; SIGTERM then closes cleanly and the next start finds the data',
      async () => {
        const dir = newDir();
        const first = await start(dir);
        expect(first.output()).toMatch(/Tài khoản quản trị: admin \/ Admin12345/);
        expect(existsSync(lockFile(first))).toBe(true);
        expect(existsSync(postmasterPid(first))).toBe(true); // PGlite 0.5 keeps one while open

        const second = await spawnServer(dir);
        expect((await second.exited).code).toBe(1);
        expect(second.output()).toContain(`pid ${first.pid}`);
        expect(second.output()).toContain('Thư mục dữ liệu đang được tiến trình khác sử dụng');
        // The first one is untouched and still holds the lock.
        expect((await api(first, 'GET', '/api/ready')).status).toBe(200);
        expect(JSON.parse(readFileSync(lockFile(first), 'utf8')).pid).toBe(first.pid);

        const token = await adminToken(first);
        const put = await api(first, 'PUT', '/api/web-configuration', {
          token,
          body: { showroomName: 'Trước khi dừng' },
        });
        expect(put.status).toBe(200);
        expect(await stopServer(first, 'SIGTERM')).toEqual({ code: 0, signal: null });
        expect(existsSync(lockFile(first))).toBe(false);
        expect(existsSync(postmasterPid(first))).toBe(false);

        const next = await start(dir);
        expect(next.output()).not.toMatch(/Tài khoản quản trị/); // the admin exists already
        expect(await showroomName(next)).toBe('Trước khi dừng');
        expect(await stopServer(next, 'SIGINT')).toEqual({ code: 0, signal: null });
        expect(existsSync(lockFile(next))).toBe(false);
      },
      LONG,
    );

    it(
      'a stale lock (dead pid) and a stale or damaged postmaster.pid do not stop the next start',
      async () => {
        const dir = newDir();
        const first = await start(dir);
        const token = await adminToken(first);
        await api(first, 'PUT', '/api/web-configuration', { token, body: { showroomName: 'Sau SIGKILL' } });
        // What a killed process leaves behind: its lock and PGlite's postmaster.pid.
        expect(await stopServer(first, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
        expect(existsSync(lockFile(first))).toBe(true);
        expect(existsSync(postmasterPid(first))).toBe(true);

        const second = await start(dir);
        expect(await showroomName(second)).toBe('Sau SIGKILL');
        expect(second.output()).toContain('đã xóa postmaster.pid cũ');
        expect(JSON.parse(readFileSync(lockFile(second), 'utf8')).pid).toBe(second.pid);
        expect(await stopServer(second)).toEqual({ code: 0, signal: null });

        // Worse leftovers, written by hand: a lock of a dead pid and a damaged postmaster.pid (an empty
        // or garbage one makes PGlite 0.5 fail "to initialize properly" when opened as is).
        writeFileSync(
          join(dir, 'data', 'server.lock'),
          JSON.stringify({ pid: await deadPid(), host: 'elsewhere' }),
        );
        writeFileSync(join(dir, 'data', 'pgdata', 'postmaster.pid'), 'garbage\u0000\u0001\n');
        const again = await start(dir);
        expect(await showroomName(again)).toBe('Sau SIGKILL');
        expect(await stopServer(again)).toEqual({ code: 0, signal: null });
      },
      LONG,
    );

    it(
      'an interrupted first initialisation is detected and done again',
      async () => {
        // A pgdata with some of PGlite's files but no PG_VERSION (what a kill during initdb leaves).
        const dir = newDir();
        const pgdata = join(dir, 'data', 'pgdata');
        mkdirSync(join(pgdata, 'global'), { recursive: true });
        mkdirSync(join(pgdata, 'base', '1'), { recursive: true });
        mkdirSync(join(pgdata, 'pg_wal'));
        writeFileSync(join(pgdata, 'global', 'pg_control'), Buffer.alloc(8192, 7));
        writeFileSync(join(pgdata, 'pg_wal', '000000010000000000000001'), Buffer.alloc(1024));
        mkdirSync(join(dir, 'data', 'pgdata.init', 'global'), { recursive: true });
        const first = await start(dir);
        expect(first.output()).toContain('khởi tạo lại cơ sở dữ liệu bị gián đoạn lần trước');
        expect(first.output()).toMatch(/Tài khoản quản trị: admin/);
        expect(existsSync(join(pgdata, 'PG_VERSION'))).toBe(true);
        expect(existsSync(join(dir, 'data', 'pgdata.init'))).toBe(false);
        await adminToken(first);
        expect(await stopServer(first)).toEqual({ code: 0, signal: null });
      },
      LONG,
    );

    it(
      'a first start killed while it creates the database leaves nothing that stops the next one',
      async () => {
        const dir = newDir();
        const doomed = await spawnServer(dir);
        const data = join(dir, 'data');
        // Kill as soon as the new database directory appears (initdb is under way in it).
        while (!existsSync(join(data, 'pgdata.init')) && !existsSync(join(data, 'pgdata'))) {
          if (doomed.child.exitCode !== null) throw new Error(doomed.output());
          await new Promise((r) => setTimeout(r, 5));
        }
        await stopServer(doomed, 'SIGKILL');
        const left = readdirSync(data);
        // Either nothing was renamed into place yet, or the database was complete before the kill.
        if (left.includes('pgdata')) expect(existsSync(join(data, 'pgdata', 'PG_VERSION'))).toBe(true);

        const next = await start(dir);
        await adminToken(next);
        expect(existsSync(join(data, 'pgdata.init'))).toBe(false);
        expect(await stopServer(next)).toEqual({ code: 0, signal: null });
      },
      LONG,
    );
  });
}
