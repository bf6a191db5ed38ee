import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTopic } from '../../src/contract/notifications';
import { REALTIME_CHANNEL } from '../../src/server/platform/realtime/bus';
import { openStomp, type StompSession } from '../stomp/stomp-helpers';
import { ADMIN_PASSWORD, api, freshDatabase, type ServerProcess, startServer } from './server-process';

/**
 * Two server processes on one PostgreSQL database: a notification created by one reaches the
 * sockets connected to the other (LISTEN/NOTIFY).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
const sessions: StompSession[] = [];

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  a = await startServer(db.url);
  // One after the other: the first one migrates the new database and creates the admin.
  b = await startServer(db.url);
});

afterAll(async () => {
  for (const s of sessions) await s.client.deactivate().catch(() => {});
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

describe('fan-out between server processes', () => {
  it('delivers a lead posted to B on a socket connected to A, the other way round, and after the LISTEN connections are cut', async () => {
    const login = await api(a.base, 'POST', '/api/auth/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.status).toBe(200);
    const token = login.text;
    const me = await api(b.base, 'GET', '/api/auth/my-info', { token });
    expect(me.status).toBe(200);
    const userId = me.json.userId as number;

    const onA = openStomp(`${a.base.replace('http', 'ws')}/api/notifications`, { token });
    const onB = openStomp(`${b.base.replace('http', 'ws')}/api/notifications`, { token });
    sessions.push(onA, onB);
    await Promise.all([onA.connected, onB.connected]);
    await onA.subscribe(notificationTopic(userId));
    await onB.subscribe(notificationTopic(userId));

    const posted = await api(b.base, 'POST', '/api/consulting', {
      body: {
        fullName: 'Hai Tiến Trình',
        phone: '0901234567',
        email: 'hai@example.com',
        topic: 'BUY',
        message: 'Tôi muốn mua xe gia đình',
        clientRequestId: randomUUID(),
      },
    });
    expect(posted.status).toBe(201);
    const [fromA, fromB] = await Promise.all([onA.message(), onB.message()]);
    expect(JSON.parse(fromA.body)).toMatchObject({
      userId,
      message: 'Khách hàng Hai Tiến Trình gửi yêu cầu tư vấn mua xe',
    });
    expect(JSON.parse(fromB.body)).toEqual(JSON.parse(fromA.body));

    const sent = await api(a.base, 'POST', `/api/notifications/send/${userId}`, {
      token,
      body: { message: 'Từ tiến trình A' },
    });
    expect(sent.status).toBe(201);
    expect(JSON.parse((await onB.message(2)).body)).toEqual(sent.json);
    expect(JSON.parse((await onA.message(2)).body)).toEqual(sent.json);

    // The LISTEN connections drop (a database restart, a network cut): each process reconnects.
    const listeners = async () => {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const res = await c.query(
        `select pid from pg_stat_activity where datname = current_database() and query = 'LISTEN ${REALTIME_CHANNEL}'`,
      );
      await c.end();
      return res.rows.map((r) => r.pid as number);
    };
    const before = await listeners();
    expect(before).toHaveLength(2);
    const killer = new pg.Client({ connectionString: db.url });
    await killer.connect();
    await killer.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
    await killer.end();
    await expect
      .poll(async () => (await listeners()).filter((pid) => !before.includes(pid)).length, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(2);
    const again = await api(b.base, 'POST', `/api/notifications/send/${userId}`, {
      token,
      body: { message: 'Sau khi nối lại' },
    });
    expect(again.status).toBe(201);
    expect(JSON.parse((await onA.message(3)).body)).toEqual(again.json);
  });
});
