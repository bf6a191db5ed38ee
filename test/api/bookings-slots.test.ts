import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import { asIp, createCar, freshIp, inDays, maintenanceBody, testDriveBody, uuid } from './leads-fixtures';

/**
 * Slots that hold: availability per day (free, taken, past), a car's test drive taking its hour, the
 * workshop's bays per maintenance slot, the 409 that offers the nearest free slots, the race for the
 * last slot (on PGlite and, with --project api-pg, on PostgreSQL through a pool of connections), and a
 * cancelled lead giving its slot back.
 */

let t: TestApp;
let clock: ManualClock;
let carId: number;
const today = vnDayKey(new Date());
const morning = () => new Date(`${today}T07:00:00+07:00`);

beforeAll(async () => {
  // Early morning: every slot of today is still ahead, whatever the hour the tests run at.
  clock = new ManualClock(morning());
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  carId = await createCar(t);
});
afterAll(() => t.close());

const post = (path: string, body: unknown) => t.call('POST', path, { body, headers: asIp(freshIp()) });
const tdSlots = (query: Record<string, string | number | undefined>) =>
  t.call('GET', '/api/test-drives/slots', { query });
const stateOf = (res: { json: { slots: { time: string; state: string }[] } }, time: string) =>
  res.json.slots.find((s) => s.time === time)?.state;

async function bookTestDrive(car: number, preferredDate: string, timeSlot: string, extra = {}) {
  return post('/api/test-drives', testDriveBody(car, { preferredDate, timeSlot, ...extra }));
}

describe('GET /api/test-drives/slots', () => {
  it('answers every slot of the day as free before anything is booked', async () => {
    const res = await tdSlots({ carId, date: inDays(4) });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ date: inDays(4), carId, capacity: 1, firstAvailableDate: today });
    expect(res.json.slots).toHaveLength(19);
    expect(res.json.slots[0]).toEqual({
      time: '08:00',
      state: 'free',
      stateLabel: 'Còn trống',
      remaining: 1,
    });
    expect(res.json.slots.at(-1).time).toBe('17:00');
    expect(res.json.dateText).toBe(`${inDays(4).slice(8)}/${inDays(4).slice(5, 7)}/${inDays(4).slice(0, 4)}`);
  });

  it('marks a booked hour taken: the slot and the half hours either side (a drive takes an hour)', async () => {
    const day = inDays(4);
    expect((await bookTestDrive(carId, day, '10:00')).status).toBe(201);
    const res = await tdSlots({ carId, date: day });
    expect(['09:00', '09:30', '10:00', '10:30', '11:00'].map((s) => stateOf(res, s))).toEqual([
      'free',
      'taken',
      'taken',
      'taken',
      'free',
    ]);
    expect(res.json.slots.find((s: { time: string }) => s.time === '10:00')).toMatchObject({
      stateLabel: 'Đã có người đặt',
      remaining: 0,
    });
    // Another car is free at that hour.
    const other = await createCar(t, { carName: 'Honda City RS', brand: 'Honda', model: 'City' });
    expect(stateOf(await tdSlots({ carId: other, date: day }), '10:00')).toBe('free');
  });

  it('marks today’s slots that have passed, and starts from tomorrow once the last one has', async () => {
    clock.set(new Date(`${today}T10:10:00+07:00`));
    const am = await tdSlots({ carId, date: today });
    expect(stateOf(am, '10:00')).toBe('past');
    expect(stateOf(am, '10:30')).toBe('free');
    expect(am.json.slots.find((s: { time: string }) => s.time === '08:00').stateLabel).toBe('Đã qua');
    expect(am.json.firstAvailableDate).toBe(today);
    // After the last slot of the day (17:00, an hour before closing at 18:00): nothing left today.
    clock.set(new Date(`${today}T17:05:00+07:00`));
    const evening = await tdSlots({ carId, date: today });
    expect(evening.json.slots.every((s: { state: string }) => s.state === 'past')).toBe(true);
    const next = await tdSlots({ carId });
    expect(next.json.firstAvailableDate).toBe(inDays(1, clock.now()));
    expect(next.json.date).toBe(inDays(1, clock.now()));
    clock.set(morning());
  });

  it('refuses bad input with Vietnamese messages', async () => {
    const noCar = await tdSlots({ date: inDays(2) });
    expect(noCar.status).toBe(400);
    expect(noCar.json.errors.carId).toBe('Vui lòng chọn xe');
    expect((await tdSlots({ carId: 'abc' })).json.errors.carId).toBe('Xe không hợp lệ');
    const badDay = await tdSlots({ carId, date: '31/02/2026' });
    expect(badDay.status).toBe(400);
    expect(badDay.json.errors.date).toBe('Ngày không hợp lệ');
    const past = await tdSlots({ carId, date: inDays(-1) });
    expect(past.status).toBe(400);
    expect(past.json.message).toBe('Ngày đã qua');
    const far = await tdSlots({ carId, date: inDays(61) });
    expect(far.json.message).toBe('Chỉ nhận đặt lịch trong vòng 60 ngày tới');
    const unknown = await tdSlots({ carId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.json.message).toBe('Xe bạn chọn hiện không còn được bán, vui lòng chọn xe khác');
  });
});

describe('a car once per slot', () => {
  it('refuses a second booking of the hour with 409 and the nearest free slots', async () => {
    const day = inDays(6);
    expect((await bookTestDrive(carId, day, '14:00')).status).toBe(201);
    for (const slot of ['13:30', '14:00', '14:30']) {
      const res = await bookTestDrive(carId, day, slot, { phone: '0912000111' });
      expect(res.status, slot).toBe(409);
      expect(res.json.message).toMatch(
        new RegExp(
          `^Xe này đã có người đặt lái thử vào khung giờ ${slot} ngày \\d{2}/\\d{2}/\\d{4}\\. Khung giờ trống gần nhất: `,
        ),
      );
      expect(res.json.alternatives).toHaveLength(3);
    }
    const res = await bookTestDrive(carId, day, '14:00', { phone: '0912000222' });
    // The nearest free starts: 13:00 and 15:00 (an hour either side), then 12:30 (before 15:30 at equal distance).
    expect(res.json.alternatives.map((a: { timeSlot: string }) => a.timeSlot)).toEqual([
      '12:30',
      '13:00',
      '15:00',
    ]);
    expect(res.json.alternatives[0]).toMatchObject({
      date: day,
      label: expect.stringMatching(/^12:30 Thứ .+, \d{2}\/\d{2}\/\d{4}$/),
    });
    expect(res.json.message).toContain('12:30 ngày');
    expect((await bookTestDrive(carId, day, '15:00', { phone: '0912000333' })).status).toBe(201);
  });

  it('gives the slot back when the lead is cancelled', async () => {
    const day = inDays(7);
    const first = await bookTestDrive(carId, day, '09:00');
    expect(first.status).toBe(201);
    expect((await bookTestDrive(carId, day, '09:00', { phone: '0912000444' })).status).toBe(409);
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: first.json.reference },
    });
    const cancel = await t.call('PUT', `/api/test-drives/admin/${list.json.content[0].leadId}/status`, {
      token: t.adminToken,
      body: { status: 'CANCELLED' },
    });
    expect(cancel.status).toBe(200);
    expect(stateOf(await tdSlots({ carId, date: day }), '09:00')).toBe('free');
    expect((await bookTestDrive(carId, day, '09:00', { phone: '0912000444' })).status).toBe(201);
  });

  raceTest(
    'lets one of several visitors racing for the last slot of a day win; the others get 409 with other days',
    async () => {
      const car = await createCar(t, { carName: 'Mazda CX-5 2.0', brand: 'Mazda', model: 'CX-5' });
      const day = inDays(5);
      // 08:00 to 16:00 on the hour take every slot but 17:00.
      for (let h = 8; h <= 16; h++) {
        expect((await bookTestDrive(car, day, `${String(h).padStart(2, '0')}:00`)).status).toBe(201);
      }
      const before = await tdSlots({ carId: car, date: day });
      expect(
        before.json.slots
          .filter((s: { state: string }) => s.state === 'free')
          .map((s: { time: string }) => s.time),
      ).toEqual(['17:00']);
      const racers = ['0901000001', '0901000002', '0901000003', '0901000004', '0901000005'];
      const answers = await Promise.all(
        racers.map((phone) => bookTestDrive(car, day, '17:00', { phone, clientRequestId: uuid() })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409]);
      const lost = answers.find((a) => a.status === 409)!;
      // The day before ends at 17:00 (24 h away); the day after starts at 08:00 (15 h away).
      expect(
        lost.json.alternatives.map((a: { date: string; timeSlot: string }) => `${a.date} ${a.timeSlot}`),
      ).toEqual([`${inDays(6)} 08:00`, `${inDays(6)} 08:30`, `${inDays(6)} 09:00`]);
      const after = await tdSlots({ carId: car, date: day });
      expect(after.json.slots.every((s: { state: string }) => s.state !== 'free')).toBe(true);
      const booked = await t.call('GET', '/api/test-drives/admin', {
        token: t.adminToken,
        query: { from: day, to: day, size: 100, search: 'Mazda' },
      });
      expect(booked.json.content.filter((l: { timeSlot: string }) => l.timeSlot === '17:00')).toHaveLength(1);
    },
  );
});

describe('maintenance: the service bays per slot', () => {
  const book = (preferredDate: string, timeSlot: string, i: number) =>
    post(
      '/api/maintenance',
      maintenanceBody({
        preferredDate,
        timeSlot,
        phone: `0913${String(i).padStart(6, '0')}`,
        licencePlate: `51G-${String(10000 + i)}`,
      }),
    );

  it('takes as many cars per slot as the settings’ bays, then answers 409 with the nearest slots', async () => {
    const day = inDays(8);
    const slots = await t.call('GET', '/api/maintenance/slots', { query: { date: day } });
    expect(slots.status).toBe(200);
    expect(slots.json).toMatchObject({ capacity: 2, carId: null });
    expect(slots.json.slots[0]).toMatchObject({ time: '08:00', state: 'free', remaining: 2 });
    expect((await book(day, '09:00', 1)).status).toBe(201);
    const one = await t.call('GET', '/api/maintenance/slots', { query: { date: day } });
    expect(stateOf(one, '09:00')).toBe('free');
    // A maintenance visit takes only its own slot.
    expect(stateOf(one, '09:30')).toBe('free');
    expect(one.json.slots.find((s: { time: string }) => s.time === '09:00').remaining).toBe(1);
    expect((await book(day, '09:00', 2)).status).toBe(201);
    const full = await book(day, '09:00', 3);
    expect(full.status).toBe(409);
    // 08:30 and 09:30 are half an hour away; 08:00 and 10:00 an hour, the earlier first.
    expect(full.json.message).toMatch(
      /^Khung giờ 09:00 ngày \d{2}\/\d{2}\/\d{4} đã kín lịch \(2 khoang dịch vụ\)\. Khung giờ trống gần nhất: 08:00 ngày .+, 08:30 ngày .+ hoặc 09:30 ngày .+\.$/,
    );
    expect(full.json.alternatives.map((a: { timeSlot: string }) => a.timeSlot)).toEqual([
      '08:00',
      '08:30',
      '09:30',
    ]);
    // "Giờ nào cũng được" takes no slot: always accepted.
    expect((await book(day, '', 4)).status).toBe(201);
  });

  it('reads the bays from the settings ("Số khoang dịch vụ"), refusing values out of range', async () => {
    const put = (serviceBays: unknown) =>
      t.call('PUT', '/api/web-configuration', { token: t.adminToken, body: { serviceBays } });
    expect((await put(0)).json.errors.serviceBays).toBe('Số khoang dịch vụ từ 1 đến 50');
    expect((await put('x')).json.errors.serviceBays).toBe('Số khoang dịch vụ phải là số');
    expect((await put(3)).status).toBe(200);
    const day = inDays(9);
    expect((await t.call('GET', '/api/maintenance/slots', { query: { date: day } })).json.capacity).toBe(3);
    for (let i = 0; i < 3; i++) expect((await book(day, '15:00', 10 + i)).status).toBe(201);
    expect((await book(day, '15:00', 13)).status).toBe(409);
    expect((await put(2)).status).toBe(200);
  });

  raceTest('lets exactly as many concurrent bookings as bays through', async () => {
    const day = inDays(10);
    const answers = await Promise.all([20, 21, 22, 23, 24].map((i) => book(day, '11:00', i)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409]);
    const slots = await t.call('GET', '/api/maintenance/slots', { query: { date: day } });
    expect(slots.json.slots.find((s: { time: string }) => s.time === '11:00')).toMatchObject({
      state: 'taken',
      remaining: 0,
    });
  });

  it('refuses a bad day with a Vietnamese message', async () => {
    const res = await t.call('GET', '/api/maintenance/slots', { query: { date: 'mai' } });
    expect(res.status).toBe(400);
    expect(res.json.errors.date).toBe('Ngày không hợp lệ');
  });
});
