import { performance } from 'node:perf_hooks';
import closeWithGrace from 'close-with-grace';
import type { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError } from './db/lock';
import { registerDrain } from './platform/drain';

/**
 * The web app's build when `npm start` (scripts/start.mjs) runs it beside the server's start: the
 * database opens and the demo showroom fills meanwhile, and the server listens only once it is built.
 */
const WEB_BUILD = Symbol.for('showroom.webBuild');

/** How long in-flight requests may take to finish after SIGTERM before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 15_000;

type App = Awaited<ReturnType<typeof buildApp>>['app'];

/** A start-up failure whose message says it all (no stack trace). */
class StartError extends Error {}

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

/** Why listen() failed, in the words of the variable to change. */
function listenError(err: unknown, config: Config): string | null {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return `Cổng ${config.port} đang được dùng: đặt PORT khác hoặc dừng tiến trình kia`;
  if (code === 'EADDRNOTAVAIL') return `HOST="${config.host}" không phải địa chỉ của máy này`;
  if (code === 'EACCES') return `Không được phép mở cổng ${config.port} (PORT)`;
  return null;
}

async function main() {
  const started = performance.now();
  // Everything the server creates (the embedded database, uploads, CVs, the outbox with live reset
  // codes, secrets) is readable by its owner only, whatever the shell's umask.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Cấu hình không hợp lệ: ${err.message}`);
    throw err;
  }

  // The application's modules load while the database opens: each takes about a second, and most of
  // opening PGlite (compiling its WebAssembly) happens off the main thread.
  const modules = Promise.all([
    import('./app'),
    import('./db/seed/bootstrap'),
    import('./db/seed/seeders'),
    import('./db/seed/demo-staff'),
  ]);
  modules.catch(() => {}); // awaited below; a failure is reported there

  const open: { database?: Database; app?: App } = {};
  let startup: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const closing = () => stopping;

  // SIGTERM and SIGINT (and a crash) close what is open, the server first so in-flight requests finish
  // (platform/drain.ts), then the database, so the embedded one is left clean. A signal during start-up
  // waits for the step under way (opening the database, migrations, the first admin), then start-up
  // stops. A second signal, or the grace period running out, ends the process at once.
  const closer = closeWithGrace(
    {
      delay: SHUTDOWN_GRACE_MS,
      logger: { error: (m: unknown) => console.error(m) },
      onTimeout: () => console.error(`✖ Quá ${SHUTDOWN_GRACE_MS / 1000} giây mà chưa dừng xong: buộc thoát`),
    },
    async ({ signal, err }) => {
      stopping = true;
      if (err) console.error(err);
      await startup.catch(() => {});
      if (open.app) {
        open.app.log.info({ reason: signal ?? 'error' }, 'shutting down: finishing in-flight requests');
        await open.app.close();
      }
      await open.database?.close();
    },
  );

  /** A start-up that cannot go on: close what opened, exit 1. */
  async function abort(message: string | null, err?: unknown): Promise<never> {
    closer.uninstall();
    if (message) console.error(`\n✖ ${message}\n`);
    else if (err) console.error(err);
    try {
      await open.app?.close();
      await open.database?.close();
    } finally {
      process.exit(1);
    }
  }

  let port = config.port;
  let result: Awaited<ReturnType<Awaited<typeof modules>[1]['bootstrap']>> | undefined;
  startup = (async () => {
    try {
      open.database = config.databaseUrl
        ? await openPostgres(config.databaseUrl)
        : await openPglite(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      fail(
        `Không mở được cơ sở dữ liệu${config.databaseUrl ? ' (DATABASE_URL)' : ''}: ${(err as Error).message}`,
      );
    }
    if (closing()) return;
    const [{ buildApp }, { bootstrap }, { demoSeeders }] = await modules;
    const webBuild = (globalThis as { [WEB_BUILD]?: Promise<void> })[WEB_BUILD];
    const { app, ctx, services, web } = await buildApp({
      config,
      database: open.database,
      deferWeb: Boolean(webBuild),
    });
    open.app = app;
    registerDrain(app);
    for (const note of open.database.notes) app.log.warn(note);
    result = await bootstrap(ctx, config, services, demoSeeders);
    if (webBuild) {
      await webBuild.catch((err: Error) => {
        throw new StartError(`Không dựng được giao diện web: ${err.message}`);
      });
      await web();
    }
    if (closing()) return;
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    if (typeof address === 'object' && address) port = address.port;
  })();
  try {
    await startup;
  } catch (err) {
    if (closing()) return;
    return abort(err instanceof StartError ? err.message : listenError(err, config), err);
  }
  if (closing() || !open.database || !result) return;

  const { DEMO_PASSWORD, DEMO_STAFF } = (await modules)[3];
  const lines = [
    '',
    `  Showroom đang chạy tại http://localhost:${port}`,
    `  Cơ sở dữ liệu: ${open.database.driver === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`,
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
  process.exit(1);
});
