import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { BookingLinks } from '../../src/server/modules/leads/booking-links';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, createCar, freshIp, inDays, maintenanceBody, testDriveBody } from './leads-fixtures';

/**
 * The customer's own booking behind a signed link, without an account: read, move, cancel; a forged
 * or altered token is 404, a used one (the booking moved since) or an expired one (its moment passed)
 * is 410; every change reaches the lead's history and the bell of whoever handles it.
 */

let t: TestApp;
let clock: ManualClock;
let carId: number;
let handler: { id: number; token: string };

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  carId = await createCar(t);
  handler = await t.createStaff(['MANAGE_SERVICE']);
  await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { showroomAddress: '123 Nguyễn Văn Linh, Quận 7, TP.HCM', showroomPhone: '0909 123 456' },
  });
});
afterAll(() => t.close());

const tokenOf = (url: string) => url.split('/lich-hen/')[1];
const view = (token: string) => t.call('GET', `/api/bookings/${token}`);

let phones = 0;
/** A booking from a new customer each time unless a phone is given (a returning one keeps their handler). */
async function book(overrides: Record<string, unknown> = {}) {
  const phone = `0937 ${String(100_000 + ++phones).padStart(6, '0')}`;
  const res = await t.call('POST', '/api/test-drives', {
    body: testDriveBody(carId, { email: 'khach.link@example.com', phone, ...overrides }),
    headers: asIp(freshIp()),
  });
  expect(res.status).toBe(201);
  const list = await t.call('GET', '/api/test-drives/admin', {
    token: t.adminToken,
    query: { search: res.json.reference },
  });
  return {
    receipt: res.json,
    leadId: list.json.content[0].leadId as number,
    token: tokenOf(res.json.manageUrl),
  };
}

async function bell(userId: number, token: string, text: string) {
  const res = await t.call('GET', `/api/notifications/unread/${userId}`, { token });
  return (res.json as { message: string }[]).find((n) => n.message.includes(text));
}

describe('GET /api/bookings/{token}', () => {
  it('shows the booking to whoever holds the link from the receipt or the e-mail', async () => {
    const { receipt, token } = await book({ preferredDate: inDays(4), timeSlot: '10:00' });
    expect(receipt.manageUrl).toBe(`${t.config.publicUrl}/lich-hen/${token}`);
    const res = await view(token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      reference: receipt.reference,
      type: 'TEST_DRIVE',
      typeLabel: 'Lái thử',
      status: 'NEW',
      statusLabel: 'Mới',
      carId,
      vehicle: 'Toyota Vios 1.5G 2020',
      preferredDate: inDays(4),
      timeSlot: '10:00',
      canChange: true,
      notice: null,
      showroom: { address: '123 Nguyễn Văn Linh, Quận 7, TP.HCM', phone: '0909 123 456' },
      token,
    });
    const mail = await t.mailContaining(`/lich-hen/${token}`);
    expect(mail).toContain(receipt.reference);
  });

  it('answers 404 for a forged, altered or malformed token', async () => {
    // A day of its own: the fixtures' default slot depends on how many bookings earlier files made in
    // this worker, and once landed at 12:00 on the day the nearest-slots test below counts on.
    const { token, leadId } = await book({ preferredDate: inDays(3), timeSlot: '14:00' });
    const forged = new BookingLinks('another-secret-another-secret-0123456789', t.config.publicUrl).token({
      leadId,
      date: inDays(3),
      slot: '09:00',
    });
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    for (const bad of [
      forged,
      `${token.slice(0, -1)}${last}`,
      token.replace(/^\d+/, String(leadId + 1)),
      'abc',
    ]) {
      const res = await view(bad);
      expect(res.status, bad).toBe(404);
      expect(res.json.message).toBe(
        'Liên kết lịch hẹn không hợp lệ, vui lòng kiểm tra lại đường dẫn trong email',
      );
    }
    expect((await t.call('POST', `/api/bookings/${forged}/cancel`, { body: {} })).status).toBe(404);
  });

  it('answers 410 once the booked moment has passed', async () => {
    const day = inDays(2);
    const { token } = await book({ preferredDate: day, timeSlot: '08:00' });
    clock.set(new Date(`${day}T08:00:00+07:00`));
    const res = await view(token);
    expect(res.status).toBe(410);
    expect(res.json.message).toBe('Lịch hẹn đã qua nên liên kết không còn dùng được');
    clock.set(new Date());
  });
});

describe('PUT /api/bookings/{token}/schedule', () => {
  it('moves the booking, answers a new link, retires the old one, and tells the handler', async () => {
    const { token, leadId, receipt } = await book({ preferredDate: inDays(5), timeSlot: '09:00' });
    await t.call('PUT', `/api/test-drives/admin/${leadId}/assign`, {
      token: t.adminToken,
      body: { assigneeId: handler.id },
    });
    const res = await t.call('PUT', `/api/bookings/${token}/schedule`, {
      body: { preferredDate: inDays(6), timeSlot: '15:30', note: 'Bận buổi sáng' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ preferredDate: inDays(6), timeSlot: '15:30', canChange: true });
    expect(res.json.token).not.toBe(token);
    expect((await view(res.json.token)).status).toBe(200);
    const used = await view(token);
    expect(used.status).toBe(410);
    expect(used.json.message).toBe(
      'Liên kết này đã cũ vì lịch hẹn đã được đổi; vui lòng dùng liên kết trong email mới nhất',
    );
    expect(
      (
        await t.call('PUT', `/api/bookings/${token}/schedule`, {
          body: { preferredDate: inDays(7), timeSlot: '09:00' },
        })
      ).status,
    ).toBe(410);
    // History: by the customer (no staff member), with the customer's note.
    const detail = await t.call('GET', `/api/test-drives/admin/${leadId}`, { token: t.adminToken });
    expect(detail.json.events[0]).toMatchObject({ kind: 'SCHEDULE', by: null, note: 'Bận buổi sáng' });
    await expect
      .poll(() => bell(handler.id, handler.token, `đổi lịch lái thử ${receipt.reference}`))
      .toBeTruthy();
    // The e-mail carries the new link.
    await t.mailContaining(`/lich-hen/${res.json.token}`);
  });

  it('keeps the slot rules: 409 with the nearest free slots, 400 for a closed or missing slot', async () => {
    const day = inDays(8);
    await book({ preferredDate: day, timeSlot: '11:00', email: 'nguoi.khac@example.com' });
    const { token } = await book({ preferredDate: day, timeSlot: '16:00' });
    const taken = await t.call('PUT', `/api/bookings/${token}/schedule`, {
      body: { preferredDate: day, timeSlot: '11:00' },
    });
    expect(taken.status).toBe(409);
    // 11:00 holds 10:30 to 11:30: an hour away are 10:00 and 12:00, then 09:30 before 12:30. (A failure
    // says which of the day's slots were not free.)
    const day8 = await t.call('GET', '/api/test-drives/slots', { query: { carId, date: day } });
    const busy = (day8.json.slots as { time: string; state: string }[]).filter((x) => x.state !== 'free');
    const why = `${new Date().toISOString()} ${day}: ${JSON.stringify(busy)}`;
    expect(
      taken.json.alternatives.map((a: { timeSlot: string }) => a.timeSlot),
      why,
    ).toEqual(['09:30', '10:00', '12:00']);
    const closed = await t.call('PUT', `/api/bookings/${token}/schedule`, {
      body: { preferredDate: day, timeSlot: '19:00' },
    });
    expect(closed.status).toBe(400);
    expect(closed.json.errors.timeSlot).toBe('Khung giờ nằm ngoài giờ mở cửa của showroom');
    const missing = await t.call('PUT', `/api/bookings/${token}/schedule`, { body: { preferredDate: day } });
    expect(missing.json.errors.timeSlot).toBe('Vui lòng chọn khung giờ');
    expect((await view(token)).json.timeSlot).toBe('16:00');
  });
});

describe('slots while moving a booking', () => {
  it('leave the booking out for its customer (signed token) or for service staff (its id), not for others', async () => {
    const day = inDays(13);
    const { token, leadId } = await book({ preferredDate: day, timeSlot: '10:00' });
    const slots = async (query: Record<string, string | number>, auth?: string) => {
      const res = await t.call('GET', '/api/test-drives/slots', {
        query: { carId, date: day, ...query },
        token: auth,
      });
      expect(res.status).toBe(200);
      return ['10:00', '10:30'].map(
        (time) => res.json.slots.find((x: { time: string }) => x.time === time).state,
      );
    };
    expect(await slots({})).toEqual(['taken', 'taken']);
    expect(await slots({ token })).toEqual(['free', 'free']);
    expect(await slots({ exclude: leadId })).toEqual(['taken', 'taken']);
    expect(await slots({ exclude: leadId }, t.adminToken)).toEqual(['free', 'free']);
    expect(await slots({ token: `${token.slice(0, -2)}zz` })).toEqual(['taken', 'taken']);
  });
});

describe('POST /api/bookings/{token}/cancel', () => {
  it('cancels the booking, frees its slot, drops its reminder and tells the service staff', async () => {
    const day = inDays(9);
    const { token, leadId, receipt } = await book({ preferredDate: day, timeSlot: '13:00' });
    const res = await t.call('POST', `/api/bookings/${token}/cancel`, { body: { reason: 'Đã mua xe khác' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'CANCELLED',
      statusLabel: 'Đã hủy',
      canChange: false,
      notice: 'Lịch hẹn đã được hủy',
    });
    // The link still shows the cancelled booking; a second cancel is refused.
    expect((await view(token)).json.status).toBe('CANCELLED');
    const again = await t.call('POST', `/api/bookings/${token}/cancel`, { body: {} });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(
      'Lịch hẹn đang ở trạng thái "Đã hủy": chỉ đổi hoặc hủy được lịch hẹn đang mở',
    );
    const move = await t.call('PUT', `/api/bookings/${token}/schedule`, {
      body: { preferredDate: inDays(10), timeSlot: '09:00' },
    });
    expect(move.status).toBe(409);
    const slots = await t.call('GET', '/api/test-drives/slots', { query: { carId, date: day } });
    expect(slots.json.slots.find((s: { time: string }) => s.time === '13:00').state).toBe('free');
    const detail = await t.call('GET', `/api/test-drives/admin/${leadId}`, { token: t.adminToken });
    expect(detail.json.events[0]).toMatchObject({
      kind: 'STATUS',
      toStatus: 'CANCELLED',
      by: null,
      note: 'Khách hàng hủy qua liên kết trong email: Đã mua xe khác',
    });
    expect((await t.services.jobs.find(`lead-reminder:${leadId}`))?.state).toBe('cancelled');
    // Nobody handles it yet: everyone holding MANAGE_SERVICE hears of it.
    await expect
      .poll(() => bell(handler.id, handler.token, `hủy lịch lái thử ${receipt.reference}`))
      .toBeTruthy();
    expect(await bell(1, t.adminToken, `hủy lịch lái thử ${receipt.reference}`)).toBeTruthy();
  });

  it('works for maintenance too, whose receipt carries the link', async () => {
    const res = await t.call('POST', '/api/maintenance', {
      body: maintenanceBody({ preferredDate: inDays(11), timeSlot: '10:00', licencePlate: '30A-555.55' }),
      headers: asIp(freshIp()),
    });
    const token = tokenOf(res.json.manageUrl);
    const shown = await view(token);
    expect(shown.json).toMatchObject({
      type: 'MAINTENANCE',
      vehicle: 'Honda City 2019 (30A-555.55)',
      serviceTypeLabel: 'Bảo dưỡng định kỳ',
      carId: null,
    });
    const moved = await t.call('PUT', `/api/bookings/${token}/schedule`, {
      body: { preferredDate: inDays(12), timeSlot: '' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.timeSlot).toBeNull();
    expect((await t.call('POST', `/api/bookings/${moved.json.token}/cancel`, { body: {} })).status).toBe(200);
  });

  it('gives no link to a consulting request (it books no day)', async () => {
    const res = await t.call('POST', '/api/consulting', {
      body: {
        fullName: 'Lê Tư Vấn',
        phone: '0987000111',
        email: 'tu.van@example.com',
        topic: 'BUY',
        message: 'Tư vấn giúp tôi',
      },
      headers: asIp(freshIp()),
    });
    expect(res.status).toBe(201);
    expect(res.json.manageUrl).toBeUndefined();
    expect(vnDayKey(res.json.createdAt)).toBe(vnDayKey(new Date()));
  });
});
