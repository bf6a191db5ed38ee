import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { ZALO_MESSAGE_KINDS } from '../../src/contract/messaging';
import { type FakeZalo, startFakeZalo } from '../helpers/fake-zalo';
import { DESKTOP, E2E_ADMIN_PASSWORD, journeyFixture, PHONE, signIn } from './helpers';
import { axeScan } from './helpers/axe';

/**
 * One customer, one history: a visitor on a phone books a test drive with only a phone number and
 * ticks "Nhận thông báo qua Zalo"; the confirmation arrives at the fake Zalo (ZNS wire format); the
 * same person later holds a car and asks the chat for a person, each with the number typed another
 * way; staff find the customer by phone, read one timeline holding all of it, and merge the duplicate
 * record the person made with another number.
 */

const SHOTS = '/tmp/shots-customers';
const env: Record<string, string> = { JOBS_POLL_MS: '500' };
let zalo: FakeZalo;
beforeAll(async () => {
  zalo = await startFakeZalo();
  Object.assign(env, zalo.env);
});
const journey = journeyFixture(import.meta.url, { env });
afterAll(() => zalo?.close());

const templates = Object.fromEntries(ZALO_MESSAGE_KINDS.map((k, i) => [k, String(300_000 + i)]));
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => `${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  const res = await journey.api.call('PUT', 'web-configuration', {
    token: journey.adminToken,
    body: {
      zalo: { templates },
      reservations: {
        enabled: true,
        depositMode: 'fixed',
        depositAmount: 10_000_000,
        depositPercent: 5,
        paidHoldDays: 3,
        bankBin: '970436',
        accountNumber: '0071000123456',
        accountName: 'CONG TY TNHH AUTOVIET',
        webhookApiKey: 'sepay-e2e-key-0123456789',
      },
      currentPassword: E2E_ADMIN_PASSWORD,
    },
  });
  expect(res.status, res.body).toBe(200);
}, 60_000);

async function freeDay(carId: number): Promise<{ day: string; slot: string }> {
  const today = vnDayKey(new Date());
  for (let i = 3; i < 20; i++) {
    const day = addDays(today, i);
    const res = await journey.api.call('GET', 'test-drives/slots', { query: { carId, date: day } });
    const free = (res.json as { slots: { time: string; state: string }[] }).slots.find(
      (s) => s.state === 'free',
    );
    if (free) return { day, slot: free.time };
  }
  throw new Error('no free test-drive slot');
}

describe('one customer, one history', () => {
  it('books with only a phone, gets Zalo, and staff find one timeline and merge a duplicate', {
    timeout: 240_000,
  }, async () => {
    const { server, browser, api } = journey;
    const cars = (await api.call('GET', 'cars', { query: { pageSize: 6 } })).json as {
      content: { carId: number; status: string }[];
    };
    const [driveCar, holdCar] = cars.content.filter((c) => c.status === 'available');
    const { day, slot } = await freeDay(driveCar.carId);

    // A visitor on a phone: name and phone only, Zalo ticked.
    const phone = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await phone.goto(`${server.url}/testdrive?carId=${driveCar.carId}`);
    await phone.getByTestId('chosen-car').waitFor();
    await phone.getByLabel('Ngày lái thử').fill(dmy(day));
    await phone.getByText(slot, { exact: true }).click();
    await phone.getByLabel('Họ và tên').fill('Phạm Minh Khang');
    await phone.getByLabel('Số điện thoại').fill('0913 555 777');
    await phone.getByLabel(/Nhận thông báo qua Zalo/).check();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await phone.screenshot({ path: `${SHOTS}/testdrive-form-360.png`, fullPage: true });
    await phone.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    await phone.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    const reference = ((await phone.locator('dd.font-mono').textContent()) ?? '').trim();
    expect(reference).toMatch(/^LT-/);
    await phone.close();

    // The confirmation reaches Zalo by phone number, in the ZNS wire format.
    const [confirmation] = await zalo.waitForSent(1, 20_000);
    expect(confirmation.body).toMatchObject({
      phone: '84913555777',
      template_id: templates.BOOKING_CONFIRMED,
      template_data: { request_code: reference, customer_name: 'Phạm Minh Khang' },
    });
    expect(confirmation.accessToken).toMatch(/^at-/);

    // Later: a deposit and a chat hand-off from the same person, the number typed other ways; and a
    // duplicate record from another number of theirs.
    const held = await api.call('POST', 'reservations', {
      body: {
        carId: holdCar.carId,
        fullName: 'Phạm Minh Khang',
        phone: '+84913555777',
        email: 'khang.pham@example.com',
        clientRequestId: randomUUID(),
      },
    });
    expect(held.status, held.body).toBe(201);
    const chat = await api.call('POST', 'chat/handoff', {
      body: {
        fullName: 'Anh Khang',
        phone: '84913555777',
        transcript: [{ role: 'user', content: 'Xe này còn bớt được không?' }],
        clientRequestId: randomUUID(),
      },
    });
    expect(chat.status, chat.body).toBe(201);
    const other = await api.call('POST', 'consulting', {
      body: {
        fullName: 'Phạm Minh Khang',
        phone: '0978 222 444',
        email: 'khang.pham@example.com',
        topic: 'INSTALLMENT',
        message: 'Hỏi trả góp',
        clientRequestId: randomUUID(),
      },
    });
    expect(other.status, other.body).toBe(201);

    // Staff find the customer by phone and read one timeline.
    const desk = await browser.newPage({ viewport: DESKTOP });
    await signIn(desk, server.url, server.adminUsername, server.adminPassword);
    await desk.goto(`${server.url}/dashboard/customers`);
    await desk.getByRole('heading', { level: 1, name: 'Khách hàng' }).waitFor();
    await desk.getByLabel('Tìm khách hàng').fill('0913 555 777');
    const row = desk.locator('tbody tr', { hasText: 'Phạm Minh Khang' });
    await expect.poll(() => row.count()).toBe(1);
    await desk.screenshot({ path: `${SHOTS}/customers-1366.png`, fullPage: true });
    expect(await axeScan(desk)).toEqual([]);
    await row.getByRole('link', { name: 'Phạm Minh Khang', exact: true }).click();
    const timeline = desk.getByTestId('customer-timeline');
    await timeline.waitFor();
    const text = async () => (await timeline.textContent()) ?? '';
    await expect.poll(text).toContain(reference);
    expect(await text()).toContain((held.json as { code: string }).code);
    expect(await text()).toContain((chat.json as { reference: string }).reference);
    await expect.poll(text, { timeout: 20_000 }).toContain('Zalo: Xác nhận lịch hẹn');
    expect(await text()).not.toContain((other.json as { reference: string }).reference);
    await desk.screenshot({ path: `${SHOTS}/customer-1366.png`, fullPage: true });
    expect(await axeScan(desk)).toEqual([]);

    // Merge the duplicate made from the other number.
    await desk.getByRole('button', { name: 'Gộp hồ sơ trùng' }).click();
    const dialog = desk.getByTestId('merge-dialog');
    await dialog.getByLabel(/Tìm hồ sơ trùng/).fill('0978 222 444');
    await dialog.getByTestId('customer-phone-hint').waitFor();
    await dialog.getByRole('button', { name: /Phạm Minh Khang · KH-/ }).click();
    await desk.screenshot({ path: `${SHOTS}/merge-1366.png` });
    expect(await axeScan(desk)).toEqual([]);
    await dialog.getByRole('button', { name: /^Gộp KH-\d+ vào hồ sơ này$/ }).click();
    await expect.poll(text).toContain((other.json as { reference: string }).reference);
    expect(await text()).toMatch(/Gộp hồ sơ KH-\d+/);
    await desk.getByText('0978 222 444').first().waitFor();
    const url = desk.url();

    // A call taken by hand: typing the phone offers the customer, whose details fill the form.
    await desk.goto(`${server.url}/dashboard/consultantManagement`);
    await desk.getByRole('button', { name: 'Thêm yêu cầu' }).click();
    const byHand = desk.getByTestId('by-hand-dialog');
    await byHand.getByLabel('Số điện thoại').fill('0913.555.777');
    await byHand.getByTestId('customer-phone-hint').getByText('Phạm Minh Khang').waitFor();
    await byHand.getByRole('button', { name: 'Dùng thông tin khách này' }).click();
    expect(await byHand.getByLabel('Họ và tên').inputValue()).toBe('Phạm Minh Khang');
    await byHand.getByLabel('Khách hỏi gì').fill('Gọi hỏi lại giá xe đã cọc');
    await desk.screenshot({ path: `${SHOTS}/by-hand-1366.png` });
    expect(await axeScan(desk)).toEqual([]);
    await byHand.getByRole('button', { name: 'Tạo yêu cầu' }).click();
    await desk.getByText(/^Đã tạo yêu cầu TV-/).waitFor();
    await desk.goto(url);
    await expect
      .poll(async () => (await desk.getByTestId('customer-timeline').textContent()) ?? '')
      .toContain('Tư vấn');
    await desk.close();

    // The same pages on a phone.
    const small = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(small, server.url, server.adminUsername, server.adminPassword);
    await small.goto(`${server.url}/dashboard/customers?search=0913555777`);
    await small.getByRole('link', { name: 'Phạm Minh Khang', exact: true }).waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.screenshot({ path: `${SHOTS}/customers-360.png`, fullPage: true });
    await small.goto(url);
    await small.getByTestId('customer-timeline').waitFor();
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await small.screenshot({ path: `${SHOTS}/customer-360.png`, fullPage: true });
    expect(await axeScan(small)).toEqual([]);
    await small.close();
  });
});
