// `npm start`: builds what changed since the last build (scripts/build, stamps) and starts the server
// (dist/server/main.js). The server is built first (about a second); the web app, when it must be built,
// builds in its own process while the server opens the database and fills the demo showroom, which
// need only the server. The server listens once both are done (src/server/main.ts), so the first answer
// is a whole site.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isFresh, ROOT } from './build/stamp.mjs';

function buildWeb() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/build/index.mjs'), '--if-stale', 'web'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    // The server's start is the longer of the two: the build, at a lower priority, takes the cores the
    // server leaves idle and still ends first. Its Vite processes inherit the priority.
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Not allowed here: the build competes as an equal, which only costs time.
    }
    // A server that stops (a failure, a signal) takes the build with it.
    process.on('exit', () => child.exitCode === null && child.kill());
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`npm run build: ${signal ?? `exit ${code}`}`)),
    );
  });
}

const web = isFresh('web') ? null : buildWeb();
// Awaited by the server before it listens; a failure is reported there, once.
web?.catch(() => {});
try {
  // A restart with nothing to build does not load the bundlers.
  if (isFresh('server')) console.log('server: up to date with its sources, not rebuilt');
  else await (await import('./build/parts.mjs')).build('server');
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
if (web) globalThis[Symbol.for('showroom.webBuild')] = web;
else console.log('web: up to date with its sources, not rebuilt');
await import(pathToFileURL(join(ROOT, 'dist/server/main.js')).href);
