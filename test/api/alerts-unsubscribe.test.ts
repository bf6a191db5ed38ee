import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES } from '../../src/contract/alerts';
import { alertSubscriptions } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  addCar,
  confirmedSearch,
  confirmedWatch,
  mailsTo,
  mailTo,
  saveSearch,
  tokenIn,
  watchPrice,
} from './alerts-fixtures';

/** Confirming, unsubscribing (RFC 8058 one-click, the landing page's GET), the manage page, the clean-up. */

const SITE = 'https://autoviet.example';
const DAY = 86_400_000;
const clock = new ManualClock();
let t: TestApp;
let staff: { token: string };
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on', PUBLIC_URL: SITE }, { clock });
  staff = await t.createStaff(['MANAGE_CAR']);
  carId = await addCar(t, staff.token, {
    carName: 'Ford Ranger Wildtrak',
    brand: 'Ford',
    bodyType: 'PICKUP',
  });
});
afterAll(() => t.close());

const status = async (id: number) =>
  (await t.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)))[0]?.status;

/** The one-click address of a mail's List-Unsubscribe field (the https one, not the mailto). */
function oneClickUrl(header: string | undefined): string {
  const m = /<(https:\/\/[^>]+)>/.exec(header ?? '');
  if (!m) throw new Error(`no https List-Unsubscribe in ${header}`);
  return m[1].slice(SITE.length);
}

describe('confirming', () => {
  it('starts the subscription once; again is the same answer; an ended one is refused (409)', async () => {
    const res = await saveSearch(t, 'xac.nhan@example.com', { brand: 'Ford' });
    const id = res.json.subscription.subscriptionId;
    const token = tokenIn((await mailTo(t, 'xac.nhan@example.com')).text, '/alerts/confirm');
    const first = await t.call('POST', '/api/alerts/confirm', { body: { token } });
    expect(first.status, first.body).toBe(200);
    expect(first.json.subscription).toMatchObject({
      subscriptionId: id,
      status: 'active',
      statusLabel: 'Đang nhận',
    });
    expect(first.json.manageToken).toMatch(/^m\./);
    expect(first.headers['cache-control']).toBe('no-store');
    const again = await t.call('POST', '/api/alerts/confirm', { body: { token } });
    expect(again.json.subscription.confirmedAt).toBe(first.json.subscription.confirmedAt);
    await t.call('POST', `/api/alerts/unsubscribe?token=${t.services.alerts.links.subscription('u', id)}`);
    const ended = await t.call('POST', '/api/alerts/confirm', { body: { token } });
    expect(ended.status).toBe(409);
    expect(ended.json.message).toBe(ALERT_MESSAGES.ended);
  });

  it('refuses tampered, foreign and malformed tokens (400) and a signed one for nothing (404)', async () => {
    const res = await watchPrice(t, carId, 'gia.mao@example.com');
    const id = res.json.subscription.subscriptionId as number;
    const links = t.services.alerts.links;
    const good = links.subscription('c', id);
    const cases: [string, number, string][] = [
      // Another subscription's id under this one's signature.
      [good.replace(`c.${id}.`, `c.${id + 1}.`), 400, ALERT_MESSAGES.badToken],
      [`${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`, 400, ALERT_MESSAGES.badToken],
      // An unsubscribe link does not confirm.
      [links.subscription('u', id), 400, ALERT_MESSAGES.badToken],
      ['c.1.abc', 400, 'Liên kết không hợp lệ'],
      ['', 400, 'Thiếu mã xác thực trong đường dẫn'],
      [links.subscription('c', 999_999), 404, ALERT_MESSAGES.notFound],
    ];
    for (const [token, code, message] of cases) {
      const r = await t.call('POST', '/api/alerts/confirm', { body: { token } });
      expect(r.status, token).toBe(code);
      expect(r.json.message).toBe(message);
    }
    expect(await status(id)).toBe('pending');
  });
});

describe('unsubscribing from an e-mail', () => {
  it('ends a subscription with the one-click POST of RFC 8058: no cookie, no token but the one in the address', async () => {
    const id = await confirmedWatch(t, carId, 'mot.cham@example.com');
    const mail = await mailTo(t, 'mot.cham@example.com');
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const url = oneClickUrl(mail.headers['list-unsubscribe']);
    expect(url).toMatch(/^\/api\/alerts\/unsubscribe\?token=u\.\d+\./);
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClick();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scope: 'one', email: 'mo***@example.com', ended: 1 });
    expect(res.json().subscriptions[0]).toMatchObject({ subscriptionId: id, status: 'ended' });
    expect(await status(id)).toBe('ended');
    // Again (a mail program retrying): still 200, nothing more to end.
    expect((await oneClick()).json()).toMatchObject({ ended: 0 });
  });

  it('GET shows what the link ends and ends nothing; a browser is sent to the page that asks', async () => {
    const id = await confirmedSearch(t, 'xem.truoc@example.com', { bodyType: 'PICKUP' });
    const token = t.services.alerts.links.subscription('u', id);
    const preview = await t.call('GET', '/api/alerts/unsubscribe', {
      query: { token },
      headers: { accept: 'application/json' },
    });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ scope: 'one', ended: 0 });
    expect(preview.json.subscriptions[0]).toMatchObject({ status: 'active', description: 'Bán tải' });
    const browser = await t.call('GET', '/api/alerts/unsubscribe', {
      query: { token },
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe(`${SITE}/alerts/unsubscribe?token=${token}`);
    expect(await status(id)).toBe('active');
    // The landing page's button: a JSON POST from the site.
    const ended = await t.call('POST', '/api/alerts/unsubscribe', { query: { token }, body: {} });
    expect(ended.json).toMatchObject({ ended: 1 });
    expect(await status(id)).toBe('ended');
  });

  it("the digest's one-click ends every subscription of the address, and the next digest sends nothing", async () => {
    const email = 'tat.ca@example.com';
    const a = await confirmedSearch(t, email, { brand: 'Ford' });
    const b = await confirmedWatch(t, carId, email);
    await addCar(t, staff.token, { carName: 'Ford Everest Titanium', brand: 'Ford', bodyType: 'SUV' });
    expect((await t.services.alerts.digest.run()).sent).toBeGreaterThanOrEqual(1);
    const digest = mailsTo(t, email).find((m) => m.headers.subject?.includes('xe mới'))!;
    const url = oneClickUrl(digest.headers['list-unsubscribe']);
    expect(url).toMatch(/token=a\./);
    expect(digest.headers['list-unsubscribe']).toMatch(/^<https:\/\/[^>]+>, <mailto:[^>]+>$/);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.json()).toMatchObject({ scope: 'all', ended: 2 });
    expect([await status(a), await status(b)]).toEqual(['ended', 'ended']);
    await addCar(t, staff.token, { carName: 'Ford Territory Titanium X', brand: 'Ford', bodyType: 'SUV' });
    clock.advance(DAY);
    const before = mailsTo(t, email).length;
    await t.services.alerts.digest.run();
    expect(mailsTo(t, email)).toHaveLength(before);
  });

  it('refuses a tampered or foreign token (400) and one for a subscription that is gone (404)', async () => {
    const links = t.services.alerts.links;
    const manage = links.address('m', 'ai.do@example.com');
    for (const token of [manage, links.subscription('c', 1), 'u.1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx']) {
      const r = await t.call('POST', '/api/alerts/unsubscribe', { query: { token } });
      expect(r.status, token).toBe(400);
      expect(r.json.message).toBe(ALERT_MESSAGES.badToken);
    }
    expect(
      (
        await t.call('POST', '/api/alerts/unsubscribe', {
          query: { token: links.subscription('u', 999_999) },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the manage page', () => {
  it('lists every waiting and confirmed subscription of the address, ends one or all', async () => {
    const email = 'quan.ly@example.com';
    const a = await confirmedSearch(t, email, { brand: 'Ford', maxPrice: 1_200_000_000 });
    const b = await confirmedWatch(t, carId, email);
    const waiting = (await saveSearch(t, email, { fuel: 'DIESEL' })).json.subscription.subscriptionId;
    const other = await confirmedSearch(t, 'nguoi.khac@example.com', { brand: 'Ford' });
    const mail = (await mailTo(t, email)).text;
    const token = tokenIn(mail, '/alerts/manage');
    expect(token).toMatch(/^m\./);
    const view = await t.call('GET', '/api/alerts/manage', { query: { token } });
    expect(view.status).toBe(200);
    expect(view.json.email).toBe(email);
    expect(view.json.limit).toBe(10);
    expect(view.json.subscriptions.map((s: { subscriptionId: number }) => s.subscriptionId)).toEqual([
      waiting,
      b,
      a,
    ]);
    expect(view.json.subscriptions[1]).toMatchObject({
      carName: 'Ford Ranger Wildtrak',
      kindLabel: 'Báo giảm giá',
    });

    const one = await t.call('POST', '/api/alerts/manage/unsubscribe', {
      body: { token, subscriptionId: b },
    });
    expect(one.json.subscriptions).toHaveLength(2);
    // Another address's subscription is not this page's to end.
    const foreign = await t.call('POST', '/api/alerts/manage/unsubscribe', {
      body: { token, subscriptionId: other },
    });
    expect(foreign.status).toBe(404);
    expect(await status(other)).toBe('active');

    const all = await t.call('POST', '/api/alerts/manage/unsubscribe-all', { body: { token } });
    expect(all.json.subscriptions).toEqual([]);
    expect([await status(a), await status(waiting)]).toEqual(['ended', 'ended']);

    const forged = await t.call('GET', '/api/alerts/manage', {
      query: { token: t.services.alerts.links.address('a', email) },
    });
    expect(forged.status).toBe(400);
    const bad = await t.call('POST', '/api/alerts/manage/unsubscribe', {
      body: { token, subscriptionId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã thông báo không hợp lệ');
  });
});

describe('the clean-up', () => {
  it('deletes sign-ups left unconfirmed for 7 days (their link then finds nothing) and keeps confirmed ones', async () => {
    const waiting = await saveSearch(t, 'quen.xac.nhan@example.com', { brand: 'Mazda' });
    const id = waiting.json.subscription.subscriptionId;
    const token = tokenIn((await mailTo(t, 'quen.xac.nhan@example.com')).text, '/alerts/confirm');
    const kept = await confirmedSearch(t, 'da.xac.nhan@example.com', { brand: 'Mazda' });
    clock.advance(6 * DAY);
    await t.services.jobs.runDue();
    expect(await status(id)).toBe('pending');
    clock.advance(DAY + 3_600_000);
    await t.services.jobs.runDue();
    expect(await status(id)).toBeUndefined();
    expect(await status(kept)).toBe('active');
    const late = await t.call('POST', '/api/alerts/confirm', { body: { token } });
    expect(late.status).toBe(404);
    expect(late.json.message).toBe(ALERT_MESSAGES.notFound);
  });

  it('forgets ended subscriptions after 30 days', async () => {
    const id = await confirmedSearch(t, 'bo.di@example.com', { brand: 'Kia' });
    await t.call('POST', '/api/alerts/unsubscribe', {
      query: { token: t.services.alerts.links.subscription('u', id) },
    });
    clock.advance(29 * DAY);
    await t.services.jobs.runDue();
    expect(await status(id)).toBe('ended');
    clock.advance(2 * DAY);
    await t.services.jobs.runDue();
    expect(await status(id)).toBeUndefined();
  });
});
