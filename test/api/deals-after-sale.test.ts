import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { dealEvents, dealTransferSteps } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { multipart } from './cars-fixtures';
import { newCar } from './reservations-fixtures';

let t: TestApp;
let seller: { id: number; token: string };
let dealId: number;
let publicUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
  const carId = await newCar(t, seller.token, { sellPrice: 400_000_000 });
  const res = await t.call('POST', '/api/deals', {
    token: seller.token,
    body: {
      carId,
      customer: {
        fullName: 'Hoàng Văn Nam',
        phone: '0911 555 666',
        email: 'nam@example.com',
        idNumber: '036090001234',
        address: 'Nam Định',
      },
    },
  });
  expect(res.status, res.body).toBe(201);
  dealId = res.json.dealId;
  publicUrl = res.json.publicUrl;
});
afterAll(() => t.close());

const put = (path: string, body: unknown) =>
  t.call('PUT', `/api/deals/${dealId}/${path}`, { token: seller.token, body });

describe('the checklist of papers', () => {
  it('lists what this deal needs (a person sells: a notarised contract, no invoice), each received, checked, returned', async () => {
    const view = (await t.call('GET', `/api/deals/${dealId}`, { token: seller.token })).json;
    expect(view.checklist.map((c: { item: string }) => c.item)).toEqual([
      'buyerId',
      'registration',
      'inspection',
      'insurance',
      'withdrawal',
      'notarisedContract',
    ]);
    expect(view.checklist.every((c: { status: string }) => c.status === 'missing')).toBe(true);
    const got = await put('checklist/buyerId', { status: 'received' });
    expect(got.status, got.body).toBe(200);
    const checked = await put('checklist/buyerId', { status: 'checked' });
    expect(checked.json.checklist[0]).toMatchObject({ status: 'checked', updatedBy: { userId: seller.id } });
    expect((await put('checklist/invoice', { status: 'received' })).json.message).toBe(
      'Giao dịch này không cần loại giấy tờ đó',
    );
    expect((await put('checklist/passport', { status: 'received' })).status).toBe(400);
    expect((await put('checklist/buyerId', { status: 'lost' })).json.message).toBe(
      'Trạng thái giấy tờ không hợp lệ',
    );
  });
});

describe('the ownership transfer', () => {
  it('starts at the handover, goes step by step with due days, and the buyer follows it on a signed page', async () => {
    const early = await put('transfer/withdraw', { done: true });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('Các bước sang tên bắt đầu sau khi bàn giao xe');
    await t.call('PUT', `/api/deals/${dealId}/status`, {
      token: seller.token,
      body: { status: 'contract_signed' },
    });
    const handed = await t.call('PUT', `/api/deals/${dealId}/status`, {
      token: t.adminToken,
      body: { status: 'handed_over', reason: 'Ngân hàng đã duyệt' },
    });
    expect(handed.status, handed.body).toBe(200);
    const today = vnDayKey(new Date());
    const plus = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expect(handed.json.transfer[0]).toMatchObject({
      step: 'withdraw',
      dueOn: plus(7),
      doneOn: null,
      late: false,
    });
    expect(handed.json.transfer[1].dueOn).toBeNull();
    const outOfOrder = await put('transfer/submit', { done: true });
    expect(outOfOrder.status).toBe(409);
    expect(outOfOrder.json.message).toBe('Hoàn thành bước trước trước khi làm bước này');
    const first = await put('transfer/withdraw', { done: true });
    expect(first.json.transfer[0]).toMatchObject({ doneOn: today, owner: { userId: seller.id } });
    expect(first.json.transfer[1].dueOn).toBe(plus(5));
    // The buyer is told.
    const mail = await t.mailContaining('Rút hồ sơ gốc', '/deal/');
    expect(mail).toContain('Hoàng Văn Nam');

    const path = new URL(publicUrl).pathname;
    expect(path).toMatch(/^\/deal\/\d+\.[A-Za-z0-9_-]{32}$/);
    const token = path.split('/')[2];
    const page = await t.call('GET', `/api/deals/public/${token}`);
    expect(page.status, page.body).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.json).toMatchObject({
      status: 'handed_over',
      statusLabel: 'Đã bàn giao',
      buyerName: 'Hoàng Văn Nam',
    });
    expect(page.json.steps.map((s: { label: string }) => s.label)).toEqual([
      'Rút hồ sơ gốc',
      'Nộp hồ sơ đăng ký',
      'Nhận đăng ký, biển số mới',
      'Bàn giao giấy tờ cho khách',
    ]);
    // Nothing but what the buyer needs: no money, no CCCD, no phone, no papers.
    expect(page.body).not.toMatch(/400000000|036090001234|0911555666|price|balance|checklist/);
    const forged = `${dealId}.${'A'.repeat(32)}`;
    expect((await t.call('GET', `/api/deals/public/${forged}`)).status).toBe(404);
    expect((await t.call('GET', `/api/deals/public/${dealId + 1}.${token.split('.')[1]}`)).status).toBe(404);
    expect((await t.call('GET', '/api/deals/public/abc')).status).toBe(400);
  });
});

describe('late steps', () => {
  it('ring the step owner’s bell once when past their day', async () => {
    // The handover moved 30 days back: "Nộp hồ sơ đăng ký" (due 5 days after the first step) is late.
    await t.ctx.db
      .update(dealEvents)
      .set({ at: new Date(Date.now() - 30 * 86_400_000) })
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.toStatus, 'handed_over')));
    await t.ctx.db
      .update(dealTransferSteps)
      .set({ doneOn: vnDayKey(new Date(Date.now() - 25 * 86_400_000)) })
      .where(and(eq(dealTransferSteps.dealId, dealId), eq(dealTransferSteps.step, 'withdraw')));
    const view = (await t.call('GET', `/api/deals/${dealId}`, { token: seller.token })).json;
    expect(view.transfer[1]).toMatchObject({ step: 'submit', late: true });
    expect(await t.services.deals.service.afterSale.alertLate()).toBe(1);
    expect(await t.services.deals.service.afterSale.alertLate()).toBe(0);
    const bell = await t.call('GET', `/api/notifications/all/${seller.id}`, { token: seller.token });
    expect(bell.status, bell.body).toBe(200);
    const messages = JSON.stringify(bell.json);
    expect(messages).toContain('Trễ hạn sang tên');
    expect(messages).toContain('Nộp hồ sơ đăng ký');
  });
});

describe('scans of the papers', () => {
  const upload = (item: string, data: Buffer, type = 'application/pdf') => {
    const form = multipart([{ name: 'scan', filename: 'scan.bin', type, data } as never]);
    return t.app.inject({
      method: 'POST',
      url: `/api/deals/${dealId}/checklist/${item}/scan`,
      headers: { ...form.headers, authorization: `Bearer ${seller.token}` },
      payload: form.payload,
    });
  };

  it('keeps a PDF, JPEG or PNG privately, marks the paper received, and gives it back to staff only', async () => {
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const res = await upload('registration', pdf);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().checklist.find((c: { item: string }) => c.item === 'registration');
    expect(row).toMatchObject({ status: 'received', hasScan: true });
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/deals/${dealId}/checklist/registration/scan`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.rawPayload.equals(pdf)).toBe(true);
    expect((await t.call('GET', `/api/deals/${dealId}/checklist/registration/scan`)).status).toBe(401);
    const blogger = await t.createStaff(['MANAGE_BLOG']);
    expect(
      (await t.call('GET', `/api/deals/${dealId}/checklist/registration/scan`, { token: blogger.token }))
        .status,
    ).toBe(403);
  });

  it('refuses what is not a scan, in Vietnamese', async () => {
    const text = await upload('insurance', Buffer.from('MZ not a scan'), 'application/pdf');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Bản quét phải là tệp PDF, JPEG hoặc PNG');
    const missing = await t.call('GET', `/api/deals/${dealId}/checklist/insurance/scan`, {
      token: seller.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Chưa có bản quét của giấy tờ này');
  });
});
