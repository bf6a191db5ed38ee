import { readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type ServerProcess, startServer, stopServer, tempDataDir } from '../db/server-process';

// A real server process on the embedded database, started the README's way (main.ts).
let proc: ServerProcess;
let dir: string;
beforeAll(async () => {
  dir = tempDataDir();
  proc = await startServer(dir, { HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_MAX_CONNECTIONS: '20' });
}, 200_000);
afterAll(async () => {
  if (proc) await stopServer(proc);
  rmSync(dir, { recursive: true, force: true });
});

function walk(path: string, out: string[] = []): string[] {
  out.push(path);
  if (statSync(path).isDirectory()) for (const name of readdirSync(path)) walk(join(path, name), out);
  return out;
}

describe('files under DATA_DIR', () => {
  it('are readable by their owner only: database, secrets, outbox with its reset codes', async () => {
    const res = await api(proc, 'POST', '/api/auth/reset-password?username=admin');
    expect(res.status).toBe(200);
    let outbox: string[] = [];
    for (let i = 0; i < 100 && outbox.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
      try {
        outbox = readdirSync(join(proc.dataDir, 'outbox'));
      } catch {}
    }
    expect(outbox.length).toBeGreaterThan(0);
    // Nobody else can even enter DATA_DIR.
    expect(statSync(proc.dataDir).mode & 0o777).toBe(0o700);
    const paths = walk(proc.dataDir);
    expect(paths.some((p) => p.includes('pgdata'))).toBe(true);
    // Every file and folder we write is owner-only; PGlite sets its own files' modes (0666) inside
    // pgdata, which is shut to others by DATA_DIR and by pgdata itself.
    expect(statSync(join(proc.dataDir, 'pgdata')).mode & 0o077).toBe(0);
    const open = paths.filter((p) => !p.includes('/pgdata/') && (statSync(p).mode & 0o077) !== 0);
    expect(open).toEqual([]);
  });
});

describe('slow clients', () => {
  it('a body trickled a few bytes at a time is cut (408, connection closed) long before it ends', async () => {
    const socket = net.connect(proc.port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let answer = '';
    let closed = false;
    socket.on('data', (d) => {
      answer += d;
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.on('error', () => {});
    const length = 400;
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    // 4 bytes every 250 ms would take 25 s to finish; the server's limit is 2 s for the whole request.
    let sent = 0;
    while (!closed && sent < length) {
      socket.write('    ');
      sent += 4;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(closed).toBe(true);
    expect(sent).toBeLessThan(length);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    socket.destroy();
  }, 60_000);

  it('connections beyond the cap are closed at once, and the server still answers afterwards', async () => {
    const sockets = await Promise.all(
      Array.from(
        { length: 30 },
        () =>
          new Promise<{ socket: net.Socket; closedEarly: boolean }>((ok) => {
            const socket = net.connect(proc.port, '127.0.0.1');
            const entry = { socket, closedEarly: false };
            socket.on('error', () => {});
            socket.once('close', () => {
              entry.closedEarly = true;
            });
            socket.once('connect', () => setTimeout(() => ok(entry), 300));
          }),
      ),
    );
    const cut = sockets.filter((s) => s.closedEarly).length;
    expect(cut).toBeGreaterThanOrEqual(10);
    for (const s of sockets) s.socket.destroy();
    await new Promise((r) => setTimeout(r, 300));
    expect((await api(proc, 'GET', '/api/health')).status).toBe(200);
  }, 60_000);
});
