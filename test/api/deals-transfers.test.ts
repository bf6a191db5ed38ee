import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { newCar, openDeposits, transfer, webhook } from './reservations-fixtures';

let t: TestApp;
let seller: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

async function deal() {
  const carId = await newCar(t, seller.token, { sellPrice: 500_000_000 });
  const res = await t.call('POST', '/api/deals', {
    token: seller.token,
    body: { carId, customer: { fullName: 'Vũ Thị Mai', phone: '0988 222 333' } },
  });
  expect(res.status, res.body).toBe(201);
  return res.json as { dealId: number; code: string; money: { balanceDue: number } };
}
const view = async (dealId: number) =>
  (await t.call('GET', `/api/deals/${dealId}`, { token: seller.token })).json;

describe('the balance paid by VietQR', () => {
  it('needs the showroom’s account in settings', async () => {
    const d = await deal();
    const res = await t.call('GET', `/api/deals/${d.dealId}/payment-qr`, { token: seller.token });
    expect(res.status).toBe(409);
    expect(res.json.message).toContain('tài khoản nhận tiền');
  });

  it('gives a VietQR for the balance due with the deal’s code, and the bank’s notice enters the ledger once', async () => {
    await openDeposits(t);
    const d = await deal();
    const qr = await t.call('GET', `/api/deals/${d.dealId}/payment-qr`, { token: seller.token });
    expect(qr.status, qr.body).toBe(200);
    expect(qr.headers['cache-control']).toBe('no-store');
    expect(qr.json).toMatchObject({
      amount: d.money.balanceDue,
      bankName: 'Vietcombank',
      accountNumber: '0071000123456',
      content: d.code,
    });
    // EMVCo fields: amount (54) and the purpose (62 > 08) carry the balance and the code.
    expect(qr.json.qrPayload).toContain(
      `54${String(d.money.balanceDue).length.toString().padStart(2, '0')}${d.money.balanceDue}`,
    );
    expect(qr.json.qrPayload).toContain(d.code);
    expect(qr.json.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);

    const note = transfer(`MBVCB.991.${d.code.toLowerCase().replace('gd', 'gd ')} thanh toan`, 200_000_000);
    const res = await webhook(t, note);
    expect(res.status, res.body).toBe(200);
    const after = await view(d.dealId);
    expect(after.payments).toEqual([
      expect.objectContaining({
        kind: 'balance',
        method: 'transfer',
        amount: 200_000_000,
        reference: note.referenceCode,
      }),
    ]);
    expect(after.money.balanceDue).toBe(d.money.balanceDue - 200_000_000);
    // The bank delivers again: nothing changes.
    expect((await webhook(t, note)).status).toBe(200);
    expect((await view(d.dealId)).payments).toHaveLength(1);
    // Another account than the showroom's: not counted.
    await webhook(t, transfer(`${d.code}`, 50_000_000, { accountNumber: '999999999' }));
    expect((await view(d.dealId)).payments).toHaveLength(1);
    const outcomes = await t.call('GET', '/api/payments/admin', {
      token: seller.token,
      query: { page: 1, size: 5 },
    });
    expect(outcomes.json.content.map((p: { outcome: string }) => p.outcome)).toContain('wrongAccount');
  });
});
