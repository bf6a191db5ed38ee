import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationTopic } from '../../src/contract/notifications';
import { ManualClock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { openStomp, type StompSession } from './stomp-helpers';

/**
 * An open dashboard tab keeps a notification socket whose token the server checks again every 30 s and
 * before each delivery. Those checks are the server's, not the person's: a tab left open must still
 * idle out after the setting's hours (8 by default) without a request of its own.
 */
const START = new Date();
const clock = new ManualClock(START);
let t: TestApp;
let url: string;
const sessions: StompSession[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/notifications`;
});
// Back to the start after each test: the helpers' admin session must not idle out.
afterEach(() => clock.set(START));
afterAll(async () => {
  for (const s of sessions) await s.client.deactivate().catch(() => {});
  await t.close();
});

const MINUTE = 60_000;

describe('the notification socket and the idle timeout', () => {
  it('re-checking the token of an open socket is not a use of the session', async () => {
    const staff = await t.createStaff(['MANAGE_SERVICE']);
    const tab = await t.login(staff.username, STAFF_PASSWORD);
    const s = openStomp(url, { token: tab });
    sessions.push(s);
    await s.connected;
    await s.subscribe(notificationTopic(staff.id));
    // Every few minutes a notification arrives, each checked against the session before it is sent:
    // the socket stays open for as long as the session is good.
    for (let i = 1; i <= 3; i++) {
      clock.advance(5 * MINUTE);
      await t.services.notifications.notify([staff.id], `Thông báo thứ ${i}`);
      expect(JSON.parse((await s.message(i)).body).message).toBe(`Thông báo thứ ${i}`);
    }
    // Eight hours after the last request the tab itself made, the session is idle.
    clock.advance(8 * 60 * MINUTE - 15 * MINUTE + MINUTE);
    expect((await t.call('GET', '/api/auth/my-info', { token: tab })).status).toBe(401);
    // And the socket ends at its next check.
    await t.services.notifications.notify([staff.id], 'Sau khi hết phiên');
    await s.closed;
    expect(s.messages.map((m) => JSON.parse(m.body).message)).not.toContain('Sau khi hết phiên');
  });

  it('a request from the tab is a use: the session stays', async () => {
    const staff = await t.createStaff(['MANAGE_SERVICE']);
    const tab = await t.login(staff.username, STAFF_PASSWORD);
    const s = openStomp(url, { token: tab });
    sessions.push(s);
    await s.connected;
    clock.advance(7 * 60 * MINUTE);
    expect((await t.call('GET', '/api/auth/my-info', { token: tab })).status).toBe(200);
    clock.advance(2 * 60 * MINUTE);
    expect((await t.call('GET', '/api/auth/my-info', { token: tab })).status).toBe(200);
    await s.close();
  });
});
