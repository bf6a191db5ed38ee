import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TYPE_STATUSES } from '../../src/contract/leads';
import { auditLog, leads } from '../../src/server/db/schema';
import { LEAD_MESSAGES } from '../../src/server/modules/leads/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import {
  asIp,
  consultingBody,
  createCar,
  freshIp,
  inDays,
  maintenanceBody,
  postTestDrive,
} from './leads-fixtures';

let t: TestApp;
let carId: number;
let service: { id: number; token: string };
let otherService: { id: number; token: string };
let carsOnly: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
  service = await t.createStaff(['MANAGE_SERVICE']);
  otherService = await t.createStaff(['MANAGE_SERVICE', 'MANAGE_CAR']);
  carsOnly = await t.createStaff(['MANAGE_CAR', 'MANAGE_BLOG']);
});
afterAll(() => t.close());

const dmy = (day: string) => day.split('-').reverse().join('/');

describe('access to service management', () => {
  const routes = (id: number) =>
    ['/api/test-drives/admin', '/api/maintenance/admin', '/api/consulting/admin'].flatMap((base) => [
      { method: 'GET' as const, url: base, body: undefined },
      { method: 'GET' as const, url: `${base}/${id}`, body: undefined },
      { method: 'PUT' as const, url: `${base}/${id}/status`, body: { status: 'CONTACTED' } },
      { method: 'PUT' as const, url: `${base}/${id}/assign`, body: { assigneeId: null } },
      { method: 'POST' as const, url: `${base}/${id}/notes`, body: { note: 'x' } },
    ]);

  it('answers 401 without a token and 403 without MANAGE_SERVICE, on every call', async () => {
    const list = [
      ...routes(1),
      { method: 'GET' as const, url: '/api/service-requests/assignees', body: undefined },
    ];
    for (const r of list) {
      const anonymous = await t.call(r.method, r.url, { body: r.body });
      expect(anonymous.status, `${r.method} ${r.url}`).toBe(401);
      expect(anonymous.json.message).toBe('Vui lòng đăng nhập để tiếp tục');
      const forbidden = await t.call(r.method, r.url, { body: r.body, token: carsOnly.token });
      expect(forbidden.status, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('lets a MANAGE_SERVICE holder and an admin in', async () => {
    for (const token of [service.token, t.adminToken]) {
      expect((await t.call('GET', '/api/maintenance/admin', { token })).status).toBe(200);
    }
  });

  it('opens the service counts to any signed-in staff member only', async () => {
    expect((await t.call('GET', '/api/dashboard/service-requests')).status).toBe(401);
    expect((await t.call('GET', '/api/dashboard/service-requests', { token: carsOnly.token })).status).toBe(
      200,
    );
  });
});

describe('lists', () => {
  beforeAll(async () => {
    for (let i = 0; i < 7; i++) {
      const res = await t.call('POST', '/api/maintenance', {
        body: maintenanceBody({
          fullName: i === 0 ? 'Đặng Thị Ánh' : `Khách Bảo Dưỡng ${i}`,
          phone: i === 0 ? '0901 234 567' : `09123456${String(i).padStart(2, '0')}`,
          preferredDate: inDays(i + 1),
          licencePlate: `30A-123.${String(40 + i)}`,
        }),
        headers: asIp(freshIp()),
      });
      expect(res.status).toBe(201);
    }
  });

  it('pages by 5 from page 1, newest first', async () => {
    const first = await t.call('GET', '/api/maintenance/admin', { token: service.token });
    expect(first.json).toMatchObject({ page: 1, size: 5, totalElements: 7, totalPages: 2 });
    expect(first.json.content).toHaveLength(5);
    expect(first.json.content[0].fullName).toBe('Khách Bảo Dưỡng 6');
    const second = await t.call('GET', '/api/maintenance/admin', {
      token: service.token,
      query: { page: 2 },
    });
    expect(second.json.content.map((l: { fullName: string }) => l.fullName)).toEqual([
      'Khách Bảo Dưỡng 1',
      'Đặng Thị Ánh',
    ]);
  });

  it('searches without accents, by phone as typed and by plate', async () => {
    const q = async (search: string) =>
      (await t.call('GET', '/api/maintenance/admin', { token: service.token, query: { search } })).json
        .totalElements;
    expect(await q('dang thi anh')).toBe(1);
    expect(await q('ĐẶNG')).toBe(1);
    expect(await q('0901 234 567')).toBe(1);
    expect(await q('30a12346')).toBe(1);
    expect(await q('30A-123.4')).toBe(7);
    expect(await q('khong ai')).toBe(0);
    expect(await q('100%_')).toBe(0);
  });

  it('filters by booked day range and status', async () => {
    const range = await t.call('GET', '/api/maintenance/admin', {
      token: service.token,
      query: { from: inDays(2), to: dmy(inDays(4)), size: 100 },
    });
    expect(range.json.totalElements).toBe(3);
    const none = await t.call('GET', '/api/maintenance/admin', {
      token: service.token,
      query: { status: 'DONE' },
    });
    expect(none.json.totalElements).toBe(0);
    const bad = await t.call('GET', '/api/maintenance/admin', {
      token: service.token,
      query: { status: 'OPEN', from: 'hôm qua' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toMatchObject({
      status: 'Trạng thái không hợp lệ',
      from: 'Từ ngày không hợp lệ',
    });
  });

  it('filters consulting by the day it was sent', async () => {
    const res = await t.call('POST', '/api/consulting', { body: consultingBody(), headers: asIp(freshIp()) });
    expect(res.status).toBe(201);
    const today = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { from: inDays(0), to: inDays(0) },
    });
    expect(today.json.totalElements).toBe(1);
    expect(today.json.content[0]).toMatchObject({ daysUntil: null, overdue: false, preferredDate: null });
    const tomorrow = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { from: inDays(1) },
    });
    expect(tomorrow.json.totalElements).toBe(0);
  });
});

describe('one lead: workflow, history, assignment, notes', () => {
  let leadId: number;
  let reference: string;
  const base = () => `/api/test-drives/admin/${leadId}`;

  beforeAll(async () => {
    const posted = await postTestDrive(t, carId, {
      preferredDate: inDays(3),
      fullName: 'Nguyễn Văn Quy Trình',
    });
    leadId = posted.leadId;
    reference = posted.receipt.reference;
  });

  it('shows the days until the appointment and its date as dd/mm/yyyy', async () => {
    const res = await t.call('GET', base(), { token: service.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      leadId,
      reference,
      type: 'TEST_DRIVE',
      typeLabel: 'Lái thử',
      status: 'NEW',
      daysUntil: 3,
      overdue: false,
      preferredDateText: dmy(inDays(3)),
      carLabel: 'Toyota Vios 1.5G 2020',
      assignee: null,
      nextStatuses: ['CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'],
    });
    expect(res.json.events).toEqual([
      expect.objectContaining({ kind: 'CREATED', toStatus: 'NEW', by: null, text: 'Khách hàng gửi yêu cầu' }),
    ]);
  });

  it('is not found under another form', async () => {
    const res = await t.call('GET', `/api/maintenance/admin/${leadId}`, { token: service.token });
    expect(res.status).toBe(404);
    expect(res.json.message).toBe(LEAD_MESSAGES.notFound);
    expect((await t.call('GET', '/api/test-drives/admin/999999', { token: service.token })).status).toBe(404);
    expect((await t.call('GET', '/api/test-drives/admin/abc', { token: service.token })).status).toBe(400);
  });

  it('moves Mới → Đã liên hệ → Đã hẹn → Hoàn thành, recording who and when', async () => {
    const steps: [string, string, string][] = [
      ['CONTACTED', 'Đã liên hệ', 'Đã gọi, khách hẹn thứ Bảy'],
      ['SCHEDULED', 'Đã hẹn', ''],
      ['DONE', 'Hoàn thành', 'Khách hài lòng'],
    ];
    for (const [status, label, note] of steps) {
      const res = await t.call('PUT', `${base()}/status`, { token: service.token, body: { status, note } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status, statusLabel: label });
    }
    const detail = (await t.call('GET', base(), { token: service.token })).json;
    expect(detail.nextStatuses).toEqual([]);
    const changes = detail.events.filter((e: { kind: string }) => e.kind === 'STATUS');
    expect(
      changes.map((e: { fromStatus: string; toStatus: string }) => `${e.fromStatus}>${e.toStatus}`),
    ).toEqual(['SCHEDULED>DONE', 'CONTACTED>SCHEDULED', 'NEW>CONTACTED']);
    expect(changes[2]).toMatchObject({
      by: { userId: service.id, fullName: expect.stringMatching(/^Nhân Viên Thử/) },
      note: 'Đã gọi, khách hẹn thứ Bảy',
      text: 'Chuyển trạng thái từ "Mới" sang "Đã liên hệ"',
    });
    expect(Date.parse(changes[2].createdAt)).not.toBeNaN();
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'lead'),
          eq(auditLog.entityId, String(leadId)),
          eq(auditLog.action, 'set-status'),
        ),
      );
    expect(audits).toHaveLength(3);
    expect(audits[0].userId).toBe(service.id);
  });

  it('refuses moves outside the workflow', async () => {
    const back = await t.call('PUT', `${base()}/status`, { token: service.token, body: { status: 'NEW' } });
    expect(back.status).toBe(409);
    expect(back.json.message).toBe('Không thể chuyển trạng thái từ "Hoàn thành" sang "Mới"');
    const same = await t.call('PUT', `${base()}/status`, { token: service.token, body: { status: 'DONE' } });
    expect(same.status).toBe(409);
    expect(same.json.message).toBe('Yêu cầu đã ở trạng thái "Hoàn thành"');
    const bad = await t.call('PUT', `${base()}/status`, {
      token: service.token,
      body: { status: 'ARCHIVED' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.status).toBe('Trạng thái không hợp lệ');
  });

  it('cancels an open lead, and a cancelled lead stays cancelled', async () => {
    const { leadId: other } = await postTestDrive(t, carId);
    const url = `/api/test-drives/admin/${other}/status`;
    expect(
      (await t.call('PUT', url, { token: service.token, body: { status: 'CANCELLED' } })).json.statusLabel,
    ).toBe('Đã hủy');
    expect((await t.call('PUT', url, { token: service.token, body: { status: 'CONTACTED' } })).status).toBe(
      409,
    );
  });

  it('assigns to a service staff member, who gets a notification and an e-mail', async () => {
    const before = t.outbox().length;
    const res = await t.call('PUT', `${base()}/assign`, {
      token: service.token,
      body: { assigneeId: otherService.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.assignee).toEqual({ userId: otherService.id, fullName: expect.any(String) });
    expect(res.json.events[0]).toMatchObject({
      kind: 'ASSIGN',
      assignee: { userId: otherService.id },
      by: { userId: service.id },
    });
    // Notices are sent after the answer (a failed notice never fails the assignment), so the bell is
    // polled; and not necessarily the newest: the previous test's new-lead notice may arrive later.
    const notice = expect.objectContaining({
      message: expect.stringContaining(
        `giao cho bạn yêu cầu lái thử của khách hàng Nguyễn Văn Quy Trình (${reference})`,
      ),
      link: `/dashboard/testdriveManagement?id=${leadId}`,
    });
    await expect
      .poll(async () => {
        const bell = await t.call('GET', `/api/notifications/unread/${otherService.id}`, {
          token: otherService.token,
        });
        return (bell.json as unknown[]).some((n) => notice.asymmetricMatch(n));
      })
      .toBe(true);
    // The assignee's e-mail (customers' booking e-mails may arrive meanwhile).
    const assigned = () =>
      t
        .outbox()
        .slice(before)
        .map(decodeMail)
        .filter((m) => m.includes('vừa giao cho bạn') && m.includes(reference));
    await expect.poll(() => assigned().length).toBe(1);
    // Assigning again to the same person changes nothing.
    const again = await t.call('PUT', `${base()}/assign`, {
      token: service.token,
      body: { assigneeId: otherService.id },
    });
    expect(again.json.events.filter((e: { kind: string }) => e.kind === 'ASSIGN')).toHaveLength(1);
  });

  it('refuses to assign to someone who cannot handle leads, and can take a lead back', async () => {
    const noPerm = await t.call('PUT', `${base()}/assign`, {
      token: service.token,
      body: { assigneeId: carsOnly.id },
    });
    expect(noPerm.status).toBe(400);
    expect(noPerm.json.message).toBe(LEAD_MESSAGES.staffNoPermission);
    const unknown = await t.call('PUT', `${base()}/assign`, {
      token: service.token,
      body: { assigneeId: 999_999 },
    });
    expect(unknown.status).toBe(400);
    expect((await t.call('PUT', `${base()}/assign`, { token: service.token, body: {} })).status).toBe(400);
    const back = await t.call('PUT', `${base()}/assign`, {
      token: service.token,
      body: { assigneeId: null },
    });
    expect(back.json.assignee).toBeNull();
    expect(back.json.events[0]).toMatchObject({ kind: 'ASSIGN', assignee: null, text: 'Bỏ giao nhân viên' });
  });

  it('lists who can be assigned', async () => {
    const res = await t.call('GET', '/api/service-requests/assignees', { token: service.token });
    const ids = res.json.map((s: { userId: number }) => s.userId);
    expect(ids).toEqual(expect.arrayContaining([service.id, otherService.id]));
    expect(ids).not.toContain(carsOnly.id);
  });

  it('keeps internal notes in the history', async () => {
    const res = await t.call('POST', `${base()}/notes`, {
      token: service.token,
      body: { note: 'Khách muốn xe màu trắng' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      kind: 'NOTE',
      note: 'Khách muốn xe màu trắng',
      by: { userId: service.id },
    });
    const detail = (await t.call('GET', base(), { token: service.token })).json;
    expect(detail.events[0].eventId).toBe(res.json.eventId);
    const empty = await t.call('POST', `${base()}/notes`, { token: service.token, body: { note: '  ' } });
    expect(empty.status).toBe(400);
    expect(empty.json.errors.note).toBe('Vui lòng nhập ghi chú');
  });
});

describe('days until and overdue', () => {
  it('counts from today and marks open appointments that have passed', async () => {
    const { leadId: today } = await postTestDrive(t, carId, { preferredDate: inDays(1) });
    const { leadId: past } = await postTestDrive(t, carId, { preferredDate: inDays(1) });
    // Moved to today without a slot (open until the day ends), and a booking whose day has gone by.
    await t.ctx.db
      .update(leads)
      .set({ preferredDate: inDays(0), timeSlot: null })
      .where(eq(leads.id, today));
    await t.ctx.db
      .update(leads)
      .set({ preferredDate: inDays(-2) })
      .where(eq(leads.id, past));
    const get = async (id: number) =>
      (await t.call('GET', `/api/test-drives/admin/${id}`, { token: service.token })).json;
    expect(await get(today)).toMatchObject({ daysUntil: 0, overdue: false });
    expect(await get(past)).toMatchObject({ daysUntil: -2, overdue: true });
    const overdue = await t.call('GET', '/api/test-drives/admin', {
      token: service.token,
      query: { overdue: 'true', size: 100 },
    });
    expect(overdue.json.content.map((l: { leadId: number }) => l.leadId)).toContain(past);
    expect(overdue.json.content.every((l: { overdue: boolean }) => l.overdue)).toBe(true);
    await t.call('PUT', `/api/test-drives/admin/${past}/status`, {
      token: service.token,
      body: { status: 'DONE' },
    });
    expect((await get(past)).overdue).toBe(false);
    const notOverdue = await t.call('GET', '/api/test-drives/admin', {
      token: service.token,
      query: { overdue: 'false', size: 100 },
    });
    expect(notOverdue.json.content.map((l: { leadId: number }) => l.leadId)).toContain(past);
  });
});

describe('GET /api/dashboard/service-requests', () => {
  it('counts leads by type and status', async () => {
    const all = await t.call('GET', '/api/dashboard/service-requests', { token: service.token });
    expect(all.status).toBe(200);
    const counted = await t.services.leads.stats();
    expect(all.json).toEqual(counted);
    // Each type's own statuses: five for the service forms, six for buy-ins.
    expect(all.json.byTypeAndStatus).toHaveLength(
      Object.values(LEAD_TYPE_STATUSES).reduce((n, list) => n + list.length, 0),
    );
    expect(all.json.byTypeAndStatus).toHaveLength(21);
    expect(all.json.byType.find((b: { type: string }) => b.type === 'MAINTENANCE')).toMatchObject({
      label: 'Bảo dưỡng',
      count: 7,
    });
    expect(all.json.total).toBe(all.json.byType.reduce((n: number, b: { count: number }) => n + b.count, 0));
    const done = await t.call('GET', '/api/dashboard/service-requests', {
      token: service.token,
      query: { status: 'DONE' },
    });
    expect(done.json.status).toBe('DONE');
    expect(done.json.byStatus).toEqual([{ status: 'DONE', label: 'Hoàn thành', count: done.json.total }]);
    expect(done.json.byType.find((b: { type: string }) => b.type === 'TEST_DRIVE').count).toBe(2);
    const bad = await t.call('GET', '/api/dashboard/service-requests', {
      token: service.token,
      query: { status: 'X' },
    });
    expect(bad.status).toBe(400);
  });
});
