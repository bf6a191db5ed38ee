import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('answers health and ready when the database answers', async () => {
    expect((await t.call('GET', '/api/health')).json).toEqual({ status: 'ok' });
    const ready = await t.call('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.json.database).toBe(process.env.TEST_DB_DRIVER === 'pg' ? 'pg' : 'pglite');
  });

  it('answers an unknown API path with a Vietnamese 404', async () => {
    const res = await t.call('GET', '/api/khong-co');
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/Không tìm thấy/);
  });

  it('gives its plugins two minutes to start, not the default 10 s', () => {
    // Plugins register while the database opens and the demo showroom fills; on two busy cores a
    // journey's server died with "Plugin did not start in time: '@fastify/swagger-ui'".
    expect(t.app.initialConfig.pluginTimeout).toBe(120_000);
  });
});
