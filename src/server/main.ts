import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { type Database, openPglite, openPostgres } from './db/client';
import { DataDirLockedError } from './db/lock';
import { DEMO_PASSWORD, DEMO_STAFF } from './db/seed/demo-staff';
import { bootstrap } from './db/seed/bootstrap';
import { demoSeeders } from './db/seed/seeders';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function main() {
  const started = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(`Cấu hình không hợp lệ: ${err.message}`);
    throw err;
  }

  let database: Database;
  try {
    database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openPglite(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message);
    fail(`Không mở được cơ sở dữ liệu: ${(err as Error).message}`);
  }

  const { app, ctx, services } = await buildApp({ config, database });
  for (const note of database.notes) app.log.warn(note);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
    } finally {
      await database.close();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const result = await bootstrap(ctx, config, services, demoSeeders);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;

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
    lines.push(`  Tài khoản nhân viên mẫu (mật khẩu ${DEMO_PASSWORD}): ${DEMO_STAFF.map((s) => s.username).join(', ')}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
