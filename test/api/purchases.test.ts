import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import type { LeadDetail, LeadView } from '../../src/contract/leads';
import { cars, notifications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import { carBody, multipart, pdfBytes, smallJpeg } from './cars-fixtures';
import { createCar, freshIp, hideCar, inDays, postTestDrive } from './leads-fixtures';
import { newPurchase, offer, postPurchase, purchaseBody } from './purchases-fixtures';
import { importPriceList } from './valuation-fixtures';

let t: TestApp;
let service: { id: number; token: string };
let carManager: { id: number; token: string };
let both: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  service = await t.createStaff(['MANAGE_SERVICE']);
  carManager = await t.createStaff(['MANAGE_CAR']);
  both = await t.createStaff(['MANAGE_SERVICE', 'MANAGE_CAR']);
  await importPriceList(t, carManager.token);
}, 60_000);
afterAll(() => t.close());

const detail = async (id: number, token = service.token) => {
  const res = await t.call('GET', `/api/purchases/admin/${id}`, { token });
  expect(res.status, res.body).toBe(200);
  return res.json as LeadDetail;
};
const setStatus = (id: number, status: string, token = service.token) =>
  t.call('PUT', `/api/purchases/admin/${id}/status`, { token, body: { status } });

describe('POST /api/purchases (public)', () => {
  it('stores the seller\u2019s car with the engine\u2019s figures and two photos, and rings the service staff', async () => {
    const body = purchaseBody();
    const res = await postPurchase(t, body, 2);
    expect(res.status, res.body).toBe(201);
    expect(res.json).toMatchObject({ type: 'PURCHASE', status: 'NEW', fullName: 'Lê Văn Bán' });
    expect(res.json.reference).toMatch(/^TM-[0-9A-F]{8}$/);
    expect(res.json.message).toContain('Gửi thông tin bán xe thành công');

    const list = await t.call('GET', '/api/purchases/admin', {
      token: service.token,
      query: { search: res.json.reference },
    });
    expect(list.status).toBe(200);
    const lead = list.json.content[0] as LeadView;
    expect(lead).toMatchObject({
      typeLabel: 'Thu mua xe',
      statusLabel: 'Mới',
      make: 'Toyota',
      model: 'Vios 1.5G CVT',
      year: 2020,
      odometer: 60_000,
      phone: '0912345678',
      preferredDate: body.preferredDate,
    });
    expect(lead.purchase).toMatchObject({
      version: '1.5G CVT',
      transmission: 'AUTOMATIC',
      fuel: 'PETROL',
      owners: 1,
      accident: false,
      flood: false,
      serviceHistory: true,
      tradeIn: false,
      offer: null,
      boughtCarId: null,
    });
    // Computed by the server from the imported prices, not sent by the visitor.
    const v = lead.purchase!.valuation!;
    expect(v.estimate).toBeGreaterThan(200_000_000);
    expect(v.low).toBeLessThan(v.estimate);
    expect(v.high).toBeGreaterThan(v.estimate);
    expect(lead.purchase!.photos).toHaveLength(2);
    const photo = await t.call('GET', lead.purchase!.photos[0].image.src);
    expect(photo.status).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');

    const bells = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, service.id));
    const bell = bells.find((n) => n.link === `/dashboard/purchaseManagement?id=${lead.leadId}`);
    expect(bell?.message).toBe(
      `Khách hàng Lê Văn Bán muốn bán xe Toyota Vios 1.5G CVT 2020, hẹn kiểm tra ngày ${body.preferredDate.split('-').reverse().join('/')}`,
    );

    // The same request again (a retry): the same receipt, no second lead.
    const again = await postPurchase(t, body, 0);
    expect(again.status).toBe(200);
    expect(again.json.reference).toBe(res.json.reference);
  });

  it('keeps a car the engine cannot value, without figures (the showroom values it by hand)', async () => {
    const id = await newPurchase(t, service.token, { brand: 'Lada', model: 'Niva', version: '' });
    const lead = await detail(id);
    expect(lead.purchase?.valuation).toBeNull();
    expect(lead.purchase?.photos).toEqual([]);
  });

  it('links a trade-in to the car wanted, and refuses a car that is no longer for sale', async () => {
    const carId = await createCar(t, {
      carName: 'Mazda CX-5 2.0 Premium',
      brand: 'Mazda',
      model: 'CX-5',
      year: 2022,
    });
    const id = await newPurchase(t, service.token, { carId });
    const lead = await detail(id);
    expect(lead.carId).toBe(carId);
    expect(lead.carLabel).toBe('Mazda CX-5 2.0 Premium 2022');
    expect(lead.purchase?.tradeIn).toBe(true);

    await hideCar(t, carId);
    const res = await postPurchase(t, purchaseBody({ carId }));
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Xe bạn chọn hiện không còn được bán, vui lòng chọn xe khác');
  });

  it('refuses bad input with Vietnamese messages, files that are not photos, and more than 10 photos', async () => {
    const missing = await postPurchase(t, purchaseBody({ brand: '' }));
    expect(missing.status).toBe(400);
    expect(missing.json.errors.brand).toBe('Vui lòng nhập hãng xe');
    const phone = await postPurchase(t, purchaseBody({ phone: '12345' }));
    expect(phone.status).toBe(400);
    expect(phone.json.errors.phone).toBeTruthy();
    const past = await postPurchase(t, purchaseBody({ preferredDate: inDays(-1) }));
    expect(past.status).toBe(400);
    expect(past.json.message).toBe('Ngày hẹn không được ở trong quá khứ');

    const pdf = await postPurchase(t, purchaseBody(), 0, freshIp(), [
      { name: 'photos', filename: 'giay-to.pdf', data: pdfBytes() },
    ]);
    expect(pdf.status).toBe(415);
    expect(pdf.json.message).toContain('không phải ảnh hợp lệ');

    const jpeg = await smallJpeg();
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      name: 'photos',
      filename: `${i}.jpg`,
      data: jpeg,
    }));
    const many = await postPurchase(t, purchaseBody(), 0, freshIp(), eleven);
    expect(many.status).toBe(413);
    expect(many.json.message).toBe('Chỉ được tải lên tối đa 10 ảnh mỗi lần');

    const big = await postPurchase(t, purchaseBody(), 0, freshIp(), [
      { name: 'photos', filename: 'lon.jpg', data: Buffer.concat([jpeg, Buffer.alloc(9 * 1024 * 1024)]) },
    ]);
    expect(big.status).toBe(413);
    expect(big.json.message).toBe('Ảnh "lon.jpg" vượt quá dung lượng tối đa 8 MB');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const body = purchaseBody({ website: 'http://spam.example' });
    const res = await postPurchase(t, body, 1);
    expect(res.status).toBe(201);
    const list = await t.call('GET', '/api/purchases/admin', {
      token: service.token,
      query: { search: res.json.reference },
    });
    expect(list.json.totalElements).toBe(0);
  });

  it('limits an address to 5 leads in 10 minutes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await postPurchase(t, purchaseBody(), 0, ip)).status).toBe(201);
    const sixth = await postPurchase(t, purchaseBody(), 0, ip);
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toBe('Bạn đã gửi quá nhiều yêu cầu, vui lòng thử lại sau 10 phút');
  });
});

describe('the buy-in workflow', () => {
  it('has its own statuses; the other types keep theirs', async () => {
    const id = await newPurchase(t, service.token);
    let lead = await detail(id);
    expect(lead.nextStatuses).toEqual(['CONTACTED', 'SCHEDULED', 'OFFERED', 'DECLINED']);

    const toBought = await setStatus(id, 'BOUGHT');
    expect(toBought.status).toBe(409);
    expect(toBought.json.message).toBe('Không thể chuyển trạng thái từ "Mới" sang "Đã mua"');
    const toDone = await setStatus(id, 'DONE');
    expect(toDone.status).toBe(409);
    const toOffered = await setStatus(id, 'OFFERED');
    expect(toOffered.status).toBe(400);
    expect(toOffered.json.message).toBe('Hãy dùng "Báo giá" để ghi giá chào mua và hạn báo giá');

    expect((await setStatus(id, 'CONTACTED')).status).toBe(200);
    const scheduled = await setStatus(id, 'SCHEDULED');
    expect(scheduled.status).toBe(200);
    lead = scheduled.json as LeadDetail;
    expect(lead.statusLabel).toBe('Hẹn kiểm tra');
    expect(lead.nextStatuses).toEqual(['OFFERED', 'DECLINED']);
    expect(lead.events[0].text).toBe('Chuyển trạng thái từ "Đã liên hệ" sang "Hẹn kiểm tra"');
    expect(lead.firstResponseAt).not.toBeNull();

    const declined = await setStatus(id, 'DECLINED');
    expect(declined.json.statusLabel).toBe('Không mua');
    expect(declined.json.nextStatuses).toEqual([]);

    // A test drive cannot take a buy-in's statuses.
    const carId = await createCar(t);
    const tdId = (await postTestDrive(t, carId)).leadId as number;
    const wrong = await t.call('PUT', `/api/test-drives/admin/${tdId}/status`, {
      token: service.token,
      body: { status: 'OFFERED' },
    });
    expect(wrong.status).toBe(409);
    const tdDetail = await t.call('GET', `/api/test-drives/admin/${tdId}`, { token: service.token });
    expect(tdDetail.json.nextStatuses).toEqual(['CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED']);
    expect(tdDetail.json.purchase).toBeNull();
  });

  it('records an offer valid 7 days by default and e-mails it to the seller', async () => {
    const id = await newPurchase(t, service.token, { email: 'ban.xe.7ngay@example.com' });
    const res = await offer(t, service.token, id, { amount: '415.000.000', note: 'Sau khi kiểm tra gầm' });
    expect(res.status, res.body).toBe(200);
    const lead = res.json as LeadDetail;
    const today = vnDayKey(new Date());
    const week = vnDayKey(new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000));
    expect(lead.status).toBe('OFFERED');
    expect(lead.statusLabel).toBe('Đã báo giá');
    expect(lead.purchase?.offer).toMatchObject({
      amount: 415_000_000,
      validUntil: week,
      expired: false,
      emailed: true,
    });
    expect(lead.nextStatuses).toEqual(['BOUGHT', 'DECLINED']);
    expect(lead.events[0]).toMatchObject({ kind: 'OFFER', text: 'Báo giá thu mua cho khách' });
    expect(lead.events[0].note).toContain('Giá chào mua 415 triệu (415.000.000 VNĐ)');
    expect(lead.events[0].note).toContain('Sau khi kiểm tra gầm');
    expect(lead.events[1]).toMatchObject({ kind: 'STATUS', toStatus: 'OFFERED' });

    const mail = await t.mailContaining('ban.xe.7ngay@example.com', 'Giá chào mua:');
    expect(mail).toContain('Giá chào mua: 415 triệu (415.000.000 VNĐ)');
    expect(mail).toContain(`Hiệu lực đến hết ngày: ${week.split('-').reverse().join('/')}`);
    expect(mail).toContain(lead.reference);

    // A revised offer replaces the first one, the status stays.
    const revised = await offer(t, service.token, id, {
      amount: 420_000_000,
      validUntil: inDays(3).split('-').reverse().join('/'),
    });
    expect(revised.status).toBe(200);
    expect(revised.json.purchase.offer).toMatchObject({ amount: 420_000_000, validUntil: inDays(3) });
    expect(revised.json.events.filter((e: { kind: string }) => e.kind === 'STATUS')).toHaveLength(1);
  });

  it('tells the seller without e-mail by phone: the offer is recorded, nothing is sent', async () => {
    const before = t.outbox().length;
    const id = await newPurchase(t, service.token, { email: '' });
    const res = await offer(t, service.token, id, { amount: 300_000_000 });
    expect(res.status).toBe(200);
    expect(res.json.purchase.offer.emailed).toBe(false);
    // Other mails (a staff member's assignment) may arrive meanwhile: no offer is among them.
    const offers = t
      .outbox()
      .slice(before)
      .map(decodeMail)
      .filter((m) => m.includes('Giá chào mua:'));
    expect(offers).toEqual([]);
  });

  it('refuses a bad offer with Vietnamese messages, and an offer on a closed lead', async () => {
    const id = await newPurchase(t, service.token);
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Vui lòng nhập giá chào mua'],
      [{ amount: 5_000_000 }, 'Giá chào mua phải từ 10 triệu đồng'],
      [{ amount: 'abc' }, 'Vui lòng nhập giá chào mua'],
      [{ amount: 400_000_000, validUntil: '31/02/2026' }, 'Hạn báo giá không hợp lệ'],
      [{ amount: 400_000_000, validUntil: inDays(-1) }, 'Hạn báo giá không được ở trong quá khứ'],
      [{ amount: 400_000_000, validUntil: inDays(61) }, 'Hạn báo giá tối đa 60 ngày kể từ hôm nay'],
    ];
    for (const [body, message] of cases) {
      const res = await offer(t, service.token, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    await setStatus(id, 'DECLINED');
    const closed = await offer(t, service.token, id, { amount: 400_000_000 });
    expect(closed.status).toBe(409);
    expect(closed.json.message).toBe('Yêu cầu thu mua đã kết thúc, không thể báo giá');
    expect((await offer(t, service.token, 999_999, { amount: 400_000_000 })).status).toBe(404);
  });

  it('keeps the offer and the purchase to their holders', async () => {
    const id = await newPurchase(t, service.token);
    expect((await t.call('POST', `/api/purchases/admin/${id}/offer`, { body: { amount: 4e8 } })).status).toBe(
      401,
    );
    expect((await offer(t, carManager.token, id, { amount: 4e8 })).status).toBe(403);
    expect(
      (await t.call('GET', `/api/purchases/admin/${id}/car-draft`, { token: service.token })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/purchases/admin/${id}/car-draft`)).status).toBe(401);
    expect(
      (await t.call('POST', `/api/purchases/admin/${id}/buy`, { token: service.token, body: carBody() }))
        .status,
    ).toBe(403);
    expect((await t.call('GET', '/api/purchases/admin', { token: carManager.token })).status).toBe(403);
  });

  it('prefills the car form from an offered lead and enters the bought car in stock in one step', async () => {
    const id = await newPurchase(t, service.token, { owners: 2 }, 2);
    const early = await t.call('GET', `/api/purchases/admin/${id}/car-draft`, { token: both.token });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('Chỉ nhập kho được xe đã báo giá (trạng thái "Đã báo giá")');
    await offer(t, both.token, id, { amount: 410_000_000 });

    const draft = await t.call('GET', `/api/purchases/admin/${id}/car-draft`, { token: both.token });
    expect(draft.status, draft.body).toBe(200);
    expect(draft.json).toMatchObject({
      leadId: id,
      brand: 'Toyota',
      model: 'Vios',
      version: '1.5G CVT',
      year: 2020,
      odo: 60_000,
      transmission: 'AUTOMATIC',
      fuel: 'PETROL',
      previousOwners: 2,
      purchasePrice: 410_000_000,
    });
    expect(draft.json.photos).toHaveLength(2);

    const form = multipart([
      { name: 'car', value: JSON.stringify(carBody({ year: 2020, odo: 60_000, sellPrice: 465_000_000 })) },
      { name: 'images', filename: 'them.jpg', data: await smallJpeg('#00aa00') },
    ]);
    const bought = await t.call('POST', `/api/purchases/admin/${id}/buy`, {
      token: both.token,
      body: form.payload,
      headers: form.headers,
    });
    expect(bought.status, bought.body).toBe(201);
    const carId = bought.json.carId as number;

    const [row] = await t.ctx.db.select().from(cars).where(eq(cars.id, carId));
    expect(row).toMatchObject({
      originLeadId: id,
      purchasePrice: 410_000_000,
      photoCount: 3,
      status: 'available',
    });
    const car = await t.call('GET', `/api/cars/admin/${carId}`, { token: both.token });
    expect(car.json.photos).toHaveLength(3);
    // Copies: the car's photos do not share files with the lead's.
    const lead = await detail(id, both.token);
    expect(car.json.photos.map((p: { src: string }) => p.src)).not.toContain(
      lead.purchase!.photos[0].image.src,
    );
    expect(lead).toMatchObject({ status: 'BOUGHT', statusLabel: 'Đã mua', nextStatuses: [] });
    expect(lead.purchase?.boughtCarId).toBe(carId);
    expect(lead.events[0].note).toBe(`Nhập kho: xe #${carId} Toyota Vios 1.5G CVT`);

    const twice = await t.call('POST', `/api/purchases/admin/${id}/buy`, {
      token: both.token,
      body: carBody(),
    });
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe('Xe của yêu cầu này đã được nhập kho');
  });

  it('refuses a purchase with a bad car and leaves the lead offered', async () => {
    const id = await newPurchase(t, service.token, {}, 1);
    await offer(t, both.token, id, { amount: 400_000_000 });
    const res = await t.call('POST', `/api/purchases/admin/${id}/buy`, {
      token: both.token,
      body: { ...carBody(), sellPrice: -1 },
    });
    expect(res.status).toBe(400);
    expect((await detail(id)).status).toBe('OFFERED');
  });

  it('counts buy-ins with the other lead types', async () => {
    const res = await t.call('GET', '/api/dashboard/service-requests', { token: service.token });
    expect(res.status).toBe(200);
    const purchase = res.json.byType.find((b: { type: string }) => b.type === 'PURCHASE');
    expect(purchase.label).toBe('Thu mua xe');
    expect(purchase.count).toBeGreaterThanOrEqual(8);
  });

  it('shows the share of stock bought from the public on the overview', async () => {
    const res = await t.call('GET', '/api/dashboard/summary', { token: both.token });
    expect(res.status).toBe(200);
    // One car entered stock from a buy-in above; the others were added by staff.
    expect(res.json.stockFromPublic).toBe(1);
    expect(res.json.carsForSale + res.json.pendingCars).toBeGreaterThan(1);
    expect(res.json.stockFromPublicShare).toBeCloseTo(1 / (res.json.carsForSale + res.json.pendingCars));
  });
});
