/**
 * npm run bench:advisor: the offline advisor's answer time over the question table (test/advisor/questions.ts)
 * with 10,000 generated cars in stock (scripts/generate-cars.ts), on embedded PGlite, through the real
 * cars service (no read cache) and the advisor's port, and the share of answers that met every property
 * (test/advisor/properties.ts). A benchmark that prints figures, not a test.
 *
 *   npm run bench:advisor                 # 10,000 cars, 5 timed rounds
 *   BENCH_CARS=2000 BENCH_ROUNDS=3 npm run bench:advisor
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateCars } from '../scripts/generate-cars';
import { CHAT_GREETING, type ChatMessage } from '../src/contract/chat';
import { DEFAULT_CAR_CALCULATIONS } from '../src/contract/web-config';
import { loadConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/client';
import { cars as carsTable } from '../src/server/db/schema';
import { CarsService } from '../src/server/modules/cars/service';
import { buildChatbot } from '../src/server/modules/chatbot';
import type { ReplyKind } from '../src/server/modules/chatbot/advisor/advisor';
import type { AdvisorCar } from '../src/server/modules/chatbot/inventory';
import { WebConfigService } from '../src/server/modules/web-config/service';
import { createStorage } from '../src/server/platform/storage';
import { FIXTURE_SHOWROOM } from '../test/advisor/inventory';
import { checkAnswer, type World } from '../test/advisor/properties';
import { QUESTIONS } from '../test/advisor/questions';

const N = Number(process.env.BENCH_CARS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)];
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-advisor-'));
  const database = await openPglite(null);
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'silent',
    });
    const storage = createStorage(config);
    const cars = new CarsService(database.db, storage);
    const webConfig = new WebConfigService(database.db);
    await webConfig.ensure(FIXTURE_SHOWROOM);

    const seedStart = performance.now();
    await generateCars(database.db, cars, storage, N);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const rows = await database.db.select().from(carsTable);
    const world: World = {
      cars: new Map(
        rows.map((r) => [r.id, { ...r, sellPrice: Number(r.sellPrice) } as unknown as AdvisorCar]),
      ),
      configTexts: [
        FIXTURE_SHOWROOM.showroomPhone,
        FIXTURE_SHOWROOM.openingHours,
        FIXTURE_SHOWROOM.showroomAddress,
      ],
      calculations: DEFAULT_CAR_CALCULATIONS,
      now: new Date(),
    };
    const onSale = rows.filter((r) => r.status === 'available').length;
    const log = { info() {}, warn() {} };
    const chatbot = buildChatbot({
      cars,
      db: database.db,
      webConfig,
      ai: { ...config.ai, provider: 'offline' },
      log,
    });
    const advisor = chatbot.offline;

    const times: number[] = [];
    const results: { q: string; kind: ReplyKind; failures: string[]; coreFailures: string[]; ms: number }[] =
      [];
    for (let round = 0; round <= ROUNDS; round++) {
      for (const row of QUESTIONS) {
        const history: ChatMessage[] = [{ role: 'model', content: CHAT_GREETING }];
        for (const before of row.before ?? []) {
          history.push({ role: 'user', content: before });
          history.push({ role: 'model', content: (await advisor.answer(history)).text });
        }
        history.push({ role: 'user', content: row.q });
        const started = performance.now();
        const reply = await advisor.answer(history);
        const ms = performance.now() - started;
        if (round === 0) {
          // Round 0 warms the code paths and checks the answers; later rounds are timed only.
          const constraints = reply.kind === 'search' || reply.kind === 'followup';
          const core = checkAnswer(history, reply.text, world, { constraints });
          const full = [
            ...checkAnswer(history, reply.text, world, {
              constraints,
              exact: row.exact,
              minCars: row.minCars,
              mentions: row.mentions,
            }),
            ...(row.kind.includes(reply.kind)
              ? []
              : [`answered as ${reply.kind}, expected ${row.kind.join('/')}`]),
          ];
          const coreFailures = [...core, ...(row.kind.includes(reply.kind) ? [] : [`kind ${reply.kind}`])];
          results.push({ q: row.q, kind: reply.kind, failures: full, coreFailures, ms });
        } else {
          times.push(ms);
        }
      }
    }
    times.sort((a, b) => a - b);
    const sound = results.filter((r) => r.coreFailures.length === 0).length;
    const full = results.filter((r) => r.failures.length === 0).length;
    const pct = (n: number) => `${((100 * n) / results.length).toFixed(1)}%`;

    console.log(
      `\nOffline advisor, ${N.toLocaleString('vi-VN')} cars (${onSale.toLocaleString('vi-VN')} on sale), PGlite, seeded in ${seedSeconds.toFixed(1)} s; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    console.log(`${QUESTIONS.length} questions × ${ROUNDS} timed rounds = ${times.length} answers`);
    console.log(
      `answer time: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times[times.length - 1].toFixed(1)} ms`,
    );
    console.log(
      `answers meeting every soundness property (cars exist and on sale, hard constraints, no unsourced number, kind): ${sound}/${results.length} (${pct(sound)})`,
    );
    console.log(
      `answers also meeting the table's fixture expectations (minimum cars, exact match, mentions): ${full}/${results.length} (${pct(full)})`,
    );
    const slow = [...results].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`slowest first answers: ${slow.map((r) => `«${r.q}» ${r.ms.toFixed(0)} ms`).join('; ')}`);
    for (const r of results.filter((x) => x.failures.length))
      console.log(`  - «${r.q}» [${r.kind}]: ${r.failures.join('; ')}`);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
