import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

// Load shedding (platform/pressure.ts, @fastify/under-pressure): past OVERLOAD_DELAY_MS of mean
// event-loop delay the server refuses work with a Vietnamese 503 and Retry-After, keeps answering its
// liveness probe, and takes requests again once the loop has caught up. The loop is held here by the
// test itself: half-second blocks of synchronous work.
const THRESHOLD_MS = 200;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OVERLOAD_DELAY_MS: String(THRESHOLD_MS) });
});
afterAll(async () => {
  await t?.close();
});

function holdLoop(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Synchronous work, as a slow query in the embedded database or a large render would be.
  }
}

const pressure = () => (t.app as unknown as { memoryUsage(): { eventLoopDelay: number } }).memoryUsage();

describe('load shedding', () => {
  it('refuses with a Vietnamese 503 while the event loop lags, keeps /api/health, then recovers', async () => {
    expect((await t.call('GET', '/api/web-configuration')).status).toBe(200);

    // Refusing is armed two one-second samples after the server is ready (start-up is not load).
    await new Promise((r) => setTimeout(r, 2_100));
    const started = performance.now();
    while (pressure().eventLoopDelay <= THRESHOLD_MS) {
      if (performance.now() - started > 20_000) throw new Error('the delay never showed');
      holdLoop(500);
      await new Promise((r) => setTimeout(r, 1));
    }
    const refused = await t.call('GET', '/api/web-configuration');
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({ status: 503, message: expect.stringMatching(/quá tải/) });
    expect(refused.headers['retry-after']).toBe('10');
    expect((await t.call('GET', '/api/health')).status).toBe(200);

    // The next one-second samples find an idle loop: requests are answered again.
    const calm = performance.now();
    while (pressure().eventLoopDelay > THRESHOLD_MS) {
      if (performance.now() - calm > 20_000) throw new Error('still refusing');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await t.call('GET', '/api/web-configuration')).status).toBe(200);
  }, 60_000);
});
