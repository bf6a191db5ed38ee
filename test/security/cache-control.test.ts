import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asIp, createCar, freshIp, testDriveBody } from '../api/leads-fixtures';
import { startTestApp, type TestApp } from '../helpers/app';

/**
 * `Cache-Control: no-store` on every private answer, so no browser cache, shared computer or proxy keeps
 * it: anything answered to a signed-in caller, anything a visitor sends (its receipt carries a manage
 * link), and every answer and page reached with a secret link (a booking, a reservation, e-mail alerts),
 * errors included. What anyone may see (car lists, the public pages, static files) keeps its caching.
 */
let t: TestApp;
let carId: number;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
});
afterAll(() => t.close());

const cacheOf = async (url: string, opts: Parameters<TestApp['call']>[2] = {}, method = 'GET') =>
  (await t.call(method as never, url, opts)).headers['cache-control'];

describe('Cache-Control on answers reached with a secret link', () => {
  it('a booking behind its link: the receipt, the booking, a move, errors, the page', async () => {
    const booked = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { email: 'khach.cache@example.com' }),
      headers: asIp(freshIp()),
    });
    expect(booked.status).toBe(201);
    expect(booked.headers['cache-control']).toBe('no-store');
    const token = String(booked.json.manageUrl).split('/lich-hen/')[1];
    const view = await t.call('GET', `/api/bookings/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(await cacheOf(`/api/bookings/${token}x`)).toBe('no-store');
    expect(await cacheOf(`/api/bookings/${token}/schedule`, { body: {} }, 'PUT')).toBe('no-store');
    expect(await cacheOf(`/lich-hen/${token}`)).toBe('no-store');
  });

  it('reservation, alert and reset links: their answers, their errors, their pages', async () => {
    for (const url of [
      '/api/reservations/DCABCDEF?token=khong-dung-token-nao',
      '/api/reservations/DCABCDEF',
      '/api/alerts/manage?token=m.khong-dung',
      '/api/alerts/unsubscribe?token=khong-dung',
      '/reservations/DCABCDEF?token=khong-dung-token-nao',
      '/alerts/manage?token=m.khong-dung',
      '/alerts/unsubscribe?token=khong-dung',
      '/reset-password',
    ])
      expect(await cacheOf(url), url).toBe('no-store');
    expect(await cacheOf('/api/alerts/confirm', { body: { token: 'khong-dung' } }, 'POST')).toBe('no-store');
  });

  it('what anyone may see keeps its caching', async () => {
    expect(await cacheOf('/api/cars')).not.toBe('no-store');
    expect(await cacheOf(`/api/cars/${carId}`)).not.toBe('no-store');
    expect(await cacheOf('/api/web-configuration')).not.toBe('no-store');
    expect(await cacheOf('/cars')).toBe('no-cache');
    expect(await cacheOf('/robots.txt')).toBe('public, max-age=3600');
  });
});
