import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarAdminRow } from '../../src/contract/cars';
import type { CustomerDetail } from '../../src/contract/customers';
import { DEAL_STATUSES, type DealSummary, type DealView } from '../../src/contract/deals';
import { vnDayKey } from '../../src/contract/format';
import type { SaleView } from '../../src/contract/sales';
import { seedDemoCars } from '../../src/server/db/seed/demo-cars';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { seedDemoCarCosts } from '../../src/server/modules/car-costs/demo';
import { seedDemoDeals } from '../../src/server/modules/deals/demo';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
/** CPU seconds of the seeders (the machine running the tests may be shared: wall time says little). */
const seconds = { cars: 0, deals: 0 };
let before: { onSale: CarAdminRow[]; sold: number };
let deals: DealView[] = [];

async function adminCars(): Promise<CarAdminRow[]> {
  const rows: CarAdminRow[] = [];
  for (let page = 1; ; page++) {
    const p = (await t.call('GET', '/api/cars/admin', { token: t.adminToken, query: { page, size: 100 } }))
      .json;
    rows.push(...p.content);
    if (page >= p.totalPages) break;
  }
  return rows;
}

const sales = async (): Promise<number> =>
  (await t.call('GET', '/api/soldhistory', { token: t.adminToken, query: { status: 'active', size: 1 } }))
    .json.totalElements;

beforeAll(async () => {
  t = await startTestApp();
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  const cpu = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  };
  let started = cpu();
  await seedDemoCars(t.ctx, t.services);
  seconds.cars = cpu() - started;
  await seedDemoCarCosts(t.ctx, t.services);
  const cars = await adminCars();
  before = { onSale: cars.filter((c) => c.status !== 'sold'), sold: await sales() };
  await t.services.valuations.settled();
  started = cpu();
  await seedDemoDeals(t.ctx, t.services);
  seconds.deals = cpu() - started;
  const list = (await t.call('GET', '/api/deals', { token: t.adminToken, query: { size: 50 } })).json;
  deals = await Promise.all(
    (list.content as DealSummary[]).map(
      async (d) => (await t.call('GET', `/api/deals/${d.dealId}`, { token: t.adminToken })).json as DealView,
    ),
  );
}, 180_000);
afterAll(() => t.close());

const inStatus = (status: DealView['status']) => deals.filter((d) => d.status === status);

describe('the demo deals', () => {
  it('hold a deal in every status, seeded quickly', () => {
    console.log(`CPU: demo cars ${seconds.cars.toFixed(2)} s, demo deals ${seconds.deals.toFixed(2)} s`);
    // About 60 service calls: a few seconds of CPU at most, even on a loaded machine.
    expect(seconds.deals).toBeLessThan(8);
    for (const status of DEAL_STATUSES) expect(inStatus(status).length, status).toBeGreaterThan(0);
  });

  it('leave the showroom cars on sale as they were, on cars of their own', async () => {
    const after = await adminCars();
    const byId = new Map(after.map((c) => [c.carId, c]));
    for (const car of before.onSale) expect(byId.get(car.carId)?.status, car.carName).toBe(car.status);
    const dealCars = new Set(deals.map((d) => d.carId));
    expect(before.onSale.some((c) => dealCars.has(c.carId))).toBe(false);
    // Like every demo car, each has its inspection report.
    for (const carId of dealCars) {
      const car = after.find((c) => c.carId === carId) as CarAdminRow & { inspection?: unknown };
      expect(car.inspection, car.carName).toBeTruthy();
    }
    // An open deal holds its car; a handed-over one sold it.
    for (const d of deals) {
      const expected = ['handed_over', 'transferred'].includes(d.status)
        ? 'sold'
        : d.status === 'cancelled'
          ? expect.any(String)
          : 'pending';
      expect(d.car.status, d.code).toEqual(expected);
    }
  });

  it('keep money consistent with the status: the balance is derived, a paid deal owes nothing', () => {
    for (const d of deals) {
      const m = d.money;
      const sum = (kind: string) =>
        d.payments.filter((p) => p.kind === kind).reduce((s, p) => s + p.amount, 0);
      expect(m.total).toBe(d.price + d.fees.reduce((s, f) => s + f.amount, 0) - (d.tradeIn?.value ?? 0));
      expect(m.paid).toBe(sum('deposit') + sum('balance') + sum('loan') - sum('refund'));
      expect(m.balanceDue).toBe(m.total - m.paid);
      expect(d.balanceDue).toBe(m.balanceDue);
      if (d.status === 'quote') expect(d.payments).toEqual([]);
      if (d.status !== 'quote') expect(m.deposit, d.code).toBeGreaterThan(0);
      if (['paid', 'handed_over', 'transferred'].includes(d.status)) expect(m.balanceDue, d.code).toBe(0);
      if (['deposit', 'contract_signed'].includes(d.status)) expect(m.balanceDue, d.code).toBeGreaterThan(0);
      if (d.status === 'cancelled') expect(m.paid).toBe(0);
      // Every payment was recorded on a day the deal was open, before today.
      for (const p of d.payments) expect(p.recordedAt >= d.createdAt).toBe(true);
    }
  });

  it('include a loan disbursed by a partner bank of the settings', async () => {
    const banks = (await t.services.webConfig.get()).partnerBanks.map((b) => b.name);
    const disbursed = deals.flatMap((d) =>
      d.loans.filter((l) => l.status === 'disbursed').map((l) => ({ d, l })),
    );
    expect(disbursed).toHaveLength(1);
    const { d, l } = disbursed[0];
    expect(banks).toContain(l.bankName);
    expect(d.payments.filter((p) => p.kind === 'loan').map((p) => p.amount)).toEqual([l.amount]);
    expect(d.status).toBe('paid');
  });

  it('walk a timeline in order, in the past, each deal linked to its customer', async () => {
    const today = vnDayKey(new Date());
    for (const d of deals) {
      const path = d.timeline.map((e) => e.to);
      expect(path[0]).toBe('quote');
      expect(path.at(-1)).toBe(d.status);
      const times = d.timeline.map((e) => e.at);
      expect([...times].sort()).toEqual(times);
      expect(vnDayKey(new Date(times.at(-1)!)) < today).toBe(true);
      const found = (
        await t.call('GET', '/api/customers/lookup', {
          token: t.adminToken,
          query: { phone: d.customerPhone },
        })
      ).json.customer;
      const detail = (await t.call('GET', `/api/customers/${found.customerId}`, { token: t.adminToken }))
        .json as CustomerDetail;
      expect(
        detail.timeline.some((e) => e.kind === 'DEAL' && e.link === `/dashboard/deals/${d.dealId}`),
      ).toBe(true);
    }
    const [cancelled] = inStatus('cancelled');
    expect(cancelled.timeline.at(-1)?.reason?.length).toBeGreaterThan(10);
    expect(cancelled.money.refunded).toBe(cancelled.money.deposit);
  });

  it('collect the papers and do the transfer steps the status implies', () => {
    const received = (d: DealView) => d.checklist.filter((c) => c.status !== 'missing').map((c) => c.item);
    const steps = (d: DealView) => d.transfer.filter((s) => s.doneOn).length;
    for (const d of inStatus('quote')) expect(received(d)).toEqual([]);
    for (const d of inStatus('deposit')) expect(received(d)).toContain('buyerId');
    for (const d of [...inStatus('handed_over'), ...inStatus('transferred')])
      expect(received(d)).toContain('withdrawal');
    for (const d of inStatus('transferred')) {
      expect(d.checklist.every((c) => c.status !== 'missing')).toBe(true);
      expect(steps(d)).toBe(4);
    }
    for (const d of inStatus('handed_over')) {
      expect(steps(d)).toBeGreaterThan(0);
      expect(steps(d)).toBeLessThan(4);
      expect(d.transfer.some((s) => s.late)).toBe(false);
      expect(d.handover?.keys).toBeGreaterThan(0);
    }
  });

  it('record the handed-over deals in sold history, on their handover day', async () => {
    const handed = [...inStatus('handed_over'), ...inStatus('transferred')];
    for (const d of handed) {
      expect(d.saleId, d.code).not.toBeNull();
      const sale = (await t.services.sales.get(d.saleId!)) as SaleView;
      const handover = d.timeline.find((e) => e.to === 'handed_over')!;
      expect(sale).toMatchObject({
        status: 'active',
        carId: d.carId,
        buyerName: d.customerName,
        salePrice: d.price,
        saleDate: vnDayKey(new Date(handover.at)),
      });
      expect(sale.trueCost).not.toBeNull();
      expect(sale.salePrice - sale.trueCost!).toBeGreaterThan(0);
    }
    expect(await sales()).toBe(before.sold + handed.length);
  });
});
