import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

const TOKEN = 'scraper-token-0123456789';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
  off = await startTestApp();
});
afterAll(async () => {
  await t?.close();
  await off?.close();
});

/** The value of one sample line, e.g. sample(text, 'http_requests_total{method="GET",…}'). */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${prefix} `));
  return line === undefined ? undefined : Number(line.slice(prefix.length + 1));
}

describe('GET /api/metrics', () => {
  it('is switched off (404) when METRICS_TOKEN is not set', async () => {
    const res = await off.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/Không tìm thấy/);
  });

  it('refuses a missing or wrong token and a staff token with a Vietnamese 401', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${t.adminToken}`]) {
      const res = await t.call('GET', '/api/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.json.message).toMatch(/METRICS_TOKEN/);
      expect(res.body).not.toMatch(/http_requests_total/);
    }
  });

  it('counts requests by route pattern and status in Prometheus text format', async () => {
    const scrape = async () => {
      const res = await t.call('GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };
    const car = 'http_requests_total{method="GET",route="/api/cars/:id",status="404"}';
    const before = sample(await scrape(), car) ?? 0;
    for (const id of [999001, 999002, 999003])
      expect((await t.call('GET', `/api/cars/${id}`)).status).toBe(404);
    const text = await scrape();

    // Three different addresses, one label set: the pattern, never the raw URL.
    expect(sample(text, car)).toBe(before + 3);
    expect(text).not.toMatch(/999001/);
    const count = sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/cars/:id"}');
    const inf = sample(
      text,
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/cars/:id"}',
    );
    expect(count).toBeGreaterThanOrEqual(3);
    expect(inf).toBe(count);
    // The refused scrapes of the test above are counted too, under their own status.
    expect(sample(text, 'http_requests_total{method="GET",route="/api/metrics",status="401"}')).toBe(3);

    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'http_requests_in_flight')).toBe(1);
    const driver = process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite';
    expect(sample(text, `showroom_database_up{driver="${driver}"}`)).toBe(1);
    // Every sample line is `name{labels} number` or `name number` (blank lines part families).
    for (const line of text.trim().split('\n')) {
      if (line && !line.startsWith('#'))
        expect(line).toMatch(/^[a-z_][a-z0-9_]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|Nan|[+-]Inf)$/i);
    }
  });
});
