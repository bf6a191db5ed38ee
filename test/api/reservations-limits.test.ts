import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { visitor } from './reservations-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RESERVATION_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

describe('reservations from one address', () => {
  it('are limited per minute (RESERVATION_RATE_LIMIT) with a Vietnamese 429, counted before the body is read', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.call('POST', '/api/reservations', { body: visitor(999_999) });
      statuses.push(res.status);
      if (res.status === 429)
        expect(res.json.message).toBe('Bạn đặt cọc quá nhiều lần, vui lòng thử lại sau ít phút');
    }
    // Deposits are not open in this showroom: the first three are answered (409), the fourth is refused.
    expect(statuses).toEqual([409, 409, 409, 429]);
  });
});
