import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_MESSAGES, ALERTS_PER_EMAIL } from '../../src/contract/alerts';
import { startTestApp, type TestApp } from '../helpers/app';
import { addCar, mailsTo, mailTo, saveSearch, sell, tokenIn, watchPrice } from './alerts-fixtures';
import { asIp, freshIp } from './leads-fixtures';

/** Signing up: saved searches and price alerts, their checks, limits, and the double opt-in's confirmation. */

let t: TestApp;
let staff: { token: string };
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on', PUBLIC_URL: 'https://autoviet.example' });
  staff = await t.createStaff(['MANAGE_CAR']);
  carId = await addCar(t, staff.token, { carName: 'Mazda CX-5 2.0 Premium', brand: 'Mazda', model: 'CX-5' });
});
afterAll(() => t.close());

describe('POST /api/saved-searches', () => {
  it('saves the filters waiting for confirmation and mails the confirmation link (nothing else)', async () => {
    const res = await saveSearch(t, 'Khach.Mot@Example.COM', {
      brand: 'Toyota',
      bodyType: 'SUV',
      maxPrice: '800.000.000',
      page: 3,
      sort: 'price_asc',
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({
      confirmationSent: true,
      message: ALERT_MESSAGES.sentConfirmation,
      subscription: {
        kind: 'search',
        kindLabel: 'Xe mới theo bộ lọc',
        status: 'pending',
        statusLabel: 'Chờ xác nhận',
        description: 'Toyota · SUV · Giá đến 800 triệu',
        // The list's own names and values; page and sort are the list's, not the search's.
        filters: { brand: 'Toyota', bodyType: 'SUV', maxPrice: 800_000_000 },
        listPath: '/cars?brand=Toyota&bodyType=SUV&maxPrice=800000000',
        confirmedAt: null,
      },
    });
    const mail = await mailTo(t, 'khach.mot@example.com', 'Xác nhận nhận thông báo');
    // The answer names every filter; the mail only those chosen from a list (the brand is typed).
    expect(mail.text).toContain('Xe mới theo bộ lọc: SUV · Giá đến 800 triệu, cùng điều kiện bạn đã nhập');
    expect(mail.text).toContain('https://autoviet.example/alerts/confirm?token=c.');
    expect(mail.html).toContain('Xác nhận nhận thông báo');
    expect(tokenIn(mail.text, '/alerts/confirm')).toMatch(/^c\.\d+\./);
    expect(mailsTo(t, 'khach.mot@example.com')).toHaveLength(1);
  });

  it('answers the same search again with 200 and sends the confirmation again while it waits', async () => {
    const email = 'lap.lai@example.com';
    const first = await saveSearch(t, email, { brand: 'Kia', minPrice: 300_000_000 });
    expect(first.status).toBe(201);
    // The same filters written another way (a string, another order) are the same search.
    const again = await saveSearch(t, email, { minPrice: '300000000', brand: 'Kia' });
    expect(again.status, again.body).toBe(200);
    expect(again.json.message).toBe(ALERT_MESSAGES.resentConfirmation);
    expect(again.json.subscription.subscriptionId).toBe(first.json.subscription.subscriptionId);
    await expect.poll(() => mailsTo(t, email).length).toBe(2);
  });

  it('refuses bad input with the Vietnamese message: e-mail, ranges, filters no car can ever match', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'khong-phai-email', filters: {} }, 'Email không hợp lệ'],
      [{ filters: {} }, 'Vui lòng nhập email'],
      [
        { email: 'a@example.com', filters: { minPrice: 900_000_000, maxPrice: 500_000_000 } },
        'Giá tối thiểu không được lớn hơn giá tối đa',
      ],
      [
        { email: 'a@example.com', filters: { minOdo: 90_000, maxOdo: 10_000 } },
        'Số km tối thiểu không được lớn hơn số km tối đa',
      ],
      [
        { email: 'a@example.com', filters: { year: new Date().getFullYear() + 5 } },
        `Chưa thể có xe đời ${new Date().getFullYear() + 5}`,
      ],
      [{ email: 'a@example.com', filters: { year: 1950 } }, 'Showroom chỉ bán xe đời từ 1980 trở lên'],
      [{ email: 'a@example.com', filters: { maxPrice: 500_000 } }, 'không có xe nào dưới 1 triệu'],
      [{ email: 'a@example.com', filters: { bodyType: 'TAU_NGAM' } }, 'Kiểu dáng không hợp lệ'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('POST', '/api/saved-searches', { body, headers: asIp(freshIp()) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toContain(message);
    }
    expect(mailsTo(t, 'a@example.com')).toHaveLength(0);
  });
});

describe('POST /api/cars/{carId}/price-watch', () => {
  it('watches a car from its current price and mails the confirmation', async () => {
    const res = await watchPrice(t, carId, 'theo.doi@example.com');
    expect(res.status, res.body).toBe(201);
    expect(res.json.subscription).toMatchObject({
      kind: 'price',
      kindLabel: 'Báo giảm giá',
      status: 'pending',
      carId,
      carName: 'Mazda CX-5 2.0 Premium',
      carPrice: 458_000_000,
      filters: null,
    });
    const mail = await mailTo(t, 'theo.doi@example.com');
    expect(mail.text).toContain('Báo khi giảm giá: Mazda CX-5 2.0 Premium 2021 (giá hiện tại 458 triệu)');
  });

  it('answers 404 for a car that does not exist, 409 with two similar cars for a sold one, 400 for a bad id', async () => {
    expect((await watchPrice(t, 999_999, 'x@example.com')).json).toMatchObject({
      status: 404,
      message: 'Không tìm thấy xe',
    });
    await addCar(t, staff.token, { carName: 'Mazda 3 Luxury', brand: 'Mazda', model: '3' });
    await addCar(t, staff.token, { carName: 'Mazda CX-8 Premium', brand: 'Mazda', model: 'CX-8' });
    const sold = await addCar(t, staff.token, { carName: 'Mazda 6 Signature', brand: 'Mazda', model: '6' });
    await sell(t, staff.token, sold);
    const refused = await watchPrice(t, sold, 'x@example.com');
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(ALERT_MESSAGES.carSold);
    expect(refused.json.similar).toHaveLength(2);
    const bad = await t.call('POST', '/api/cars/abc/price-watch', { body: { email: 'x@example.com' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã xe không hợp lệ');
    expect((await watchPrice(t, carId, 'sai@')).json.message).toBe('Email không hợp lệ');
  });
});

describe('limits', () => {
  it(`holds at most ${ALERTS_PER_EMAIL} subscriptions per address (409), counting waiting ones`, async () => {
    const email = 'nhieu.qua@example.com';
    for (let i = 0; i < ALERTS_PER_EMAIL - 1; i++) {
      const res = await saveSearch(t, email, { minPrice: (i + 1) * 100_000_000 });
      expect(res.status, res.body).toBe(201);
      // The address's own daily cap on confirmation mails is not what this test is about.
      await t.ctx.counters.remove(`alert-confirmation:${email}`);
    }
    expect((await watchPrice(t, carId, email)).status).toBe(201);
    await t.ctx.counters.remove(`alert-confirmation:${email}`);
    const over = await saveSearch(t, email, { brand: 'Honda' });
    expect(over.status).toBe(409);
    expect(over.json.message).toBe(ALERT_MESSAGES.tooMany);
    // The same sign-up again is not a new one: still answered.
    expect((await saveSearch(t, email, { minPrice: 100_000_000 })).status).toBe(200);
  });

  it('refuses a flood of sign-ups from one IP address with 429 (shared counters)', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await saveSearch(t, `lu.${i}@example.com`, { brand: 'Ford' }, ip)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    const refused = await watchPrice(t, carId, 'lu.x@example.com', ip);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(ALERT_MESSAGES.flood);
    // Another visitor is not held back.
    expect((await saveSearch(t, 'lu.khac@example.com', { brand: 'Ford' })).status).toBe(201);
  });

  it('refuses more than five confirmation mails a day to one address, whoever asks (429)', async () => {
    const email = 'nan.nhan@example.com';
    for (let i = 0; i < 5; i++) expect((await saveSearch(t, email, { minOdo: i * 1000 })).status).toBe(201);
    const refused = await saveSearch(t, email, { minOdo: 99_000 });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toBe(ALERT_MESSAGES.mailFlood);
    await expect.poll(() => mailsTo(t, email).length).toBe(5);
  });
});

describe('GET /api/favorites/cars', () => {
  it('answers the cars of a favourites list in its order with price and status, sold ones too, missing ones left out', async () => {
    const sold = await addCar(t, staff.token, {
      carName: 'Kia Carnival Signature',
      brand: 'Kia',
      model: 'Carnival',
    });
    await sell(t, staff.token, sold);
    const res = await t.call('GET', '/api/favorites/cars', {
      query: { ids: `${sold}, 999999,${carId},${sold}` },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.map((c: { carId: number; status: string }) => [c.carId, c.status])).toEqual([
      [sold, 'sold'],
      [carId, 'available'],
    ]);
    expect(res.json[1]).toMatchObject({ carName: 'Mazda CX-5 2.0 Premium', sellPrice: 458_000_000 });
  });

  it('refuses a list that is not one (400) or longer than 50 cars', async () => {
    for (const [ids, message] of [
      ['1,abc', 'Danh sách xe yêu thích không hợp lệ'],
      ['', 'Danh sách xe yêu thích không hợp lệ'],
      [Array.from({ length: 51 }, (_, i) => i + 1).join(','), 'Danh sách yêu thích có tối đa 50 xe'],
    ]) {
      const res = await t.call('GET', '/api/favorites/cars', { query: { ids } });
      expect(res.status, ids).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await t.call('GET', '/api/favorites/cars')).json.message).toBe('Vui lòng chọn xe');
  });
});

describe('POST /api/alerts/admin/digest', () => {
  it('is the administrator’s alone: 401 without signing in, 403 for other staff', async () => {
    expect((await t.call('POST', '/api/alerts/admin/digest')).status).toBe(401);
    const res = await t.call('POST', '/api/alerts/admin/digest', { token: staff.token });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe('Bạn không có quyền thực hiện thao tác này');
    expect((await t.call('POST', '/api/alerts/admin/digest', { token: t.adminToken })).status).toBe(200);
  });
});
