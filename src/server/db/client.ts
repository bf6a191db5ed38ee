import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { markDatabaseError } from '../platform/errors';
import { acquireDirLock, type DirLock, INIT_DIR_SUFFIX, repairPgliteDir } from './lock';
import * as schema from './schema';
import { extractTemplate } from './template';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: the same query surface as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The underlying client, for LISTEN/NOTIFY and raw health checks. */
  pglite?: PGlite;
  pool?: pg.Pool;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Notes from opening (repairs made), for the start-up log. */
  notes: string[];
  /** How a new embedded database was made: from the shipped template, or by initdb (absent: not new). */
  created?: 'template' | 'initdb';
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Time limits of the PostgreSQL pool. A request must fail fast with a 503 rather than hang while
 * the database restarts or is unreachable (docs/reliability.md, "PostgreSQL restarted under load").
 */
export const PG_TIMEOUTS = {
  /** Opening a connection (the server is down, or unreachable without a refusal). */
  connectMs: 5_000,
  /** One statement, enforced by the server (`statement_timeout`); migrations run without it. */
  statementMs: 30_000,
  /** The same on our side, for a server that stopped answering without closing the connection. */
  queryMs: 35_000,
  /** A transaction left open without a statement (a bug) loses its connection and its locks. */
  idleInTransactionMs: 60_000,
};

type Released = pg.PoolClient & { [RELEASED]?: boolean };
const RELEASED = Symbol('released');

/**
 * A pool whose connections never take the process down and are never lost to a dead connection.
 *
 * node-postgres emits 'error' on a client whose connection dies (PostgreSQL restarted: 57P01, then
 * "Connection terminated unexpectedly"). The pool listens only while a client is idle; a client
 * checked out by a transaction has no listener, and an unhandled 'error' is an uncaughtException
 * that stops main.ts. Every client gets a listener of its own when it is created. A client checked
 * out with connect() (Drizzle's transactions) goes back to the pool, and out of it, as soon as its
 * connection dies: Drizzle does not release a client whose `begin` failed, which would otherwise
 * leak one pool slot per restart until the pool is empty. Its later release() is then a no-op.
 * Errors of opening a connection are marked as coming from the database (platform/errors.ts maps
 * them to 503, while an ECONNREFUSED from S3 or SMTP stays a 500).
 */
class ResilientPool extends pg.Pool {
  constructor(config: pg.PoolConfig) {
    super(config);
    // A dropped idle connection: the pool removes it and opens a new one on demand.
    this.on('error', () => {});
    this.on('connect', (client) => {
      client.on('error', () => {});
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (
      err: Error | undefined,
      client: pg.PoolClient | undefined,
      done: (release?: unknown) => void,
    ) => void,
  ): void;
  // biome-ignore lint/suspicious/noExplicitAny: both signatures of pg.Pool#connect
  override connect(callback?: any): any {
    if (callback) {
      // pool.query() takes this path and handles a dying connection itself.
      return super.connect((err, client, done) => callback(err && markDatabaseError(err), client, done));
    }
    return super.connect().then(
      (client) => guardCheckedOut(client),
      (err: Error) => {
        throw markDatabaseError(err);
      },
    );
  }
}

function guardCheckedOut(client: Released): pg.PoolClient {
  const release = client.release.bind(client);
  client[RELEASED] = false;
  const onError = (err: Error) => {
    if (client[RELEASED]) return;
    client[RELEASED] = true;
    client.removeListener('error', onError);
    release(err);
  };
  client.on('error', onError);
  client.release = (err?: Error | boolean) => {
    if (client[RELEASED]) return;
    client[RELEASED] = true;
    client.removeListener('error', onError);
    release(err);
  };
  return client;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new ResilientPool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: PG_TIMEOUTS.connectMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: PG_TIMEOUTS.statementMs,
    query_timeout: PG_TIMEOUTS.queryMs,
    idle_in_transaction_session_timeout: PG_TIMEOUTS.idleInTransactionMs,
    keepAlive: true,
    application_name: 'showroom',
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migrateSerialised(url);
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  return {
    db,
    driver: 'pg',
    pool,
    notes: [],
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
  };
}

// Any constant shared by every instance: several servers starting together on one database migrate one at a time.
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Migrations on a connection of their own that holds the advisory lock, without the pool's time
 * limits (a migration on a large table may take longer than any request should).
 */
async function migrateSerialised(url: string) {
  const client = new pg.Client({
    connectionString: url,
    keepAlive: true,
    application_name: 'showroom-migrate',
  });
  client.on('error', () => {});
  await client.connect().catch((err: Error) => {
    throw markDatabaseError(err);
  });
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }) as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * A new embedded database is initialised beside its final place and renamed into it once PGlite
 * has finished and closed it: a first start cut short at any moment leaves either no pgdata or a
 * complete one (PGlite writes PG_VERSION before its configuration files, so a kill in between
 * would otherwise leave a directory that looks complete and aborts every open).
 */
async function createPgliteDir(pgdata: string): Promise<'template' | 'initdb'> {
  const initDir = `${pgdata}${INIT_DIR_SUFFIX}`;
  rmSync(initDir, { recursive: true, force: true });
  mkdirSync(initDir, { recursive: true });
  // The migrated empty database shipped with the code when it fits (db/template.ts), else initdb.
  const fromTemplate = await extractTemplate(MIGRATIONS_DIR, initDir);
  if (!fromTemplate) await (await PGlite.create(initDir)).close();
  renameSync(initDir, pgdata);
  return fromTemplate ? 'template' : 'initdb';
}

/**
 * Embedded PGlite in dataDir/pgdata (or in memory when dataDir is null), locked against a second process.
 * An in-memory database may start from `loadDataDir`, a dump of one already migrated (the test suites:
 * loading a dump takes a fifth of the time of initialising and migrating a new cluster), and with its own
 * server settings (`startParams`).
 */
export async function openPglite(
  dataDir: string | null,
  opts: Pick<PGliteOptions, 'loadDataDir' | 'startParams'> = {},
): Promise<Database> {
  let lock: DirLock | undefined;
  const notes: string[] = [];
  let client: PGlite;
  let created: Database['created'];
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(dataDir);
    try {
      const pgdata = join(dataDir, 'pgdata');
      notes.push(...repairPgliteDir(pgdata));
      if (!existsSync(pgdata)) created = await createPgliteDir(pgdata);
      client = await PGlite.create(pgdata).catch((err: Error) => {
        throw new Error(
          `PGlite không mở được ${pgdata} (${err.message}). Thư mục có thể đã hỏng: ` +
            'khôi phục từ bản sao lưu, hoặc chuyển nó sang chỗ khác để tạo cơ sở dữ liệu mới.',
          { cause: err },
        );
      });
    } catch (err) {
      lock.release();
      throw err;
    }
  } else {
    client = await PGlite.create(opts);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close().catch(() => {});
    lock?.release();
    throw err;
  }
  let closed = false;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    notes,
    created,
    async ping() {
      await client.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
