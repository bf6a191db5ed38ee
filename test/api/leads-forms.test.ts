import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_RATE_LIMIT_MESSAGE, LEAD_THANK_YOU } from '../../src/contract/leads';
import { LEAD_MESSAGES } from '../../src/server/modules/leads/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import {
  asIp,
  consultingBody,
  createCar,
  freshIp,
  hideCar,
  inDays,
  maintenanceBody,
  testDriveBody,
  uuid,
} from './leads-fixtures';

let t: TestApp;
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
});
afterAll(() => t.close());

const post = (path: string, body: unknown, ip = freshIp()) =>
  t.call('POST', path, { body, headers: asIp(ip) });

async function adminList(path: string, query: Record<string, string | number> = {}) {
  const res = await t.call('GET', `${path}/admin`, { token: t.adminToken, query: { size: 100, ...query } });
  expect(res.status).toBe(200);
  return res.json;
}

describe('POST /api/test-drives', () => {
  it('stores a valid booking and answers a receipt without internal ids', async () => {
    const body = testDriveBody(carId, { phone: '+84 901 234 567', email: 'Khach.A@Example.COM' });
    const res = await post('/api/test-drives', body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      type: 'TEST_DRIVE',
      status: 'NEW',
      fullName: 'Nguyễn Văn A',
      carLabel: 'Toyota Vios 1.5G 2020',
      preferredDate: body.preferredDate,
      timeSlot: body.timeSlot,
      message: LEAD_THANK_YOU.TEST_DRIVE,
    });
    expect(res.json.reference).toMatch(/^LT-[0-9A-F]{8}$/);
    expect(res.json).not.toHaveProperty('leadId');

    const page = await adminList('/api/test-drives', { search: res.json.reference });
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toMatchObject({
      phone: '0901234567',
      email: 'khach.a@example.com',
      carId,
      status: 'NEW',
      statusLabel: 'Mới',
      message: 'Muốn lái thử trên cao tốc',
    });
  });

  it('accepts dd/mm/yyyy and the last day of the 60-day window', async () => {
    const last = inDays(60);
    const dmy = `${last.slice(8, 10)}/${last.slice(5, 7)}/${last.slice(0, 4)}`;
    const res = await post(
      '/api/test-drives',
      testDriveBody(carId, { preferredDate: dmy, timeSlot: '17:00' }),
    );
    expect(res.status).toBe(201);
    expect(res.json.preferredDate).toBe(last);
  });

  it('answers every missing field with a Vietnamese message', async () => {
    const res = await post('/api/test-drives', {});
    expect(res.status).toBe(400);
    expect(res.json.errors).toMatchObject({
      fullName: expect.stringMatching(/Họ và tên/),
      phone: 'Vui lòng nhập số điện thoại',
      carId: 'Vui lòng chọn xe',
      preferredDate: 'Vui lòng chọn ngày',
      timeSlot: 'Vui lòng chọn khung giờ',
    });
    // The request id is optional (the Idempotency-Key header or the repeat rule stand in for it).
    expect(res.json.errors).not.toHaveProperty('clientRequestId');
  });

  it.each([
    [{ phone: '0123456789' }, 'phone', 'Số điện thoại không hợp lệ'],
    [{ phone: '+8490123456' }, 'phone', 'Số điện thoại không hợp lệ'],
    [{ email: 'khong-phai-email' }, 'email', 'Email không hợp lệ'],
    [{ fullName: '   ' }, 'fullName', 'Vui lòng nhập họ và tên'],
    [{ preferredDate: inDays(-1) }, 'preferredDate', 'Ngày hẹn không được ở trong quá khứ'],
    [{ preferredDate: inDays(61) }, 'preferredDate', 'Chỉ nhận đặt lịch trong vòng 60 ngày tới'],
    [{ preferredDate: '31/02/2026' }, 'preferredDate', 'Ngày không hợp lệ'],
    [{ timeSlot: '9h' }, 'timeSlot', 'Khung giờ không hợp lệ'],
    [{ clientRequestId: 'abc' }, 'clientRequestId', 'Mã yêu cầu không hợp lệ'],
    [{ carId: 'xe' }, 'carId', 'Vui lòng chọn xe'],
  ])('refuses %j', async (override, field, message) => {
    const res = await post('/api/test-drives', testDriveBody(carId, override));
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });

  it.each(['07:30', '17:30', '18:00', '08:15'])(
    'refuses the slot %s outside the opening hours (8:00 - 18:00)',
    async (slot) => {
      const res = await post('/api/test-drives', testDriveBody(carId, { timeSlot: slot }));
      expect(res.status).toBe(400);
      expect(res.json.errors.timeSlot).toBe(LEAD_MESSAGES.slotClosed);
    },
  );

  it('follows the opening hours of the settings', async () => {
    const put = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { openingHours: '7:30 - 20:00 hằng ngày' },
    });
    expect(put.status).toBe(200);
    expect((await post('/api/test-drives', testDriveBody(carId, { timeSlot: '07:30' }))).status).toBe(201);
    expect((await post('/api/test-drives', testDriveBody(carId, { timeSlot: '19:00' }))).status).toBe(201);
    expect((await post('/api/test-drives', testDriveBody(carId, { timeSlot: '19:30' }))).status).toBe(400);
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { openingHours: '8:00 - 18:00' },
    });
  });

  it('refuses a car visitors cannot see', async () => {
    const sold = await createCar(t, { carName: 'Mazda CX-5 2.0', brand: 'Mazda', model: 'CX-5', year: 2021 });
    await hideCar(t, sold);
    for (const id of [sold, 999_999]) {
      const res = await post('/api/test-drives', testDriveBody(id));
      expect(res.status).toBe(400);
      expect(res.json.errors.carId).toBe(LEAD_MESSAGES.carUnavailable);
    }
  });
});

describe('POST /api/maintenance', () => {
  it('normalises the phone, the plate and the odometer', async () => {
    const res = await post('/api/maintenance', maintenanceBody());
    expect(res.status).toBe(201);
    expect(res.json.reference).toMatch(/^BD-/);
    expect(res.json.timeSlot).toBeNull();
    const page = await adminList('/api/maintenance', { search: '51G12345' });
    expect(page.content[0]).toMatchObject({
      phone: '0912345678',
      email: null,
      licencePlate: '51G-123.45',
      make: 'Honda',
      model: 'City',
      year: 2019,
      odometer: 45_000,
      serviceType: 'PERIODIC',
      serviceTypeLabel: 'Bảo dưỡng định kỳ',
    });
  });

  it.each([
    ['30A-123.45', '30A-123.45', '10:00'],
    ['30a12345', '30A-123.45', '10:30'],
    ['51G-1234', '51G-1234', '11:00'],
    ['51LD 123.45', '51LD-123.45', '11:30'],
  ])('reads the plate %s as %s', async (input, stored, timeSlot) => {
    const res = await post(
      '/api/maintenance',
      maintenanceBody({ licencePlate: input, serviceType: 'REPAIR', timeSlot }),
    );
    expect(res.status).toBe(201);
    const page = await adminList('/api/maintenance', { search: res.json.reference });
    expect(page.content[0].licencePlate).toBe(stored);
  });

  it.each([
    [
      { licencePlate: 'ABC-123' },
      'licencePlate',
      'Biển số xe không hợp lệ (ví dụ: 30A-123.45 hoặc 51G-12345)',
    ],
    [{ licencePlate: '' }, 'licencePlate', 'Vui lòng nhập biển số xe'],
    [{ year: 1800 }, 'year', 'Năm sản xuất không hợp lệ'],
    [{ year: 2999 }, 'year', 'Năm sản xuất không hợp lệ'],
    [{ odometer: -5 }, 'odometer', 'Số km đã đi không hợp lệ'],
    [{ odometer: '' }, 'odometer', 'Vui lòng nhập số km đã đi'],
    [{ serviceType: 'WASH' }, 'serviceType', 'Vui lòng chọn loại dịch vụ'],
    [{ make: '' }, 'make', 'Vui lòng nhập hãng xe'],
    [{ preferredDate: inDays(-3) }, 'preferredDate', 'Ngày hẹn không được ở trong quá khứ'],
  ])('refuses %j', async (override, field, message) => {
    const res = await post('/api/maintenance', maintenanceBody(override));
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });
});

describe('POST /api/consulting', () => {
  it('stores a request with or without a car', async () => {
    const plain = await post('/api/consulting', consultingBody({ carId: '' }));
    expect(plain.status).toBe(201);
    expect(plain.json).toMatchObject({ type: 'CONSULTING', carLabel: null, preferredDate: null });
    const withCar = await post('/api/consulting', consultingBody({ carId, topic: 'BUY' }));
    expect(withCar.status).toBe(201);
    expect(withCar.json.carLabel).toBe('Toyota Vios 1.5G 2020');
    const page = await adminList('/api/consulting', { search: withCar.json.reference });
    expect(page.content[0]).toMatchObject({
      email: 'cuong.le@example.com',
      topic: 'BUY',
      topicLabel: 'Mua xe',
      carId,
    });
  });

  it.each([
    [{ email: '' }, 'email', 'Email không hợp lệ'],
    [{ topic: 'LOAN' }, 'topic', 'Vui lòng chọn nội dung cần tư vấn'],
    [{ message: '' }, 'message', 'Vui lòng nhập nội dung'],
    [{ carId: -1 }, 'carId', 'Xe không hợp lệ'],
  ])('refuses %j', async (override, field, message) => {
    const res = await post('/api/consulting', consultingBody(override));
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
  });
});

describe('spam and double submission', () => {
  it('limits each form to 5 submissions per address in 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await post('/api/consulting', consultingBody(), ip)).status).toBe(201);
    const refused = await post('/api/consulting', consultingBody(), ip);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(LEAD_RATE_LIMIT_MESSAGE);
    // Another form and another address are counted apart.
    expect((await post('/api/maintenance', maintenanceBody(), ip)).status).toBe(201);
    expect((await post('/api/consulting', consultingBody())).status).toBe(201);
  });

  raceTest('turns a double click into one lead, answering the same receipt', async () => {
    const body = testDriveBody(carId, { fullName: 'Phạm Nhấp Đúp' });
    const ip = freshIp();
    const [a, b] = await Promise.all([
      post('/api/test-drives', body, ip),
      post('/api/test-drives', body, ip),
    ]);
    const c = await post('/api/test-drives', body, ip);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(c.status).toBe(200);
    expect(b.json.reference).toBe(a.json.reference);
    expect(c.json).toEqual((a.status === 201 ? a : b).json);
    const page = await adminList('/api/test-drives', { search: 'nhap dup' });
    expect(page.totalElements).toBe(1);
  });

  it('does not count replays against the limit', async () => {
    const ip = freshIp();
    const body = consultingBody();
    for (let i = 0; i < 8; i++)
      expect((await post('/api/consulting', body, ip)).status).toBe(i === 0 ? 201 : 200);
  });

  it('refuses a request id reused on another form', async () => {
    const id = uuid();
    expect((await post('/api/consulting', consultingBody({ clientRequestId: id }))).status).toBe(201);
    const res = await post('/api/maintenance', maintenanceBody({ clientRequestId: id }));
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(LEAD_MESSAGES.reusedKey);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const before = await adminList('/api/consulting');
    const res = await post(
      '/api/consulting',
      consultingBody({ website: 'http://spam.example', fullName: 'Rô Bốt Quảng Cáo' }),
    );
    expect(res.status).toBe(201);
    expect(res.json.message).toBe(LEAD_THANK_YOU.CONSULTING);
    const after = await adminList('/api/consulting');
    expect(after.totalElements).toBe(before.totalElements);
    expect((await adminList('/api/consulting', { search: 'ro bot' })).totalElements).toBe(0);
  });

  it('answers a filled honeypot exactly as a real submission (same checks, same receipt)', async () => {
    const realBody = testDriveBody(carId);
    const real = await post('/api/test-drives', realBody);
    const trapBody = testDriveBody(carId, { website: 'http://spam.example' });
    const trap = await post('/api/test-drives', trapBody);
    expect(trap.status).toBe(real.status);
    expect(Object.keys(trap.json).sort()).toEqual(Object.keys(real.json).sort());
    for (const key of ['type', 'status', 'fullName', 'carLabel', 'message'])
      expect(trap.json[key], key).toEqual(real.json[key]);
    expect([trap.json.preferredDate, trap.json.timeSlot]).toEqual([
      trapBody.preferredDate,
      trapBody.timeSlot,
    ]);
    expect(trap.json.manageUrl).toMatch(/\/lich-hen\//);
    // A slot a person has taken is refused to the trap too.
    const taken = await post('/api/test-drives', {
      ...trapBody,
      clientRequestId: uuid(),
      preferredDate: realBody.preferredDate,
      timeSlot: realBody.timeSlot,
    });
    expect(taken.status).toBe(409);
    expect(trap.json.reference).toMatch(/^[A-Z]+-[0-9A-F]{8}$/);
    expect(trap.headers['content-type']).toBe(real.headers['content-type']);
    // A bad car is refused for the trap as for a person: no difference to probe.
    const badCar = await post('/api/test-drives', testDriveBody(999999, { website: 'http://spam.example' }));
    expect(badCar.status).toBe(400);
  });

  it('refuses a malformed body without a 5xx', async () => {
    const res = await t.call('POST', '/api/test-drives', {
      body: '{"fullName":',
      headers: { 'content-type': 'application/json', ...asIp(freshIp()) },
    });
    expect(res.status).toBe(400);
    const huge = await post('/api/consulting', consultingBody({ message: 'x'.repeat(5000) }));
    expect(huge.status).toBe(400);
    expect(huge.json.errors.message).toBe('Nội dung tối đa 2000 ký tự');
  });
});
