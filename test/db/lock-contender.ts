// Started by test/db/lock.test.ts: tries to take DATA_DIR's lock, says how it went, and keeps the
// lock until its stdin closes.
import { acquireDirLock, DataDirLockedError } from '../../src/server/db/lock';

const dir = process.argv[2];
try {
  const lock = acquireDirLock(dir);
  process.stdout.write('got\n');
  process.stdin.resume();
  process.stdin.on('end', () => {
    lock.release();
    process.exit(0);
  });
} catch (err) {
  process.stdout.write(err instanceof DataDirLockedError ? `locked ${err.holderPid}\n` : `error ${err}\n`);
  process.exit(0);
}
