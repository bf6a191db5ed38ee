import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZALO_MESSAGE_KINDS } from '../../src/contract/messaging';
import { alertSubscriptions, zaloMessages } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { type FakeZalo, startFakeZalo } from '../helpers/fake-zalo';
import {
  addCar,
  confirmedSearch,
  confirmedWatch,
  mailsTo,
  reprice,
  saveSearch,
  watchPrice,
} from './alerts-fixtures';
import { asIp, consultingBody, freshIp } from './leads-fixtures';

/**
 * Saved searches and price alerts on Zalo (docs/alerts.md, docs/customers.md): a subscriber who gave a
 * phone and ticked "Nhận thông báo qua Zalo" gets the digest's news as ZNS messages too, against the
 * fake Zalo; without consent, or once stopped, only the e-mail goes; a digest told twice is one message.
 */

const SITE = 'https://autoviet.example';
const clock = new ManualClock();
let zalo: FakeZalo;
let t: TestApp;
let staffToken: string;
let phoneCounter = 0;
const newPhone = () => `0983 ${String(400_000 + ++phoneCounter).padStart(6, '0')}`;
const to84 = (p: string) => `84${p.replace(/\D/g, '').slice(1)}`;
const templates = Object.fromEntries(ZALO_MESSAGE_KINDS.map((k, i) => [k, String(300_000 + i)]));

beforeAll(async () => {
  zalo = await startFakeZalo();
  t = await startTestApp({ TRUST_PROXY: 'on', PUBLIC_URL: SITE, ...zalo.env }, { clock });
  const res = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { zalo: { templates } },
  });
  expect(res.status, res.body).toBe(200);
  staffToken = (await t.createStaff(['MANAGE_CAR'])).token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await zalo?.close();
});

const messagesTo = (phone: string) =>
  t.ctx.db
    .select()
    .from(zaloMessages)
    .where(eq(zaloMessages.phone, to84(phone)))
    .orderBy(zaloMessages.id);
const sentTo = (phone: string) => zalo.sent.filter((m) => m.body.phone === to84(phone));
/** The digest, then the stored jobs that send what it queued. */
async function digest() {
  const run = await t.services.alerts.digest.run();
  await t.services.jobs.runDue();
  return run;
}

describe('a saved search with a phone', () => {
  it('reaches Zalo with its new cars, and joins the customer found by that phone', async () => {
    const phone = newPhone();
    const email = 'mazda.zalo@example.com';
    const id = await confirmedSearch(t, email, { brand: 'Mazda' }, { phone, zaloConsent: true });
    const [row] = await t.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
    expect(row.phone).toBe(phone.replace(/\s/g, ''));
    await addCar(t, staffToken, { carName: 'Mazda CX-5 2.0 Premium', brand: 'Mazda', model: 'CX-5' });
    await addCar(t, staffToken, { carName: 'Mazda 3 1.5 Luxury', brand: 'Mazda', model: 'Mazda3' });

    expect((await digest()).sent).toBeGreaterThanOrEqual(1);
    const sent = sentTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      phone: to84(phone),
      template_id: templates.SAVED_SEARCH,
      template_data: {
        customer_name: 'Quý khách',
        search_name: 'Mazda',
        match_count: 2,
        search_url: `${SITE}/cars?brand=Mazda`,
      },
    });
    // The e-mail went as before.
    expect(mailsTo(t, email).some((m) => m.headers.subject?.includes('2 xe mới phù hợp'))).toBe(true);

    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { search: phone } });
    expect(list.json.content).toHaveLength(1);
    const detail = await t.call('GET', `/api/customers/${list.json.content[0].customerId}`, {
      token: t.adminToken,
    });
    expect(detail.json.zaloConsent).toBe(true);
    expect(detail.json.emails).toContain(email);
    const titles = detail.json.timeline.map((e: { title: string }) => e.title);
    expect(titles).toContain('Lưu tìm kiếm: báo khi có xe mới phù hợp');
    expect(titles).toContain('Zalo: Xe mới phù hợp');
  });
});

describe('a price alert with a phone', () => {
  it('reaches Zalo with the old and new price, in the name the record knows', async () => {
    const phone = newPhone();
    // The person is known from a consulting request (name, and consent given there).
    const lead = await t.call('POST', '/api/consulting', {
      body: consultingBody({ fullName: 'Lê Thị Hoa', phone, email: 'hoa.le@example.com', zaloConsent: true }),
      headers: asIp(freshIp()),
    });
    expect(lead.status, lead.body).toBe(201);
    const carId = await addCar(t, staffToken, {
      carName: 'Honda City 1.5RS',
      brand: 'Honda',
      model: 'City',
      year: 2022,
      sellPrice: 520_000_000,
    });
    await confirmedWatch(t, carId, 'hoa.gia@example.com', { phone, zaloConsent: true });
    await reprice(t, staffToken, carId, 495_000_000);

    await digest();
    const sent = sentTo(phone).filter((m) => m.body.template_id === templates.PRICE_DROP);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.template_data).toEqual({
      customer_name: 'Lê Thị Hoa',
      car_name: 'Honda City 1.5RS 2022',
      old_price: '520 triệu',
      new_price: '495 triệu',
      car_url: `${SITE}/cars/${carId}`,
    });
    const [m] = (await messagesTo(phone)).filter((x) => x.kind === 'PRICE_DROP');
    expect(m).toMatchObject({
      state: 'SENT',
      dedupeKey: expect.stringMatching(/^PRICE_DROP:alert:\d+:495000000$/),
    });
  });

  it('queues one message when the digest is told twice (the mail failed and is tried again)', async () => {
    const phone = newPhone();
    const carId = await addCar(t, staffToken, {
      carName: 'Kia Seltos 1.4 Turbo',
      brand: 'Kia',
      sellPrice: 690_000_000,
    });
    await confirmedWatch(t, carId, 'kia.hai.lan@example.com', { phone, zaloConsent: true });
    await reprice(t, staffToken, carId, 650_000_000);
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP tạm thời không nhận thư');
    };
    try {
      expect((await digest()).failed).toBeGreaterThanOrEqual(1);
    } finally {
      t.ctx.mailer.send = send;
    }
    expect((await digest()).sent).toBeGreaterThanOrEqual(1);
    expect(await messagesTo(phone)).toHaveLength(1);
    expect(sentTo(phone)).toHaveLength(1);
    expect(mailsTo(t, 'kia.hai.lan@example.com').some((m) => m.text.includes('Kia Seltos'))).toBe(true);
  });
});

describe('only with consent, never once stopped', () => {
  it('sends nothing on Zalo without the tick: the e-mail alone goes', async () => {
    const phone = newPhone();
    const email = 'khong.tick@example.com';
    const carId = await addCar(t, staffToken, {
      carName: 'Ford Ranger XLS',
      brand: 'Ford',
      sellPrice: 610_000_000,
    });
    await confirmedWatch(t, carId, email, { phone, zaloConsent: false });
    await reprice(t, staffToken, carId, 590_000_000);
    await digest();
    expect(mailsTo(t, email).some((m) => m.text.includes('Ford Ranger XLS'))).toBe(true);
    expect(await messagesTo(phone)).toEqual([]);
    expect(zalo.requests.some((r) => r.body.phone === to84(phone))).toBe(false);
  });

  it('sends nothing on Zalo to a customer staff marked as stopped', async () => {
    const phone = newPhone();
    const email = 'da.dung@example.com';
    await confirmedSearch(t, email, { brand: 'Hyundai' }, { phone, zaloConsent: true });
    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { search: phone } });
    const stop = await t.call('PUT', `/api/customers/${list.json.content[0].customerId}`, {
      token: t.adminToken,
      body: { zaloConsent: false },
    });
    expect(stop.json.zaloOptedOutAt).not.toBeNull();
    await addCar(t, staffToken, { carName: 'Hyundai Creta 1.5', brand: 'Hyundai', model: 'Creta' });
    await digest();
    expect(mailsTo(t, email).some((m) => m.text.includes('Hyundai Creta'))).toBe(true);
    expect(await messagesTo(phone)).toEqual([]);
    expect(sentTo(phone)).toEqual([]);
  });
});

describe('the phone on the forms', () => {
  it('refuses a number that is not a Vietnamese mobile, in Vietnamese', async () => {
    const bad = await saveSearch(t, 'so.sai@example.com', { brand: 'Toyota' }, undefined, {
      phone: '0123 45',
      zaloConsent: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.phone).toBe('Số điện thoại không hợp lệ');
    const carId = await addCar(t, staffToken, { carName: 'Toyota Innova 2.0E', brand: 'Toyota' });
    const noPhone = await watchPrice(t, carId, 'thieu.so@example.com', undefined, { zaloConsent: true });
    expect(noPhone.status).toBe(400);
    expect(noPhone.json.errors.phone).toBe('Vui lòng nhập số điện thoại để nhận thông báo qua Zalo');
  });

  it('takes a blank phone as none, and any written form of a mobile', async () => {
    const carId = await addCar(t, staffToken, { carName: 'Toyota Wigo 1.2G', brand: 'Toyota' });
    const blank = await watchPrice(t, carId, 'khong.so@example.com', undefined, { phone: '  ' });
    expect(blank.status, blank.body).toBe(201);
    const plus = await watchPrice(t, carId, 'so.quoc.te@example.com', undefined, {
      phone: '+84 912.777.001',
      zaloConsent: true,
    });
    expect(plus.status, plus.body).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.id, plus.json.subscription.subscriptionId));
    expect(row.phone).toBe('0912777001');
  });
});

describe('without a template id for the kind', () => {
  it('writes the message to the outbox, as the other kinds do', async () => {
    const res = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { zalo: { templates: { ...templates, SAVED_SEARCH: '' } } },
    });
    expect(res.status, res.body).toBe(200);
    const phone = newPhone();
    await confirmedSearch(t, 'hop.thu.di@example.com', { brand: 'Suzuki' }, { phone, zaloConsent: true });
    await addCar(t, staffToken, { carName: 'Suzuki XL7 1.5 AT', brand: 'Suzuki', model: 'XL7' });
    await digest();
    const [m] = await messagesTo(phone);
    expect(m).toMatchObject({ kind: 'SAVED_SEARCH', state: 'OUTBOX', templateId: null });
    expect(m.templateData).toMatchObject({ search_name: 'Suzuki', match_count: 1 });
    expect(sentTo(phone)).toEqual([]);
  });
});
