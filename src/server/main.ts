import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError } from './db/lock';
import { bootstrap } from './db/seed/bootstrap';
import { DEMO_PASSWORD, DEMO_STAFF } from './db/seed/demo-staff';
import { demoSeeders } from './db/seed/seeders';

/** How long in-flight requests may take to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 15_000;

type App = Awaited<ReturnType<typeof buildApp>>['app'];

const state: {
  database?: Database;
  app?: App;
  stopping?: Promise<void>;
  signal?: string;
  running?: boolean;
} = {};

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
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
        // A keep-alive connection whose request finishes after close() began would otherwise stay
        // open until its idle timeout: close each one as soon as it is idle.
        const reaper = setInterval(() => app.server.closeIdleConnections?.(), 50);
        try {
          await app.close();
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
    for (const note of database.notes) app.log.warn(note);
    result = await bootstrap(ctx, config, services, demoSeeders);
    if (state.signal) return stop(0, state.signal);
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    port = typeof address === 'object' && address ? address.port : config.port;
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
