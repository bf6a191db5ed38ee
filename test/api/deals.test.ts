import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { newCar, openDeposits, reserve } from './reservations-fixtures';

let t: TestApp;
let seller: { id: number; token: string };
let blogger: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
  blogger = await t.createStaff(['MANAGE_BLOG']);
  await openDeposits(t);
});
afterAll(() => t.close());

const customer = { fullName: 'Nguyễn Thị Lan', phone: '0903 123 456', email: 'lan@example.com' };
const contractCustomer = { ...customer, idNumber: '079190001234', address: '12 Lê Lợi, Quận 1, TP.HCM' };

async function startDeal(body: Record<string, unknown>, token = seller.token) {
  const res = await t.call('POST', '/api/deals', { token, body });
  expect(res.status, res.body).toBe(201);
  return res.json;
}
const move = (dealId: number, status: string, reason?: string, token = seller.token) =>
  t.call('PUT', `/api/deals/${dealId}/status`, { token, body: { status, reason } });
const pay = (dealId: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/deals/${dealId}/payments`, { token: seller.token, body });
const carStatus = async (carId: number) => (await t.call('GET', `/api/cars/${carId}`)).json.status;

describe('starting a deal', () => {
  it('starts from a car: a GD code, the quote status, the on-road fees, the car held', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await startDeal({ carId, customer });
    expect(deal.code).toMatch(/^GD[2-9A-Z]{6}$/);
    expect(deal).toMatchObject({
      status: 'quote',
      carId,
      price: 458_000_000,
      customer: { fullName: 'Nguyễn Thị Lan', phone: '0903123456', email: 'lan@example.com', idNumber: null },
      salesperson: { userId: seller.id },
      moves: ['deposit', 'contract_signed', 'cancelled'],
    });
    expect(deal.fees.map((f: { label: string }) => f.label)).toContain('Lệ phí trước bạ');
    const fees = deal.fees.reduce((s: number, f: { amount: number }) => s + f.amount, 0);
    expect(fees).toBeGreaterThan(0);
    expect(deal.money).toMatchObject({
      price: 458_000_000,
      fees,
      total: 458_000_000 + fees,
      balanceDue: 458_000_000 + fees,
    });
    expect(await carStatus(carId)).toBe('pending');
    expect(deal.timeline).toEqual([expect.objectContaining({ from: null, to: 'quote' })]);
    const again = await t.call('POST', '/api/deals', { token: seller.token, body: { carId, customer } });
    expect(again.status).toBe(409);
    expect(again.json.message).toContain(deal.code);
  });

  it('refuses bad input in Vietnamese, a sold car, a car held by a reservation not named', async () => {
    const carId = await newCar(t, seller.token);
    const bad = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId, customer: { fullName: '', phone: '123', idNumber: '12' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Vui lòng nhập|không hợp lệ|CCCD/);
    const missing = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId: 99999, customer },
    });
    expect(missing.status).toBe(404);
    const wrongCode = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId, customer, reservationCode: 'DC222222' },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.json.message).toBe('Không tìm thấy mã đặt cọc');
    const held = await newCar(t, seller.token);
    await reserve(t, held);
    const refused = await t.call('POST', '/api/deals', {
      token: seller.token,
      body: { carId: held, customer },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toContain('mã đặt cọc');
  });

  it('is the sales staff’s: anonymous 401, other staff 403', async () => {
    expect((await t.call('GET', '/api/deals')).status).toBe(401);
    expect((await t.call('GET', '/api/deals', { token: blogger.token })).status).toBe(403);
    const post = await t.call('POST', '/api/deals', { token: blogger.token, body: {} });
    expect(post.status).toBe(403);
    expect(post.json.message).toMatch(/quyền/);
    expect((await t.call('PUT', '/api/deals/1/status', { body: { status: 'paid' } })).status).toBe(401);
  });
});

describe('the money: trade-in, deposit, loan, balance due', () => {
  it('nets the trade-in and the reservation deposit, then each payment, and refuses a refund beyond receipts', async () => {
    const carId = await newCar(t, seller.token, { sellPrice: 600_000_000 });
    const r = await reserve(t, carId);
    const list = await t.call('GET', '/api/reservations/admin', {
      token: seller.token,
      query: { search: r.code },
    });
    const reservationId = list.json.content[0].reservationId;
    const paid = await t.call('POST', `/api/reservations/admin/${reservationId}/mark-paid`, {
      token: seller.token,
      body: { bankReference: 'FT2611' },
    });
    expect(paid.status, paid.body).toBe(200);
    const deal = await startDeal({
      carId,
      customer,
      reservationCode: r.code.toLowerCase(),
      price: 580_000_000,
      tradeIn: { description: 'Kia Morning 2016', value: 150_000_000 },
    });
    const fees = deal.money.fees;
    expect(deal.reservationCode).toBe(r.code);
    expect(deal.money).toMatchObject({
      price: 580_000_000,
      tradeInValue: 150_000_000,
      deposit: 10_000_000,
      total: 580_000_000 + fees - 150_000_000,
      paid: 10_000_000,
      balanceDue: 580_000_000 + fees - 150_000_000 - 10_000_000,
    });
    expect(deal.payments).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: 10_000_000, reference: r.code }),
    ]);
    const loan = await pay(deal.dealId, {
      kind: 'loan',
      method: 'loan',
      amount: 300_000_000,
      reference: 'VCB-GN-01',
    });
    expect(loan.status, loan.body).toBe(201);
    const balance = await pay(deal.dealId, {
      kind: 'balance',
      method: 'transfer',
      amount: deal.money.balanceDue - 300_000_000 + 5_000_000,
    });
    expect(balance.json.money.balanceDue).toBe(-5_000_000);
    const tooMuch = await pay(deal.dealId, { kind: 'refund', method: 'cash', amount: 999_000_000 });
    expect(tooMuch.status).toBe(409);
    const refund = await pay(deal.dealId, { kind: 'refund', method: 'cash', amount: 5_000_000 });
    expect(refund.json.money).toMatchObject({
      balanceDue: 0,
      loanDisbursed: 300_000_000,
      refunded: 5_000_000,
    });
    const mismatch = await pay(deal.dealId, { kind: 'loan', method: 'cash', amount: 1_000_000 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.message).toContain('Vay ngân hàng');
    const negative = await pay(deal.dealId, { kind: 'balance', method: 'cash', amount: -5 });
    expect(negative.status).toBe(400);
  });

  it('reprices before the contract (fees follow the price), not after', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await startDeal({ carId, customer: contractCustomer });
    const cheaper = await t.call('PUT', `/api/deals/${deal.dealId}`, {
      token: seller.token,
      body: { price: 400_000_000 },
    });
    expect(cheaper.status, cheaper.body).toBe(200);
    expect(cheaper.json.money.fees).toBeLessThan(deal.money.fees);
    expect((await move(deal.dealId, 'contract_signed')).status).toBe(200);
    const locked = await t.call('PUT', `/api/deals/${deal.dealId}`, {
      token: seller.token,
      body: { price: 390_000_000 },
    });
    expect(locked.status).toBe(409);
    expect(locked.json.message).toBe('Giá bán và xe đổi chỉ sửa được trước khi ký hợp đồng');
  });
});

describe('statuses and their guards', () => {
  it('walks Báo giá → Đặt cọc → Đã ký hợp đồng → Đã thanh toán → Đã bàn giao → Hoàn tất sang tên, recording the sale', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await startDeal({ carId, customer });
    const noDeposit = await move(deal.dealId, 'deposit');
    expect(noDeposit.status).toBe(409);
    expect(noDeposit.json.message).toContain('Chưa nhận tiền cọc');
    await pay(deal.dealId, { kind: 'deposit', method: 'cash', amount: 20_000_000 });
    expect((await move(deal.dealId, 'deposit')).status).toBe(200);
    const noId = await move(deal.dealId, 'contract_signed');
    expect(noId.status).toBe(409);
    expect(noId.json.message).toBe('Cần số CCCD và địa chỉ của khách trước khi ký hợp đồng');
    await t.call('PUT', `/api/deals/${deal.dealId}`, {
      token: seller.token,
      body: { customer: contractCustomer },
    });
    expect((await move(deal.dealId, 'contract_signed')).status).toBe(200);
    const short = await move(deal.dealId, 'paid');
    expect(short.status).toBe(409);
    expect(short.json.message).toMatch(/^Khách còn thiếu [\d.]+ VNĐ/);
    const backwards = await move(deal.dealId, 'quote');
    expect(backwards.status).toBe(409);
    expect(backwards.json.message).toBe('Không thể chuyển giao dịch từ "Đã ký hợp đồng" sang "Báo giá"');
    const view = (await t.call('GET', `/api/deals/${deal.dealId}`, { token: seller.token })).json;
    await pay(deal.dealId, {
      kind: 'balance',
      method: 'transfer',
      amount: view.money.balanceDue,
      reference: 'FT999',
    });
    expect((await move(deal.dealId, 'paid')).status).toBe(200);
    const handed = await move(deal.dealId, 'handed_over');
    expect(handed.status, handed.body).toBe(200);
    expect(handed.json.saleId).toEqual(expect.any(Number));
    expect(await carStatus(carId)).toBe('sold');
    const sale = await t.call('GET', `/api/soldhistory/${handed.json.saleId}`, { token: seller.token });
    expect(sale.json).toMatchObject({
      carId,
      buyerName: 'Nguyễn Thị Lan',
      salePrice: 458_000_000,
      status: 'active',
    });
    expect(sale.json.note).toContain(deal.code);
    const cancel = await move(deal.dealId, 'cancelled', 'Khách đổi ý');
    expect(cancel.status).toBe(409);
    const early = await move(deal.dealId, 'transferred');
    expect(early.status).toBe(409);
    expect(early.json.message).toContain('Chưa xong các bước sang tên');
    for (const step of ['withdraw', 'submit', 'receive', 'deliver']) {
      const res = await t.call('PUT', `/api/deals/${deal.dealId}/transfer/${step}`, {
        token: seller.token,
        body: { done: true },
      });
      expect(res.status, res.body).toBe(200);
    }
    const done = await move(deal.dealId, 'transferred');
    expect(done.json.status).toBe('transferred');
    expect(done.json.timeline.map((e: { to: string }) => e.to)).toEqual([
      'quote',
      'deposit',
      'contract_signed',
      'paid',
      'handed_over',
      'transferred',
    ]);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'deal'));
    expect(audit.filter((a) => a.entityId === String(deal.dealId) && a.action === 'status')).toHaveLength(5);
  });

  it('hands over before full payment only on a manager’s override with a reason', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await startDeal({ carId, customer: contractCustomer });
    await move(deal.dealId, 'contract_signed');
    const staff = await move(deal.dealId, 'handed_over', 'Khách quen');
    expect(staff.status).toBe(403);
    expect(staff.json.message).toBe('Chỉ quản lý được bàn giao xe khi khách chưa thanh toán đủ');
    const noReason = await move(deal.dealId, 'handed_over', undefined, t.adminToken);
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toContain('lý do');
    const override = await move(
      deal.dealId,
      'handed_over',
      'Ngân hàng đã duyệt, chờ giải ngân',
      t.adminToken,
    );
    expect(override.status, override.body).toBe(200);
    expect(override.json.timeline.at(-1)).toMatchObject({
      to: 'handed_over',
      reason: 'Ngân hàng đã duyệt, chờ giải ngân',
    });
    expect(await carStatus(carId)).toBe('sold');
  });

  it('cancels with a reason: the car goes back on sale, a reservation is cancelled with it', async () => {
    const carId = await newCar(t, seller.token);
    const deal = await startDeal({ carId, customer });
    expect((await move(deal.dealId, 'cancelled')).status).toBe(400);
    const cancelled = await move(deal.dealId, 'cancelled', 'Khách không mua nữa');
    expect(cancelled.json.status).toBe('cancelled');
    expect(await carStatus(carId)).toBe('available');

    const held = await newCar(t, seller.token);
    const r = await reserve(t, held);
    const fromReservation = await startDeal({ carId: held, customer, reservationCode: r.code });
    expect(await carStatus(held)).toBe('pending');
    await move(fromReservation.dealId, 'cancelled', 'Khách không mua nữa');
    expect(await carStatus(held)).toBe('available');
    const list = await t.call('GET', '/api/reservations/admin', {
      token: seller.token,
      query: { search: r.code },
    });
    expect(list.json.content[0].status).toBe('cancelled');
    const again = await startDeal({ carId: held, customer });
    expect(again.status).toBe('quote');
  });

  it('lists by status and finds a deal by buyer, phone or code', async () => {
    const res = await t.call('GET', '/api/deals', { token: seller.token, query: { status: 'cancelled' } });
    expect(res.status).toBe(200);
    expect(res.json.content.every((d: { status: string }) => d.status === 'cancelled')).toBe(true);
    const found = await t.call('GET', '/api/deals', {
      token: seller.token,
      query: { search: 'nguyen thi lan' },
    });
    expect(found.json.totalElements).toBeGreaterThan(0);
    const bad = await t.call('GET', '/api/deals', { token: seller.token, query: { status: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Trạng thái không hợp lệ');
  });
});

describe('the deposit policy, written once in settings', () => {
  it('is told in the reservation mails and readable by the reserve dialog', async () => {
    const policy = 'Hoàn cọc nếu báo hủy trước 24 giờ; quá hạn giữ xe mà không báo thì mất cọc.';
    const current = (await t.call('GET', '/api/web-configuration/admin', { token: t.adminToken })).json;
    const set = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { policies: { ...current.policies, deposit: policy } },
    });
    expect(set.status, set.body).toBe(200);
    expect((await t.call('GET', '/api/web-configuration')).json.policies.deposit).toBe(policy);
    const carId = await newCar(t, seller.token);
    const r = await reserve(t, carId);
    const mail = await t.mailContaining(r.code, 'Chính sách đặt cọc');
    expect(mail.replace(/\s+/g, ' ')).toContain(policy);
  });
});
