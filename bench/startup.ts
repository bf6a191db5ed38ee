// Start-up figures of the real server on the embedded database: from spawning
// `node --import tsx src/server/main.ts` to the first 200 of GET /api/ready.
//   cold: an empty DATA_DIR (creates the database, migrates, creates the admin)
//   warm: the same DATA_DIR again
// Usage: node_modules/.bin/node --import tsx bench/startup.ts [rounds=3]
import { rmSync } from 'node:fs';
import { startServer, stopServer, tempDataDir } from '../test/db/server-process';

const rounds = Number(process.argv[2] ?? 3);
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < rounds; i++) {
  const dir = tempDataDir();
  try {
    const first = await startServer(dir);
    cold.push(first.readyAfterMs!);
    await stopServer(first);
    const second = await startServer(dir);
    warm.push(second.readyAfterMs!);
    await stopServer(second);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `cold start (empty DATA_DIR -> first 200 on /api/ready): median ${median(cold)} ms, runs ${cold.join(', ')}`,
);
console.log(
  `warm start (same DATA_DIR -> first 200 on /api/ready): median ${median(warm)} ms, runs ${warm.join(', ')}`,
);
