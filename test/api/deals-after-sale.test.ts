import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { startTestApp, type TestApp } from '../helpers/app';
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
