import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { reminderKey, reminderTime } from '../../src/server/modules/leads/reminders';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import {
  asIp,
  createCar,
  freshIp,
  inDays,
  maintenanceBody,
  postTestDrive,
  testDriveBody,
} from './leads-fixtures';

/**
 * The staff calendar (GET /api/service-requests/calendar) and the reschedule of a booking
 * (PUT {base}/{id}/schedule): the same slot rules as a new booking, the history, the audit log, the
 * moved reminder and the customer's e-mail with a new invitation.
 */

let t: TestApp;
let carId: number;
let service: { id: number; token: string };
let carsOnly: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
  service = await t.createStaff(['MANAGE_SERVICE']);
  carsOnly = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

const calendar = (query: Record<string, string>, token = service.token) =>
  t.call('GET', '/api/service-requests/calendar', { token, query });
const schedule = (path: string, id: number, body: unknown, token = service.token) =>
  t.call('PUT', `/api/${path}/admin/${id}/schedule`, { token, body });

async function postMaintenance(overrides: Record<string, unknown>) {
  const res = await t.call('POST', '/api/maintenance', {
    body: maintenanceBody(overrides),
    headers: asIp(freshIp()),
  });
  expect(res.status).toBe(201);
  const list = await t.call('GET', '/api/maintenance/admin', {
    token: t.adminToken,
    query: { search: res.json.reference },
  });
  return list.json.content[0].leadId as number;
}

describe('GET /api/service-requests/calendar', () => {
  it('lists the test drives and maintenance visits of the range by day and slot, without cancelled ones', async () => {
    const day = inDays(12);
    const late = await postTestDrive(t, carId, {
      preferredDate: day,
      timeSlot: '15:00',
      fullName: 'Khách Chiều',
    });
    const early = await postTestDrive(t, carId, {
      preferredDate: day,
      timeSlot: '08:00',
      fullName: 'Khách Sáng',
    });
    const visit = await postMaintenance({ preferredDate: day, timeSlot: '', fullName: 'Khách Bảo Dưỡng' });
    const gone = await postTestDrive(t, carId, { preferredDate: day, timeSlot: '11:00' });
    await t.call('PUT', `/api/test-drives/admin/${gone.leadId}/status`, {
      token: service.token,
      body: { status: 'CANCELLED' },
    });
    await t.call('PUT', `/api/test-drives/admin/${late.leadId}/assign`, {
      token: service.token,
      body: { assigneeId: service.id },
    });
    // A consulting request books no day: never on the calendar.
    const res = await calendar({ from: day, to: inDays(13) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ from: day, to: inDays(13), serviceBays: 2 });
    expect(res.json.slots[0]).toBe('08:00');
    expect(res.json.items.map((i: { leadId: number }) => i.leadId)).toEqual([
      visit,
      early.leadId,
      late.leadId,
    ]);
    expect(res.json.items[2]).toMatchObject({
      type: 'TEST_DRIVE',
      fullName: 'Khách Chiều',
      carLabel: 'Toyota Vios 1.5G 2020',
      status: 'NEW',
      statusLabel: 'Mới',
      assignee: { userId: service.id },
      timeSlot: '15:00',
    });
    expect(res.json.items[0]).toMatchObject({
      type: 'MAINTENANCE',
      timeSlot: null,
      licencePlate: '51G-123.45',
    });
    // dd/mm/yyyy is read as well.
    const dmy = `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
    expect((await calendar({ from: dmy, to: dmy })).json.items).toHaveLength(3);
  });

  it('refuses a missing, reversed or too long range with Vietnamese messages', async () => {
    const missing = await calendar({ to: inDays(1) });
    expect(missing.status).toBe(400);
    expect(missing.json.errors.from).toBe('Vui lòng chọn từ ngày');
    const reversed = await calendar({ from: inDays(3), to: inDays(1) });
    expect(reversed.json.errors.to).toBe('Đến ngày phải sau hoặc bằng Từ ngày');
    const long = await calendar({ from: inDays(0), to: inDays(42) });
    expect(long.json.errors.to).toBe('Lịch chỉ xem được tối đa 42 ngày một lần');
    expect((await calendar({ from: inDays(0), to: inDays(41) })).status).toBe(200);
    expect((await calendar({ from: 'hôm qua', to: inDays(1) })).json.errors.from).toBe(
      'Từ ngày không hợp lệ',
    );
  });

  it('is for MANAGE_SERVICE holders only', async () => {
    const q = { from: inDays(0), to: inDays(6) };
    expect((await t.call('GET', '/api/service-requests/calendar', { query: q })).status).toBe(401);
    expect((await calendar(q, carsOnly.token)).status).toBe(403);
    expect((await calendar(q, t.adminToken)).status).toBe(200);
  });
});

describe('PUT {base}/{id}/schedule', () => {
  it('moves a test drive, writing its history and the audit log, moving the reminder and telling the customer', async () => {
    const { leadId, receipt } = await postTestDrive(t, carId, {
      preferredDate: inDays(14),
      timeSlot: '09:00',
      email: 'doi.lich@example.com',
    });
    const before = (await t.services.jobs.find(reminderKey(leadId)))!;
    expect(before.runAt.toISOString()).toBe(reminderTime(inDays(14)).toISOString());
    const res = await schedule('test-drives', leadId, {
      preferredDate: inDays(15),
      timeSlot: '10:30',
      note: 'Khách gọi xin đổi giờ',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ preferredDate: inDays(15), timeSlot: '10:30' });
    const d = (s: string) => `${s.slice(8)}/${s.slice(5, 7)}/${s.slice(0, 4)}`;
    expect(res.json.events[0]).toMatchObject({
      kind: 'SCHEDULE',
      text: `Đổi lịch hẹn từ 09:00 ngày ${d(inDays(14))} sang 10:30 ngày ${d(inDays(15))}`,
      note: 'Khách gọi xin đổi giờ',
      by: { userId: service.id },
    });
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reschedule'), eq(auditLog.entityId, String(leadId))));
    expect(audit).toMatchObject({
      userId: service.id,
      entity: 'lead',
      before: { preferredDate: inDays(14), timeSlot: '09:00' },
      after: { preferredDate: inDays(15), timeSlot: '10:30' },
    });
    const moved = (await t.services.jobs.find(reminderKey(leadId)))!;
    expect(moved.runAt.toISOString()).toBe(reminderTime(inDays(15)).toISOString());
    expect(moved.payload).toMatchObject({ leadId, date: inDays(15), slot: '10:30' });
    const mail = await t.mailContaining('đã được đổi sang thời gian mới');
    expect(mail).toContain(receipt.reference);
    expect(mail).toContain('doi.lich@example.com');
    expect(mail).toContain('METHOD:REQUEST');
    // The invitation updates the same event: same UID, next SEQUENCE.
    expect(mail).toMatch(/SEQUENCE:1\r?\n/);
    expect(mail).toContain(`UID:lead-${leadId}@`);
    // The old slot is free again, the new one taken.
    const slots = await t.call('GET', '/api/test-drives/slots', { query: { carId, date: inDays(14) } });
    expect(slots.json.slots.find((s: { time: string }) => s.time === '09:00').state).toBe('free');
  });

  it('refuses a taken slot with 409 and the nearest free ones, as for a new booking', async () => {
    const day = inDays(16);
    await postTestDrive(t, carId, { preferredDate: day, timeSlot: '14:00' });
    const { leadId } = await postTestDrive(t, carId, { preferredDate: day, timeSlot: '09:00' });
    const res = await schedule('test-drives', leadId, { preferredDate: day, timeSlot: '14:30' });
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/^Xe này đã có người đặt lái thử vào khung giờ 14:30/);
    expect(res.json.alternatives.map((a: { timeSlot: string }) => a.timeSlot)).toEqual([
      '13:00',
      '15:00',
      '15:30',
    ]);
    // Its own hour does not stand in its way: 09:30 overlaps only itself.
    expect((await schedule('test-drives', leadId, { preferredDate: day, timeSlot: '09:30' })).status).toBe(
      200,
    );
  });

  it('refuses bad input, closed leads and unknown ids', async () => {
    const { leadId } = await postTestDrive(t, carId);
    const noSlot = await schedule('test-drives', leadId, { preferredDate: inDays(20), timeSlot: '' });
    expect(noSlot.status).toBe(400);
    expect(noSlot.json.errors.timeSlot).toBe('Vui lòng chọn khung giờ');
    const closed = await schedule('test-drives', leadId, { preferredDate: inDays(20), timeSlot: '07:00' });
    expect(closed.json.errors.timeSlot).toBe('Khung giờ nằm ngoài giờ mở cửa của showroom');
    const past = await schedule('test-drives', leadId, { preferredDate: inDays(-1), timeSlot: '09:00' });
    expect(past.json.errors.preferredDate).toBe('Ngày hẹn không được ở trong quá khứ');
    expect(
      (await schedule('test-drives', 999999, { preferredDate: inDays(20), timeSlot: '09:00' })).status,
    ).toBe(404);
    expect(
      (await schedule('maintenance', leadId, { preferredDate: inDays(20), timeSlot: '09:00' })).status,
    ).toBe(404);
    await t.call('PUT', `/api/test-drives/admin/${leadId}/status`, {
      token: service.token,
      body: { status: 'DONE' },
    });
    const done = await schedule('test-drives', leadId, { preferredDate: inDays(20), timeSlot: '09:00' });
    expect(done.status).toBe(409);
    expect(done.json.message).toBe(
      'Lịch hẹn đang ở trạng thái "Hoàn thành": chỉ đổi hoặc hủy được lịch hẹn đang mở',
    );
    // A closed lead has no reminder left.
    expect((await t.services.jobs.find(reminderKey(leadId)))?.state).toBe('cancelled');
  });

  it('moves a maintenance visit to "any time" of another day; the same day and slot again changes nothing', async () => {
    const id = await postMaintenance({
      preferredDate: inDays(21),
      timeSlot: '08:30',
      licencePlate: '51G-77777',
    });
    const res = await schedule('maintenance', id, { preferredDate: inDays(22), timeSlot: null });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ preferredDate: inDays(22), timeSlot: null });
    const again = await schedule('maintenance', id, { preferredDate: inDays(22), timeSlot: '' });
    expect(again.status).toBe(200);
    expect(again.json.events.filter((e: { kind: string }) => e.kind === 'SCHEDULE')).toHaveLength(1);
  });

  it('is for MANAGE_SERVICE holders only', async () => {
    const { leadId } = await postTestDrive(t, carId);
    const body = { preferredDate: inDays(25), timeSlot: '09:00' };
    expect((await t.call('PUT', `/api/test-drives/admin/${leadId}/schedule`, { body })).status).toBe(401);
    expect((await schedule('test-drives', leadId, body, carsOnly.token)).status).toBe(403);
    expect((await schedule('test-drives', leadId, body, t.adminToken)).status).toBe(200);
  });
});

describe('the customer is told', () => {
  it('when staff cancel a booking still ahead: the invitation is withdrawn (METHOD:CANCEL)', async () => {
    const body = testDriveBody(carId, { email: 'huy.lich@example.com', fullName: 'Khách Hủy Lịch' });
    const res = await t.call('POST', '/api/test-drives', { body, headers: asIp(freshIp()) });
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: res.json.reference },
    });
    await t.call('PUT', `/api/test-drives/admin/${list.json.content[0].leadId}/status`, {
      token: service.token,
      body: { status: 'CANCELLED' },
    });
    const cancelled = () =>
      t
        .outbox()
        .map(decodeMail)
        .filter((m) => m.includes('METHOD:CANCEL') && m.includes(res.json.reference));
    await expect.poll(() => cancelled().length).toBe(1);
    expect(cancelled()[0]).toContain('đã được hủy');
    expect(cancelled()[0]).toContain('STATUS:CANCELLED');
  });
});
