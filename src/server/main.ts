import { readFileSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import type { FastifyListenOptions } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError } from './db/lock';
import { bootstrap } from './db/seed/bootstrap';
import { DEMO_PASSWORD, DEMO_STAFF } from './db/seed/demo-staff';
import { demoSeeders } from './db/seed/seeders';

/** How long in-flight requests may take to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * Listening sockets opened beside Fastify's on the same address (SO_REUSEPORT, Linux). Since libuv 1.45
 * (Node 20) a listening socket accepts one connection per event-loop iteration; when the server is busy
 * an iteration serves every ready connection first (tens of milliseconds), so new visitors queued at
 * ~30 connections a second and waited more than 10 s while open connections were served
 * (scripts/load.ts, docs/performance.md "Load: a busy weekend"). The kernel spreads new connections over
 * the sockets, each accepting one per iteration; all hand their connections to the one HTTP server.
 */
const EXTRA_LISTENERS = 7;

type App = Awaited<ReturnType<typeof buildApp>>['app'];

const state: {
  database?: Database;
  app?: App;
  listeners?: net.Server[];
  port?: number;
  stopping?: Promise<void>;
  signal?: string;
  running?: boolean;
} = {};

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** After SIGTERM, how long a connection may stay without a request before the server closes it. */
const DRAIN_IDLE_MS = 500;
/** The longest the listening sockets stay open after SIGTERM to accept the connections already queued. */
const DRAIN_ACCEPT_MS = 4_000;
/** The longest the drain waits for connections to close before Fastify's close() takes over. */
const DRAIN_MAX_MS = 5_000;

/** Every open connection of the HTTP server: requests under way on it, idle since when, its answer. */
const connections = new Map<net.Socket, { busy: number; idleSince: number; res?: http.ServerResponse }>();
let draining = false;

/** Follows connections and requests on the raw server, so the shutdown knows which are idle. */
function trackConnections(server: http.Server) {
  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { busy: 0, idleSince: performance.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const c = connections.get(req.socket);
    if (c) {
      c.busy++;
      c.res = res;
    }
    // Draining: this answer says "Connection: close" and the connection closes after it.
    if (draining) res.shouldKeepAlive = false;
    res.once('close', () => {
      if (!c) return;
      c.busy--;
      c.idleSince = performance.now();
      if (c.res === res) c.res = undefined;
    });
  });
}

/**
 * Connections waiting in the kernel's accept queues of the server's port (the rx_queue of its listening
 * sockets in /proc/net/tcp and tcp6, Linux); null when that cannot be read.
 */
function acceptQueue(port: number): number | null {
  let total = 0;
  let found = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n')) {
      // sl local_address rem_address st tx_queue:rx_queue ...; st 0A is LISTEN.
      const f = line.trim().split(/\s+/);
      if (f[3] !== '0A' || !f[1] || Number.parseInt(f[1].slice(f[1].lastIndexOf(':') + 1), 16) !== port)
        continue;
      found = true;
      total += Number.parseInt(f[4]?.split(':')[1] ?? '0', 16) || 0;
    }
  }
  return found ? total : null;
}

/**
 * The first step of the shutdown: no new connection is accepted, every open one is closed cleanly.
 * node:http's close() would close idle keep-alive connections at once, and a request a client had
 * just sent on one (still in the socket, not read yet) was cut with a reset; closing the listening
 * sockets reset the connections still waiting in their accept queues (a busy server accepts one per
 * listening socket per event-loop iteration), each with a request sent; Fastify then answered
 * requests read after its close() began with an English 503. Instead:
 * 1. every answer from now on says "Connection: close", and its connection closes after it;
 * 2. the listening sockets stay open until as many connections have been accepted as were waiting at
 *    the signal (at most DRAIN_ACCEPT_MS), then close: later connections are refused;
 * 3. a connection without a request is closed once it has stayed so for DRAIN_IDLE_MS, counted from
 *    the signal at the earliest, so whatever a client sent before the signal is read and answered.
 */
async function drain(app: App, port: number | undefined) {
  draining = true;
  const started = performance.now();
  for (const c of connections.values()) if (c.res && !c.res.headersSent) c.res.shouldKeepAlive = false;
  const waiting = port ? (acceptQueue(port) ?? 0) : 0;
  if (waiting > 0) {
    let accepted = 0;
    const count = () => accepted++;
    app.server.on('connection', count);
    while (accepted < waiting && performance.now() - started < DRAIN_ACCEPT_MS) {
      await new Promise((r) => setTimeout(r, 20));
    }
    app.server.off('connection', count);
  }
  for (const listener of state.listeners ?? []) listener.close();
  if (app.server.listening) net.Server.prototype.close.call(app.server);
  const closedAt = performance.now();
  while (connections.size > 0 && performance.now() - closedAt < DRAIN_MAX_MS) {
    const now = performance.now();
    for (const [socket, c] of connections) {
      if (c.busy === 0 && now - Math.max(c.idleSince, started) >= DRAIN_IDLE_MS) socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Closes what is open (the server first, so in-flight requests finish, then the database) and exits. */
function stop(code: number, reason: string): Promise<void> {
  state.stopping ??= (async () => {
    const force = setTimeout(() => {
      console.error(`✖ Quá ${SHUTDOWN_GRACE_MS / 1000} giây mà chưa dừng xong: buộc thoát`);
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const { app, database } = state;
    try {
      if (app) {
        app.log.info({ reason }, 'shutting down: finishing in-flight requests');
        // An extra listening socket emits 'close' once closed (by the drain) and its connections ended.
        const listenersClosed = Promise.all(
          (state.listeners ?? []).map((l) => new Promise<void>((done) => l.once('close', () => done()))),
        );
        await drain(app, state.port);
        // Whatever the drain left (a request still running, a connection busy past DRAIN_MAX_MS):
        // Fastify waits for its answers, closing each connection as soon as it is idle.
        const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
        try {
          await app.close();
          await listenersClosed;
        } finally {
          clearInterval(reaper);
        }
      }
    } catch (err) {
      console.error(err);
      code = 1;
    } finally {
      try {
        await database?.close();
      } catch (err) {
        console.error(err);
        code = 1;
      }
      clearTimeout(force);
      process.exit(code);
    }
  })();
  return state.stopping;
}

function onSignal(signal: string) {
  // During start-up the signal waits for the step under way (opening or initialising the database,
  // migrations, the first admin) to finish: start-up then stops and everything closes cleanly.
  if (state.signal) return;
  state.signal = signal;
  if (state.running) void stop(0, signal);
}

/** Binds and releases the address without SO_REUSEPORT: rejects with EADDRINUSE when it is taken. */
function probePort(port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => ok()));
  });
}

/** EXTRA_LISTENERS sockets on the server's address, handing each connection to its HTTP server. */
async function extraListeners(app: App, port: number, host: string): Promise<net.Server[]> {
  const listeners: net.Server[] = [];
  for (let i = 0; i < EXTRA_LISTENERS; i++) {
    // noDelay as node:http's own server sets it on the connections it accepts.
    const listener = net.createServer({ noDelay: true }, (socket) => app.server.emit('connection', socket));
    try {
      await new Promise<void>((ok, fail) => {
        listener.once('error', fail);
        listener.listen({ port, host, reusePort: true }, () => {
          listener.off('error', fail);
          ok();
        });
      });
    } catch (err) {
      // Fewer sockets only means slower accepting under load: go on with those that opened.
      app.log.warn({ err }, 'extra listening socket not opened');
      break;
    }
    listeners.push(listener);
  }
  return listeners;
}

async function main() {
  const started = performance.now();
  process.on('SIGTERM', () => onSignal('SIGTERM'));
  process.on('SIGINT', () => onSignal('SIGINT'));

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Cấu hình không hợp lệ: ${err.message}`);
    throw err;
  }

  try {
    state.database = config.databaseUrl
      ? await openPostgres(config.databaseUrl)
      : await openPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    fail(
      `Không mở được cơ sở dữ liệu${config.databaseUrl ? ' (DATABASE_URL)' : ''}: ${(err as Error).message}`,
    );
  }
  const database = state.database;
  if (state.signal) return stop(0, state.signal);

  // From here on a crash still closes the database, so the embedded one is left clean.
  process.on('uncaughtException', (err) => {
    console.error(err);
    void stop(1, 'uncaughtException');
  });
  process.on('unhandledRejection', (err) => {
    console.error(err);
    void stop(1, 'unhandledRejection');
  });

  let port: number;
  let result: Awaited<ReturnType<typeof bootstrap>>;
  try {
    const { app, ctx, services } = await buildApp({ config, database });
    state.app = app;
    trackConnections(app.server);
    for (const note of database.notes) app.log.warn(note);
    result = await bootstrap(ctx, config, services, demoSeeders);
    if (state.signal) return stop(0, state.signal);
    const reusePort = process.platform === 'linux' && net.isIP(config.host) !== 0;
    // SO_REUSEPORT would let a second process share a fixed port silently: a plain bind first fails
    // with EADDRINUSE when the port is taken, as without it.
    if (reusePort && config.port !== 0) await probePort(config.port, config.host);
    // Fastify hands its options to node:net's listen(), which knows reusePort; its types do not.
    await app.listen({ port: config.port, host: config.host, reusePort } as FastifyListenOptions);
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : config.port;
    state.port = port;
    if (reusePort) state.listeners = await extraListeners(app, port, config.host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      console.error(`\n✖ Cổng ${config.port} đang được dùng: đặt PORT khác hoặc dừng tiến trình kia\n`);
    else if (code === 'EADDRNOTAVAIL')
      console.error(`\n✖ HOST="${config.host}" không phải địa chỉ của máy này\n`);
    else if (code === 'EACCES') console.error(`\n✖ Không được phép mở cổng ${config.port} (PORT)\n`);
    else console.error(err);
    return stop(1, 'start-up failed');
  }
  if (state.signal) return stop(0, state.signal);
  state.running = true;

  const lines = [
    '',
    `  Showroom đang chạy tại http://localhost:${port}`,
    `  Cơ sở dữ liệu: ${database.driver === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
    `  Khởi động trong ${Math.round(performance.now() - started)} ms`,
  ];
  if (result.admin) {
    lines.push(
      `  Tài khoản quản trị: ${result.admin.username} / ${result.admin.password}` +
        (result.admin.generated ? '  (mật khẩu sinh ngẫu nhiên, chỉ hiện một lần)' : ''),
    );
  }
  if (result.demo) {
    lines.push(
      `  Tài khoản nhân viên mẫu (mật khẩu ${DEMO_PASSWORD}): ${DEMO_STAFF.map((s) => s.username).join(', ')}`,
    );
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  if (state.database) void stop(1, 'start-up failed');
  else process.exit(1);
});
