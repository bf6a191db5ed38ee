import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { NOTIFICATION_MESSAGES } from '../../src/server/modules/notifications/service';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  asIp,
  consultingBody,
  createCar,
  freshIp,
  inDays,
  maintenanceBody,
  testDriveBody,
} from './leads-fixtures';

let t: TestApp;
let adminId: number;
let service: { id: number; token: string };
let inactive: { id: number; token: string };
let other: { id: number; token: string };
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  adminId = (await t.call('GET', '/api/auth/my-info', { token: t.adminToken })).json.userId;
  service = await t.createStaff(['MANAGE_SERVICE']);
  inactive = await t.createStaff(['MANAGE_SERVICE']);
  other = await t.createStaff(['MANAGE_BLOG']);
  expect((await t.call('DELETE', `/api/users/${inactive.id}`, { token: t.adminToken })).status).toBe(200);
  carId = await createCar(t);
});
afterAll(() => t.close());

const unread = async (userId: number, token: string) =>
  t.call('GET', `/api/notifications/unread/${userId}`, { token });
const dmy = (day: string) => day.split('-').reverse().join('/');

describe('a new lead rings the bells', () => {
  it('notifies every active MANAGE_SERVICE holder and every admin, naming the lead', async () => {
    const day = inDays(4);
    const res = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { preferredDate: day }),
      headers: asIp(freshIp()),
    });
    expect(res.status).toBe(201);
    const expected = `Khách hàng Nguyễn Văn A đăng ký lái thử Toyota Vios 1.5G 2020 ngày ${dmy(day)}`;
    for (const [id, token] of [
      [service.id, service.token],
      [adminId, t.adminToken],
    ] as const) {
      const list = (await unread(id, token)).json;
      expect(list[0]).toMatchObject({ userId: id, message: expected, read: false });
      expect(list[0].link).toMatch(/^\/dashboard\/testdriveManagement\?id=\d+$/);
      expect(Date.parse(list[0].timestamp)).not.toBeNaN();
    }
    expect((await unread(other.id, other.token)).json).toEqual([]);
    expect((await unread(inactive.id, t.adminToken)).json).toEqual([]);
  });

  it('words maintenance and consulting leads too', async () => {
    const day = inDays(2);
    await t.call('POST', '/api/maintenance', {
      body: maintenanceBody({ preferredDate: day, serviceType: 'BODY_PAINT' }),
      headers: asIp(freshIp()),
    });
    await t.call('POST', '/api/consulting', { body: consultingBody({ carId }), headers: asIp(freshIp()) });
    const [consulting, maintenance] = (await unread(service.id, service.token)).json;
    expect(maintenance.message).toBe(
      `Khách hàng Trần Thị Bình đặt lịch đồng sơn xe Honda City 2019 (51G-123.45) ngày ${dmy(day)}`,
    );
    expect(maintenance.link).toMatch(/^\/dashboard\/maintenanceManagement\?id=\d+$/);
    expect(consulting.message).toBe(
      'Khách hàng Lê Hoàng Cường gửi yêu cầu tư vấn trả góp (Toyota Vios 1.5G 2020)',
    );
    expect(consulting.link).toMatch(/^\/dashboard\/consultantManagement\?id=\d+$/);
  });

  it('does not ring for a honeypot submission', async () => {
    const before = (await unread(service.id, service.token)).json.length;
    await t.call('POST', '/api/consulting', {
      body: consultingBody({ website: 'x' }),
      headers: asIp(freshIp()),
    });
    expect((await unread(service.id, service.token)).json.length).toBe(before);
  });
});

describe('reading and marking', () => {
  it('refuses anonymous callers', async () => {
    expect((await t.call('GET', `/api/notifications/unread/${service.id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/notifications/all/${service.id}`)).status).toBe(401);
    expect((await t.call('POST', '/api/notifications/markAsRead/1')).status).toBe(401);
    expect(
      (await t.call('POST', `/api/notifications/send/${service.id}`, { body: { message: 'x' } })).status,
    ).toBe(401);
  });

  it('lets a user read only their own, and an admin anyone', async () => {
    const mine = await unread(service.id, service.token);
    expect(mine.status).toBe(200);
    const others = await unread(adminId, service.token);
    expect(others.status).toBe(403);
    expect(others.json.message).toBe(NOTIFICATION_MESSAGES.readOthers);
    expect((await t.call('GET', `/api/notifications/all/${adminId}`, { token: other.token })).status).toBe(
      403,
    );
    const asAdmin = await unread(service.id, t.adminToken);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json).toEqual(mine.json);
  });

  it('lists all, newest first, with a limit', async () => {
    const all = (await t.call('GET', `/api/notifications/all/${service.id}`, { token: service.token })).json;
    expect(all.length).toBe(3);
    const times = all.map((n: { timestamp: string }) => n.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const one = await t.call('GET', `/api/notifications/all/${service.id}`, {
      token: service.token,
      query: { limit: 1 },
    });
    expect(one.json).toEqual([all[0]]);
    expect(
      (
        await t.call('GET', `/api/notifications/all/${service.id}`, {
          token: service.token,
          query: { limit: 0 },
        })
      ).status,
    ).toBe(400);
  });

  it('marks one read: the owner only, once is enough', async () => {
    const [first] = (await unread(service.id, service.token)).json;
    const byAdmin = await t.call('POST', `/api/notifications/markAsRead/${first.notificationId}`, {
      token: t.adminToken,
    });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.json.message).toBe(NOTIFICATION_MESSAGES.markOthers);
    const res = await t.call('POST', `/api/notifications/markAsRead/${first.notificationId}`, {
      token: service.token,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ notificationId: first.notificationId, read: true });
    const again = await t.call('POST', `/api/notifications/markAsRead/${first.notificationId}`, {
      token: service.token,
    });
    expect(again.json.read).toBe(true);
    const left = (await unread(service.id, service.token)).json;
    expect(left.map((n: { notificationId: number }) => n.notificationId)).not.toContain(first.notificationId);
    expect(left).toHaveLength(2);
    expect(
      (await t.call('POST', '/api/notifications/markAsRead/999999', { token: service.token })).status,
    ).toBe(404);
    expect((await t.call('POST', '/api/notifications/markAsRead/abc', { token: service.token })).status).toBe(
      400,
    );
  });

  it('marks all of one’s own read', async () => {
    expect(
      (await t.call('POST', `/api/notifications/markAllAsRead/${adminId}`, { token: service.token })).status,
    ).toBe(403);
    const res = await t.call('POST', `/api/notifications/markAllAsRead/${service.id}`, {
      token: service.token,
    });
    expect(res.json).toEqual({ updated: 2 });
    expect((await unread(service.id, service.token)).json).toEqual([]);
  });
});

describe('POST /api/notifications/send/{userId}', () => {
  it('lets an admin send to anyone, and writes the audit log', async () => {
    const res = await t.call('POST', `/api/notifications/send/${other.id}`, {
      token: t.adminToken,
      body: { message: '  Họp giao ban lúc 8 giờ  ' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      userId: other.id,
      message: 'Họp giao ban lúc 8 giờ',
      link: null,
      read: false,
    });
    expect((await unread(other.id, other.token)).json[0].notificationId).toBe(res.json.notificationId);
    const audit = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'notification'), eq(auditLog.entityId, String(res.json.notificationId))),
      );
    expect(audit).toHaveLength(1);
  });

  it('lets anyone else send only to themselves', async () => {
    const self = await t.call('POST', `/api/notifications/send/${other.id}`, {
      token: other.token,
      body: { message: 'Nhắc việc' },
    });
    expect(self.status).toBe(201);
    const refused = await t.call('POST', `/api/notifications/send/${service.id}`, {
      token: other.token,
      body: { message: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(NOTIFICATION_MESSAGES.sendOthers);
  });

  it('refuses an empty message, an unknown user and a deactivated one', async () => {
    const empty = await t.call('POST', `/api/notifications/send/${other.id}`, {
      token: t.adminToken,
      body: { message: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.message).toBe('Vui lòng nhập nội dung thông báo');
    const long = await t.call('POST', `/api/notifications/send/${other.id}`, {
      token: t.adminToken,
      body: { message: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(
      (
        await t.call('POST', '/api/notifications/send/999999', {
          token: t.adminToken,
          body: { message: 'x' },
        })
      ).status,
    ).toBe(404);
    const gone = await t.call('POST', `/api/notifications/send/${inactive.id}`, {
      token: t.adminToken,
      body: { message: 'x' },
    });
    expect(gone.status).toBe(400);
    expect(gone.json.message).toBe(NOTIFICATION_MESSAGES.userInactive);
  });
});

describe('NotificationsService.notify for other modules', () => {
  it('stores one per distinct user with its link', async () => {
    const sent = await t.services.notifications.notify(
      [other.id, other.id, service.id],
      'Ứng viên mới: Nguyễn Thị Hoa ứng tuyển Nhân viên bán hàng',
      '/dashboard/candidates?id=3',
    );
    expect(sent).toHaveLength(2);
    const list = (await unread(other.id, other.token)).json;
    expect(list[0]).toMatchObject({
      message: 'Ứng viên mới: Nguyễn Thị Hoa ứng tuyển Nhân viên bán hàng',
      link: '/dashboard/candidates?id=3',
    });
  });
});
