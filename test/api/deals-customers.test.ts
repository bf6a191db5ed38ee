import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZALO_MESSAGE_KINDS } from '../../src/contract/messaging';
import { zaloMessages } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, freshIp, testDriveBody } from './leads-fixtures';
import { newCar, openDeposits } from './reservations-fixtures';

/**
 * A deal's buyer is a customer like any other: the deal opens on their one timeline, its steps show
 * there, and a buyer who agreed to Zalo hears of each step on Zalo (docs/customers.md, docs/deals.md).
 */

let t: TestApp;
let seller: { id: number; token: string };
const templates = Object.fromEntries(ZALO_MESSAGE_KINDS.map((k, i) => [k, String(300_000 + i)]));

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  seller = await t.createStaff(['MANAGE_CAR']);
  await openDeposits(t);
  const res = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { zalo: { templates } },
  });
  expect(res.status, res.body).toBe(200);
});
afterAll(() => t.close());

const messagesOf = async (kind: string) =>
  (await t.ctx.db.select().from(zaloMessages).where(eq(zaloMessages.kind, kind))).map((m) => m.dedupeKey);

describe("a deal's buyer", () => {
  it('finds the deal on the timeline of the customer who booked a test drive, with its status and Zalo', async () => {
    const carId = await newCar(t, seller.token);
    // The buyer first booked a test drive by phone and agreed to Zalo messages.
    const drive = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { fullName: 'Võ Minh Tâm', phone: '0977 456 123', zaloConsent: true }),
      headers: asIp(freshIp()),
    });
    expect(drive.status, drive.body).toBe(201);
    const deal = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId, customer: { fullName: 'Võ Minh Tâm', phone: '+84977456123' } },
    });
    expect(deal.status, deal.body).toBe(201);

    const found = await t.call('GET', '/api/customers', {
      token: seller.token,
      query: { search: '0977456123' },
    });
    expect(found.json.totalElements).toBe(1);
    const detail = await t.call('GET', `/api/customers/${found.json.content[0].customerId}`, {
      token: seller.token,
    });
    const entry = () =>
      (detail.json.timeline as { kind: string; title: string; status: string | null }[]).find(
        (e) => e.kind === 'DEAL',
      );
    expect(entry()).toMatchObject({ title: expect.stringContaining(deal.json.code), status: 'Báo giá' });

    const cancelled = await t.call('PUT', `/api/deals/${deal.json.dealId}/status`, {
      token: seller.token,
      body: { status: 'cancelled', reason: 'Khách đổi ý' },
    });
    expect(cancelled.status, cancelled.body).toBe(200);
    const after = await t.call('GET', `/api/customers/${found.json.content[0].customerId}`, {
      token: seller.token,
    });
    expect(
      (after.json.timeline as { kind: string; status: string | null }[]).find((e) => e.kind === 'DEAL')
        ?.status,
    ).toBe('Đã hủy');
    expect(await messagesOf('DEAL_STEP')).toEqual([`DEAL_STEP:deal:${deal.json.dealId}:cancelled`]);
  });

  it('is a new customer when nobody had that phone, and gets no Zalo without agreeing to it', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId, customer: { fullName: 'Lý Thu Hà', phone: '0966 222 888' } },
    });
    expect(deal.status, deal.body).toBe(201);
    const found = await t.call('GET', '/api/customers', {
      token: seller.token,
      query: { search: 'Lý Thu Hà' },
    });
    expect(found.json.totalElements).toBe(1);
    const before = await messagesOf('DEAL_STEP');
    const res = await t.call('PUT', `/api/deals/${deal.json.dealId}/status`, {
      token: seller.token,
      body: { status: 'cancelled', reason: 'Không mua nữa' },
    });
    expect(res.status, res.body).toBe(200);
    const sent = await t.ctx.db.select().from(zaloMessages).where(eq(zaloMessages.kind, 'DEAL_STEP'));
    // Queued nothing, or recorded a skip: never a message to a phone that did not agree.
    expect(sent.filter((m) => !before.includes(m.dedupeKey) && m.state !== 'SKIPPED')).toEqual([]);
  });
});
