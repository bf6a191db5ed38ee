import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerLoadShedding } from '../../src/server/platform/pressure';

// The page renderer sends pages unrendered while the server is busy. Start-up (opening the embedded
// database, hashing the first password) holds the event loop before anyone visits: the first visitor's
// page must not be counted against those samples.

function holdLoop(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Synchronous work, as opening PGlite is.
  }
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

describe('busy, as the page renderer reads it', () => {
  it('is not set by the start-up samples, and is set by load after them', async () => {
    const app = Fastify();
    apps.push(app);
    const { busy } = await registerLoadShedding(app, 0);
    holdLoop(1_500);
    await app.ready();
    // A sample taken after the hold saw the loop busy: under-pressure says so, the renderer does not.
    const seen = performance.now();
    while (!app.isUnderPressure()) {
      if (performance.now() - seen > 3_000) throw new Error('the start-up sample never showed');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(busy()).toBe(false);

    // After two samples the renderer counts load again: a loop held for seconds makes it busy.
    await new Promise((r) => setTimeout(r, 2_100));
    const held = performance.now();
    while (!busy()) {
      if (performance.now() - held > 10_000) throw new Error('busy never showed');
      holdLoop(300);
      await new Promise((r) => setTimeout(r, 1));
    }
    expect(app.isUnderPressure()).toBe(true);
  }, 20_000);
});
