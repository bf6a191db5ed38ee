import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { newPurchase, offer } from './purchases-fixtures';

const DAY = 86_400_000;

// Nine days ago at noon in Vietnam: whole days of moving the clock land on calendar days, and never pass
// the real time that tokens are signed with.
const noonToday = Date.parse(`${new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10)}T05:00:00Z`);
const clock = new ManualClock(new Date(noonToday - 9 * DAY));
let t: TestApp;
let service: { username: string; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  service = await t.createStaff(['MANAGE_SERVICE']);
});
afterAll(() => t.close());

describe('an offer\u2019s validity', () => {
  it('holds through its last day and shows as expired from the next', async () => {
    const id = await newPurchase(t, service.token);
    const res = await offer(t, service.token, id, { amount: 350_000_000 });
    expect(res.json.purchase.offer.expired).toBe(false);

    const offerOf = async () => {
      // Days pass: the session has gone idle, so sign in again.
      service.token = await t.login(service.username, STAFF_PASSWORD);
      const d = await t.call('GET', `/api/purchases/admin/${id}`, { token: service.token });
      const l = await t.call('GET', '/api/purchases/admin', {
        token: service.token,
        query: { search: d.json.reference },
      });
      expect(l.status, l.body).toBe(200);
      expect(l.json.content[0].purchase.offer.expired).toBe(d.json.purchase.offer.expired);
      return d.json.purchase.offer;
    };
    clock.advance(7 * DAY);
    expect((await offerOf()).expired).toBe(false);
    clock.advance(DAY);
    const late = await offerOf();
    expect(late.expired).toBe(true);
    expect(late.amount).toBe(350_000_000);

    // A new offer starts a new week.
    service.token = await t.login(service.username, STAFF_PASSWORD);
    const renewed = await offer(t, service.token, id, { amount: 340_000_000 });
    expect(renewed.json.purchase.offer.expired).toBe(false);
  });
});
