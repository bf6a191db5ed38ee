import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDirLock, type DirLock, INIT_DIR_SUFFIX, repairPgliteDir } from './lock';
import * as schema from './schema';

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
}

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection (database restart) must not crash the process: the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  try {
    await migrateSerialised(pool, db);
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

async function migrateSerialised(pool: pg.Pool, db: Db) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    }
  } finally {
    client.release();
  }
}

/**
 * A new embedded database is initialised beside its final place and renamed into it once PGlite
 * has finished and closed it: a first start cut short at any moment leaves either no pgdata or a
 * complete one (PGlite writes PG_VERSION before its configuration files, so a kill in between
 * would otherwise leave a directory that looks complete and aborts every open).
 */
async function createPgliteDir(pgdata: string) {
  const initDir = `${pgdata}${INIT_DIR_SUFFIX}`;
  rmSync(initDir, { recursive: true, force: true });
  const fresh = await PGlite.create(initDir);
  await fresh.close();
  renameSync(initDir, pgdata);
}

/** Embedded PGlite in dataDir/pgdata (or in memory when dataDir is null), locked against a second process. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  let lock: DirLock | undefined;
  const notes: string[] = [];
  let client: PGlite;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirLock(dataDir);
    try {
      const pgdata = join(dataDir, 'pgdata');
      notes.push(...repairPgliteDir(pgdata));
      if (!existsSync(pgdata)) await createPgliteDir(pgdata);
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
    client = await PGlite.create();
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
