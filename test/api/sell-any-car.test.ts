import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../src/contract/leads';
import type { ValuationCatalogue } from '../../src/contract/valuations';
import type { ValuationsService } from '../../src/server/modules/valuations/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import { createCar, inDays, uuid } from './leads-fixtures';
import { postPurchase, purchaseBody } from './purchases-fixtures';
import { importPriceList } from './valuation-fixtures';

/**
 * Any car can be offered: a brand, model and version the engine does not know still make a buy-in lead
 * (the engine's 422 offers a person's valuation), on /sell-car and in a trade-in; the catalogue holds
 * every model the imported prices and the showroom's stock know; a seller who gives an e-mail gets the
 * request's reference by mail; other modules ask the valuation service for a range without an error.
 */

let t: TestApp;
let service: { token: string };
let staff: { token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  service = await t.createStaff(['MANAGE_SERVICE']);
  staff = await t.createStaff(['MANAGE_CAR']);
  await importPriceList(t, staff.token);
}, 60_000);
afterAll(() => t.close());

const leadOf = async (reference: string) => {
  const list = await t.call('GET', '/api/purchases/admin', {
    token: service.token,
    query: { search: reference, size: 1 },
  });
  expect(list.json.content, reference).toHaveLength(1);
  const res = await t.call('GET', `/api/purchases/admin/${list.json.content[0].leadId}`, {
    token: service.token,
  });
  return res.json as LeadDetail;
};

/** Messages to `address`, decoded. */
const mailsTo = (address: string) =>
  t
    .outbox()
    .filter((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim().toLowerCase() === address)
    .map(decodeMail);

describe('"Xe khác": a car the engine does not know', () => {
  const other = { brand: 'Chevrolet', model: 'Colorado', version: 'LTZ 2.8 4x4', year: 2019 };

  it('is answered 422 with the reason alone beside the offer of a valuation by a person', async () => {
    const res = await t.call('POST', '/api/valuations', { body: { ...other, odo: 90_000 } });
    expect(res.status).toBe(422);
    expect(res.json.manualValuation).toMatchObject({
      reason: 'no-data',
      detail: 'Chưa có dữ liệu giá của Chevrolet Colorado.',
    });
  });

  it('still makes a buy-in lead with the car as typed, without figures', async () => {
    const res = await postPurchase(t, purchaseBody({ ...other, transmission: 'MANUAL', fuel: 'DIESEL' }));
    expect(res.status, res.body).toBe(201);
    const lead = await leadOf(res.json.reference);
    expect(lead).toMatchObject({ make: 'Chevrolet', model: 'Colorado LTZ 2.8 4x4', year: 2019 });
    expect(lead.purchase).toMatchObject({ version: 'LTZ 2.8 4x4', valuation: null, tradeIn: false });
  });

  it('is accepted in a trade-in for a car on sale', async () => {
    const carId = await createCar(t, { carName: 'Mazda CX-5 2.0 Premium', brand: 'Mazda', model: 'CX-5' });
    const res = await postPurchase(t, purchaseBody({ brand: 'MG', model: 'ZS', version: '', carId }));
    expect(res.status, res.body).toBe(201);
    const lead = await leadOf(res.json.reference);
    expect(lead).toMatchObject({ make: 'MG', model: 'ZS', carId });
    expect(lead.purchase).toMatchObject({ tradeIn: true, valuation: null });
  });
});

describe('the catalogue of the seller’s form', () => {
  it('holds every model with a price: one imported price, one car in stock', async () => {
    await createCar(t, { carName: 'Kia Carnival 2.2D Signature', brand: 'Kia', model: 'Carnival' });
    const c = (await t.call('GET', '/api/valuations/catalogue')).json as ValuationCatalogue;
    const models = (brand: string) => c.brands.find((b) => b.brand === brand)?.models.map((m) => m.model);
    expect(models('Mazda')).toContain('Mazda2');
    expect(models('Kia')).toContain('Carnival');
    expect(models('Toyota')).toContain('Vios');
  });
});

describe('the seller’s confirmation mail', () => {
  it('sends the reference and the inspection day, greeted by name, with nothing else the seller typed', async () => {
    const body = purchaseBody({
      email: 'xac.nhan.ban@example.com',
      fullName: 'Phạm Thị Lan',
      brand: 'Toyota',
      model: 'Vios nhận quà tại evil.example',
      note: 'Gọi 0900000000 để nhận thưởng',
      preferredDate: inDays(4),
    });
    const res = await postPurchase(t, body);
    expect(res.status, res.body).toBe(201);
    const reference = res.json.reference as string;
    await expect.poll(() => mailsTo('xac.nhan.ban@example.com').length).toBe(1);
    const [mail] = mailsTo('xac.nhan.ban@example.com');
    expect(mail).toContain('Xin chào Phạm Thị Lan,');
    expect(mail).toContain(`mã yêu cầu ${reference}`);
    expect(mail).toContain(inDays(4).split('-').reverse().join('/'));
    expect(mail).toContain('Nhân viên thu mua sẽ gọi lại');
    expect(mail).not.toContain('evil.example');
    expect(mail).not.toContain('0900000000');

    // The same request again (a retry): the same receipt, no second mail.
    expect((await postPurchase(t, body)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo('xac.nhan.ban@example.com')).toHaveLength(1);
  });

  it('names the showroom’s car of a trade-in, and sends nothing without an e-mail', async () => {
    const carId = await createCar(t, { carName: 'Honda CR-V L', brand: 'Honda', model: 'CR-V' });
    const res = await postPurchase(
      t,
      purchaseBody({ email: 'doi.xe@example.com', carId, clientRequestId: uuid() }),
    );
    expect(res.status, res.body).toBe(201);
    await expect.poll(() => mailsTo('doi.xe@example.com').length).toBe(1);
    expect(mailsTo('doi.xe@example.com')[0]).toContain('đổi lấy xe Honda CR-V L');

    const before = t.outbox().length;
    const silent = await postPurchase(t, purchaseBody({ email: '' }));
    expect(silent.status).toBe(201);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.outbox().slice(before).map(decodeMail).join('\n')).not.toContain(silent.json.reference);
  });
});

describe('ValuationsService.range (for the advisor)', () => {
  const range = (q: Parameters<ValuationsService['range']>[0]) =>
    (t.services.valuations as ValuationsService).range(q);

  it('answers a range, assuming the usual km when they are not known, and says so', async () => {
    const known = await range({ carName: 'Toyota Vios 1.5G CVT', year: 2021, odo: 70_000 });
    if (!known.ok) throw new Error(known.message);
    expect(known).toMatchObject({ odoAssumed: false, car: { model: 'Vios', odo: 70_000 } });
    expect(known.low).toBeLessThan(known.estimate);
    expect(known.summary).toMatch(/^Giá tham khảo Toyota Vios 1\.5G CVT 2021 \(70\.000 km\): khoảng /);

    const guessed = await range({ brand: 'Toyota', model: 'Vios', year: 2021 });
    if (!guessed.ok) throw new Error(guessed.message);
    expect(guessed.odoAssumed).toBe(true);
    expect(guessed.car.odo).toBeGreaterThan(40_000);
    expect(guessed.summary).toContain('chưa rõ số km, tính theo mức thường gặp');
  });

  it('answers why not, with the offer of a person, for a car it cannot value', async () => {
    const out = await range({ brand: 'Chevrolet', model: 'Colorado', year: 2019, odo: 80_000 });
    expect(out).toMatchObject({
      ok: false,
      reason: 'no-data',
      manualValuation: {
        consultingPath: '/consulting',
        detail: 'Chưa có dữ liệu giá của Chevrolet Colorado.',
      },
    });
    if (!out.ok) expect(out.message).toContain('showroom sẽ định giá trực tiếp cho bạn');
  });
});
