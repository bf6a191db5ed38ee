import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';

/**
 * A new embedded database starts from a migrated empty one shipped with the code (a PGlite data
 * directory dump, Brotli-compressed, about 1.5 MB) instead of initialising a cluster and running every
 * migration: in WebAssembly, `initdb` and the migrations take most of a first start's database work
 * (several seconds), loading the dump a fraction of it. The migrator still runs after loading: a
 * migration added since the dump was made is applied then, so a template that is behind costs time,
 * never correctness. A template made by another PGlite release, or from a migration edited since, is
 * not used at all (the database is initialised as before). `npm run db:template` makes it again;
 * test/unit/pglite-template.test.ts fails while it is not usable.
 */

const HERE = dirname(fileURLToPath(import.meta.url));
/** Beside this module: src/server/db in the sources, dist/server once built (scripts/build/server.mjs). */
export const TEMPLATE_FILE = join(HERE, 'pglite-template.tar.br');
export const TEMPLATE_MANIFEST = join(HERE, 'pglite-template.json');

export interface TemplateManifest {
  /** The PGlite release that wrote it: another one may not read its files. */
  pglite: string;
  /** Each migration it holds, by tag, with the SHA-256 of its SQL. */
  migrations: Record<string, string>;
}

export function installedPgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
}

/** The migrations there are now (drizzle's journal), with the hash of each. */
export function currentMigrations(migrationsDir: string): Record<string, string> {
  const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return Object.fromEntries(
    journal.entries.map((e) => [
      e.tag,
      createHash('sha256')
        .update(readFileSync(join(migrationsDir, `${e.tag}.sql`)))
        .digest('hex'),
    ]),
  );
}

/** Why the shipped template cannot be used, or null when it can. */
export function templateProblem(migrationsDir: string): string | null {
  if (!existsSync(TEMPLATE_FILE) || !existsSync(TEMPLATE_MANIFEST)) return 'no template';
  const manifest = JSON.parse(readFileSync(TEMPLATE_MANIFEST, 'utf8')) as TemplateManifest;
  const installed = installedPgliteVersion();
  if (manifest.pglite !== installed) return `made by PGlite ${manifest.pglite}, installed ${installed}`;
  const now = currentMigrations(migrationsDir);
  for (const [tag, hash] of Object.entries(manifest.migrations)) {
    if (now[tag] !== hash) return `migration ${tag} changed or removed since the template was made`;
  }
  return null;
}

/**
 * Writes the template's files into `dir` (an empty directory), as PGlite's `loadDataDir` would before
 * opening them: a new data folder is then opened once, not loaded through PGlite's in-memory file system,
 * closed and opened again (4 s of CPU less for a start without demo data, docs/performance.md). False
 * when the template cannot be used.
 */
export async function extractTemplate(
  migrationsDir: string,
  dir: string,
  file = TEMPLATE_FILE,
): Promise<boolean> {
  if (templateProblem(migrationsDir)) return false;
  // Only a first start needs it: a restart does not load the archive reader (35 ms).
  const { UnpackSync } = await import('tar');
  // The dump's paths start at the data folder's root ("/base/1/1259"): relative to `dir`, owned by
  // whoever runs the server (not the uid in the dump), with the dump's modes.
  // Stripping the leading "/" is the one notice expected; anything else means a damaged file.
  const problems: string[] = [];
  let archive: Buffer;
  try {
    archive = brotliDecompressSync(readFileSync(file));
  } catch (err) {
    throw new Error(`mẫu cơ sở dữ liệu bị hỏng (${(err as Error).message})`);
  }
  // In one go, without setting each file's modification time (PostgreSQL never reads it): the 1,300
  // files are written in a fifth of the time the streamed, time-stamped extraction took (docs/performance.md).
  new UnpackSync({
    cwd: dir,
    preserveOwner: false,
    noMtime: true,
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO') problems.push(`${code}: ${message}`);
    },
  }).end(archive);
  if (problems.length) throw new Error(`mẫu cơ sở dữ liệu bị hỏng (${problems[0]})`);
  return true;
}

/** Writes the template from the dump of a database just migrated (scripts/pglite-template.ts). */
export function writeTemplate(dump: Uint8Array, migrationsDir: string): { bytes: number } {
  const packed = brotliCompressSync(dump, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: dump.length,
    },
  });
  writeFileSync(TEMPLATE_FILE, packed);
  const manifest: TemplateManifest = {
    pglite: installedPgliteVersion(),
    migrations: currentMigrations(migrationsDir),
  };
  writeFileSync(TEMPLATE_MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  return { bytes: packed.length };
}
