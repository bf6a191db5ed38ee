import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { newCar } from './reservations-fixtures';

let t: TestApp;
let seller: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
  const banks = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: {
      partnerBanks: [
        { name: 'Vietcombank', maxLoanRatio: 0.7, maxTermMonths: 84, interestRate: 0.095, documents: 'CCCD' },
        { name: 'TPBank', maxLoanRatio: 0.8, maxTermMonths: 60, interestRate: 0.105, documents: 'CCCD' },
      ],
    },
  });
  expect(banks.status, banks.body).toBe(200);
});
afterAll(() => t.close());

async function deal(price = 600_000_000) {
  const carId = await newCar(t, seller.token, { sellPrice: price });
  const res = await t.call('POST', '/api/deals', {
    token: seller.token,
    body: { carId, customer: { fullName: 'Đỗ Minh Quân', phone: '0977 111 222' } },
  });
  expect(res.status, res.body).toBe(201);
  return res.json as { dealId: number; money: { balanceDue: number } };
}
const apply = (dealId: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/deals/${dealId}/loans`, { token: seller.token, body });
const decide = (dealId: number, loanId: number, status: string, conditions = '') =>
  t.call('PUT', `/api/deals/${dealId}/loans/${loanId}/status`, {
    token: seller.token,
    body: { status, conditions },
  });

describe('the bank loan', () => {
  it('refuses what the bank’s rules do not allow, and says why', async () => {
    const d = await deal();
    const tooMuch = await apply(d.dealId, { bankName: 'Vietcombank', amount: 450_000_000, termMonths: 60 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toBe('Vietcombank cho vay tối đa 70% giá trị xe, tức 420.000.000 VNĐ');
    expect(tooMuch.json.errors.amount).toBeDefined();
    const tooLong = await apply(d.dealId, { bankName: 'TPBank', amount: 400_000_000, termMonths: 84 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe('TPBank cho vay tối đa 60 tháng');
    expect(tooLong.json.errors.termMonths).toBeDefined();
    const unknown = await apply(d.dealId, { bankName: 'Ngân hàng X', amount: 100_000_000, termMonths: 12 });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toContain('ngân hàng liên kết');
    const bad = await apply(d.dealId, { bankName: '', amount: 'abc', termMonths: 0 });
    expect(bad.status).toBe(400);
  });

  it('walks Đã nộp → Đã duyệt → Đã giải ngân; the disbursement enters the ledger and the balance falls', async () => {
    const d = await deal();
    const submitted = await apply(d.dealId, { bankName: 'vietcombank', amount: 420_000_000, termMonths: 84 });
    expect(submitted.status, submitted.body).toBe(201);
    const loan = submitted.json.loans[0];
    expect(loan).toMatchObject({ bankName: 'Vietcombank', status: 'submitted', interestRate: 0.095 });
    // Equal principal each month plus a month's interest on the whole: 5.000.000 + 3.325.000.
    expect(loan.monthlyPayment).toBe(8_325_000);
    const second = await apply(d.dealId, { bankName: 'TPBank', amount: 100_000_000, termMonths: 12 });
    expect(second.status).toBe(409);
    expect((await decide(d.dealId, loan.loanId, 'disbursed')).status).toBe(409);
    const approved = await decide(d.dealId, loan.loanId, 'approved', 'Mua bảo hiểm thân vỏ tại ngân hàng');
    expect(approved.json.loans[0]).toMatchObject({
      status: 'approved',
      conditions: 'Mua bảo hiểm thân vỏ tại ngân hàng',
    });
    expect(approved.json.money.balanceDue).toBe(d.money.balanceDue);
    const disbursed = await decide(d.dealId, loan.loanId, 'disbursed');
    expect(disbursed.json.loans[0].status).toBe('disbursed');
    expect(disbursed.json.money).toMatchObject({
      loanDisbursed: 420_000_000,
      balanceDue: d.money.balanceDue - 420_000_000,
    });
    expect(disbursed.json.payments).toEqual([
      expect.objectContaining({
        kind: 'loan',
        method: 'loan',
        amount: 420_000_000,
        reference: 'Giải ngân Vietcombank',
      }),
    ]);
  });

  it('after a refusal another bank may be asked; the partner banks are MANAGE_CAR’s to use, settings’ to change', async () => {
    const d = await deal();
    const first = await apply(d.dealId, { bankName: 'TPBank', amount: 300_000_000, termMonths: 48 });
    const refused = await decide(d.dealId, first.json.loans[0].loanId, 'rejected', 'Thu nhập chưa đủ');
    expect(refused.json.loans[0].status).toBe('rejected');
    const next = await apply(d.dealId, { bankName: 'Vietcombank', amount: 300_000_000, termMonths: 48 });
    expect(next.status).toBe(201);
    expect(next.json.loans.map((l: { status: string }) => l.status)).toEqual(['rejected', 'submitted']);
    expect((await t.call('POST', `/api/deals/${d.dealId}/loans`, { body: {} })).status).toBe(401);
    const badBank = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: {
        partnerBanks: [{ name: 'A', maxLoanRatio: 2, maxTermMonths: 500, interestRate: 0.1, documents: '' }],
      },
    });
    expect(badBank.status).toBe(400);
    expect(badBank.json.message).toMatch(/không hợp lệ|từ 6 đến 120/);
  });
});
