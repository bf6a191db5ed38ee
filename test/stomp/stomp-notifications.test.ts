import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTopic } from '../../src/contract/notifications';
import { STOMP_MESSAGES } from '../../src/server/platform/realtime/stomp-server';
import { asIp, createCar, freshIp, testDriveBody } from '../api/leads-fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { openStomp, type StompSession } from './stomp-helpers';

let t: TestApp;
let url: string;
let carId: number;
let staff: { id: number; token: string; username: string };
const sessions: StompSession[] = [];

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/notifications`;
  carId = await createCar(t);
  staff = await t.createStaff(['MANAGE_SERVICE']);
});
afterAll(async () => {
  for (const s of sessions) await s.client.deactivate().catch(() => {});
  await t.close();
});

function open(opts: Parameters<typeof openStomp>[1] = {}) {
  const s = openStomp(url, opts);
  sessions.push(s);
  return s;
}

const postLead = (fullName: string) =>
  t.call('POST', '/api/test-drives', { body: testDriveBody(carId, { fullName }), headers: asIp(freshIp()) });

describe('STOMP CONNECT', () => {
  it('tells a plain HTTP request to upgrade', async () => {
    const res = await t.call('GET', '/api/notifications');
    expect(res.status).toBe(426);
    expect(res.json.message).toBe('Địa chỉ này chỉ nhận kết nối WebSocket (STOMP 1.2)');
  });

  it('refuses a connection without a token with an ERROR frame and closes it', async () => {
    const s = open();
    const error = await s.firstError;
    expect(error.headers.message).toBe(STOMP_MESSAGES.badToken);
    await s.closed;
    await expect(s.connected).rejects.toThrow(/closed before CONNECTED/);
  });

  it('refuses a bad token', async () => {
    const s = open({ token: 'khong-phai-jwt' });
    expect((await s.firstError).headers.message).toBe(STOMP_MESSAGES.badToken);
    await s.closed;
  });

  it('answers CONNECTED in STOMP 1.2 with the heart-beat offer', async () => {
    const s = open({ token: staff.token });
    const frame = await s.connected;
    expect(frame.headers.version).toBe('1.2');
    expect(frame.headers['heart-beat']).toMatch(/^\d+,\d+$/);
    expect(frame.headers.session).toBeTruthy();
    await s.close();
  });
});

describe('STOMP SUBSCRIBE', () => {
  it("refuses another user's topic with an ERROR frame", async () => {
    const s = open({ token: staff.token });
    await s.connected;
    await expect(s.subscribe(notificationTopic(staff.id + 1000))).rejects.toThrow(
      STOMP_MESSAGES.forbiddenTopic,
    );
    await s.closed;
  });

  it('refuses a topic that is not a notification topic', async () => {
    const s = open({ token: t.adminToken });
    await s.connected;
    await expect(s.subscribe('/topic/everything')).rejects.toThrow(STOMP_MESSAGES.forbiddenTopic);
  });

  it('delivers the notification of a new lead to every socket of the user', async () => {
    const a = open({ token: staff.token });
    const b = open({ token: staff.token });
    await Promise.all([a.connected, b.connected]);
    await a.subscribe(notificationTopic(staff.id), 'sub-a');
    await b.subscribe(notificationTopic(staff.id));
    const posted = await postLead('Võ Thị Thời Gian Thực');
    expect(posted.status).toBe(201);
    const [ma, mb] = await Promise.all([a.message(), b.message()]);
    for (const m of [ma, mb]) {
      const body = JSON.parse(m.body);
      expect(body).toMatchObject({
        userId: staff.id,
        message: expect.stringContaining(
          'Khách hàng Võ Thị Thời Gian Thực đăng ký lái thử Toyota Vios 1.5G 2020 ngày',
        ),
        read: false,
        link: expect.stringMatching(/^\/dashboard\/testdriveManagement\?id=\d+$/),
      });
      expect(m.headers.destination).toBe(notificationTopic(staff.id));
      expect(m.headers['message-id']).toBeTruthy();
      expect(m.headers['content-type']).toMatch(/^application\/json/);
    }
    expect(ma.headers.subscription).toBe('sub-a');
    // The message is the stored notification.
    const unread = await t.call('GET', `/api/notifications/unread/${staff.id}`, { token: staff.token });
    expect(unread.json[0]).toEqual(JSON.parse(ma.body));
    await Promise.all([a.close(), b.close()]);
  });

  it('stops delivering to an unsubscribed id', async () => {
    const s = open({ token: staff.token });
    await s.connected;
    const old = await s.subscribe(notificationTopic(staff.id), 'old');
    old.unsubscribe();
    await s.subscribe(notificationTopic(staff.id), 'new');
    await postLead('Khách Hủy Đăng Ký');
    const m = await s.message();
    expect(m.headers.subscription).toBe('new');
    expect(JSON.parse(m.body).message).toContain('Khách Hủy Đăng Ký');
    await s.close();
  });

  it('sends what POST notifications/send stores to the recipient socket', async () => {
    const s = open({ token: staff.token });
    await s.connected;
    await s.subscribe(notificationTopic(staff.id));
    const sent = await t.call('POST', `/api/notifications/send/${staff.id}`, {
      token: t.adminToken,
      body: { message: 'Kiểm tra xe trước 9 giờ' },
    });
    expect(sent.status).toBe(201);
    expect(JSON.parse((await s.message()).body)).toEqual(sent.json);
    await s.close();
  });
});

describe('session end', () => {
  it('ends the connection once the token is revoked', async () => {
    const token = await t.login(staff.username, 'Staff12345');
    const s = open({ token });
    await s.connected;
    await s.subscribe(notificationTopic(staff.id));
    expect((await t.call('POST', '/api/auth/logout', { token })).status).toBe(200);
    await postLead('Khách Sau Đăng Xuất');
    const error = await s.firstError;
    expect(error.headers.message).toBe(STOMP_MESSAGES.revoked);
    await s.closed;
    expect(s.messages).toEqual([]);
  });

  it('answers DISCONNECT with its RECEIPT and closes', async () => {
    const s = open({ token: staff.token });
    await s.connected;
    await s.close();
    await s.closed;
    expect(s.errors).toEqual([]);
  });
});

describe('bad frames', () => {
  async function raw(frames: string[]) {
    const ws = new WebSocket(url);
    const received: string[] = [];
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
    ws.addEventListener('message', (e) => received.push(String(e.data)));
    await new Promise((resolve) => ws.addEventListener('open', resolve));
    for (const f of frames) ws.send(f);
    await closed;
    return received.join('');
  }

  it('answers garbage with an ERROR frame and keeps serving', async () => {
    const reply = await raw(['HELLO world\n\n\0']);
    expect(reply).toMatch(/^ERROR\n/);
    expect(reply).toContain('message:Khung STOMP không hợp lệ');
    const reply2 = await raw([`SUBSCRIBE\nid:1\ndestination:${notificationTopic(1)}\n\n\0`]);
    expect(reply2).toContain(`message:${STOMP_MESSAGES.notConnected}`);
    const reply3 = await raw(['CONNECT\naccept-version:1.0,1.1\n\n\0']);
    expect(reply3).toContain(`message:${STOMP_MESSAGES.version}`);
    const reply4 = await raw([
      `CONNECT\naccept-version:1.2\nAuthorization:Bearer ${staff.token}\nheart-beat:0,0\n\n\0`,
      'SEND\ndestination:/x\n\nhi\0',
    ]);
    expect(reply4).toMatch(/^CONNECTED\n/);
    expect(reply4).toContain(`message:${STOMP_MESSAGES.noSend}`);
    // The server is still well.
    const s = open({ token: staff.token });
    await s.connected;
    await s.close();
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});
