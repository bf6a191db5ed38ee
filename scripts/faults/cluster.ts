/**
 * A private PostgreSQL cluster for fault injection: initdb into a temp directory, pg_ctl on a free
 * port with its socket in that directory. Restarting or stopping it touches nothing else on the
 * machine (never the system PostgreSQL other sessions use).
 *
 * As root, initdb and pg_ctl refuse to run: they are run as the `postgres` OS user (runuser), and
 * the directory is handed to that user first.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class ClusterUnavailableError extends Error {}

/** The directory holding initdb and pg_ctl: PG_BIN, pg_config --bindir, /usr/lib/postgresql/<newest>/bin, PATH. */
export function findPgBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  try {
    candidates.push(
      execFileSync('pg_config', ['--bindir'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
  } catch {
    // No pg_config on PATH.
  }
  try {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  } catch {
    // Not a Debian layout.
  }
  for (const p of (process.env.PATH ?? '').split(':')) if (p) candidates.push(p);
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')));
  if (!found) {
    throw new ClusterUnavailableError(
      'initdb/pg_ctl not found (looked in PG_BIN, pg_config --bindir, /usr/lib/postgresql/*/bin, PATH): ' +
        'install the PostgreSQL server binaries (apt-get install postgresql) or set PG_BIN',
    );
  }
  return found;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = net.createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => ok(port));
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

/** Clusters still running, stopped synchronously if this process exits without destroying them. */
const live = new Map<string, () => void>();
let exitHookInstalled = false;
function stopOnExit(dir: string, stop: () => void) {
  live.set(dir, stop);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const halt of live.values()) halt();
  });
}

export interface PrivateCluster {
  dir: string;
  port: number;
  url: string;
  /** `pg_ctl restart -m fast`. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediate) and removes its directory; safe to call twice. */
  destroy(): Promise<void>;
  /** The server's log (pg_ctl -l). */
  log(): string;
}

/** initdb + start. Throws ClusterUnavailableError when the binaries are missing. */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = findPgBin();
  const dir = mkdtempSync(join(tmpdir(), 'showroom-pgfault-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asPostgres = isRoot();
  if (asPostgres) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  // Asynchronous on purpose: the caller's traffic keeps running (and is timed) while pg_ctl works.
  const run = (tool: string, args: string[]) =>
    new Promise<string>((ok, fail) => {
      const cmd = asPostgres ? 'runuser' : join(bin, tool);
      const argv = asPostgres ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
      execFile(cmd, argv, { encoding: 'utf8', cwd: dir }, (err, stdout, stderr) => {
        if (err) fail(new Error(`${tool} ${args.join(' ')} failed: ${stderr || stdout || err.message}`));
        else ok(stdout);
      });
    });

  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=on',
    '-c max_connections=50',
    '-c shared_buffers=32MB',
  ].join(' ');
  const ctl = (action: string, extra: string[] = []) =>
    run('pg_ctl', ['-D', data, '-l', logFile, '-o', options, '-w', '-t', '60', ...extra, action]);

  await ctl('start');
  stopOnExit(dir, () => {
    const pgCtl = join(bin, 'pg_ctl');
    const argv = ['-D', data, '-m', 'immediate', '-w', 'stop'];
    try {
      if (asPostgres) execFileSync('runuser', ['-u', 'postgres', '--', pgCtl, ...argv], { stdio: 'ignore' });
      else execFileSync(pgCtl, argv, { stdio: 'ignore' });
    } catch {
      // Not running.
    }
    rmSync(dir, { recursive: true, force: true });
  });
  let gone = false;
  const cluster: PrivateCluster = {
    dir,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await ctl('restart', ['-m', 'fast']);
    },
    async stop() {
      await ctl('stop', ['-m', 'fast']);
    },
    async start() {
      await ctl('start');
    },
    async destroy() {
      if (gone) return;
      gone = true;
      live.delete(dir);
      try {
        await run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
    log() {
      try {
        return readFileSync(logFile, 'utf8');
      } catch {
        return '';
      }
    },
  };
  return cluster;
}
