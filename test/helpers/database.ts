import { createHash, randomBytes } from 'node:crypto';
import { existsSync, openAsBlob, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../../src/server/db/client';

/**
 * What a migrated empty database is made of: the migrations and the PGlite release. Two runs with the same
 * fingerprint start from the same copy; a new or edited migration makes a new one.
 */
function fingerprint(): string {
  const hash = createHash('sha256');
  hash.update(
    readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json')),
  );
  for (const dir of [MIGRATIONS_DIR, join(MIGRATIONS_DIR, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.sql') && !name.endsWith('.json')) continue;
      hash.update(name);
      hash.update(readFileSync(join(dir, name)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const FINGERPRINT = fingerprint();

/**
 * Server settings of a test file's in-memory database. PGlite's default 128 MB of shared buffers are
 * cleared at every start (0.4 s of a file's 1 s to open on this machine), while a test database holds a
 * few megabytes; a page pushed out of 16 MB is still in the in-memory file system. Full-page writes and
 * a synchronous commit guard against a crash, and a database in memory has nothing to recover.
 */
const TEST_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'full_page_writes=off',
  '-c',
  'synchronous_commit=off',
  '-c',
  'wal_level=minimal',
  '-c',
  'max_wal_senders=0',
];

/**
 * A migrated in-memory PGlite, dumped once per fingerprint into the temporary directory and loaded by
 * every later file (about 0.6 s instead of 1.5 to 5 s for a new cluster and its migrations). The file is
 * written under a unique name and renamed, so two workers creating it at once never read half of one.
 * Opening still runs the migrator, which finds every migration applied: the dump is checked, not trusted.
 * The dump is read as a file-backed Blob: a Blob built from a Buffer hands its 44 MB back to PGlite in
 * small chunks, 0.7 s a file on Node 24.
 */
async function openPgliteFromDump(): Promise<Database> {
  const file = join(tmpdir(), `showroom-test-pglite-${FINGERPRINT}.tar`);
  if (existsSync(file)) {
    return openPglite(null, { loadDataDir: await openAsBlob(file), startParams: TEST_START_PARAMS });
  }
  const database = await openPglite(null, { startParams: TEST_START_PARAMS });
  const dump = await database.pglite!.dumpDataDir('none');
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return database;
}

async function withServer<T>(serverUrl: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

// Any constant: workers creating the template at the same moment take turns.
const TEMPLATE_LOCK = 727_101;

/**
 * The migrated template database of this fingerprint on the PostgreSQL server, made once (under an
 * advisory lock, by whichever worker comes first) and copied by `create database … template`.
 */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const template = `t_template_${FINGERPRINT}`;
  await withServer(serverUrl, async (c) => {
    await c.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await c.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return;
      const building = `${template}_${randomBytes(3).toString('hex')}`;
      await c.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const migrated = await openPostgres(url.toString(), 1);
      await migrated.close();
      await c.query(`alter database ${building} rename to ${template}`);
    } finally {
      await c.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB_DRIVER=pg) a new
 * database on the TEST_DATABASE_URL server copied from the migrated template, dropped again on close.
 * A file run outside a database project (TEST_DB_DRIVER unset) fails here: a test that needs a database
 * must run once per driver, not in the database-free `unit` project.
 */
export async function openTestDatabase(): Promise<Database> {
  const driver = process.env.TEST_DB_DRIVER;
  if (driver === 'pglite') return openPgliteFromDump();
  if (driver !== 'pg') {
    throw new Error(
      'openTestDatabase: TEST_DB_DRIVER is not set; a test with a database belongs to the api projects',
    );
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_DRIVER=pg needs TEST_DATABASE_URL');
  const template = await ensureTemplate(serverUrl);
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withServer(serverUrl, (c) => c.query(`create database ${name} template ${template}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await withServer(serverUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
  return database;
}
