import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconBoard } from '../../src/contract/recon';
import { seedDemoRecon } from '../../src/server/db/seed/demo-recon';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/server/db/seed/demo-staff';
import { startTestApp, type TestApp } from '../helpers/app';

/** The demo showroom's workshop: cars at every stage with work items that tell a believable story. */

let t: TestApp;
let board: ReconBoard;
beforeAll(async () => {
  t = await startTestApp();
  for (const s of DEMO_STAFF) await t.services.users.create({ ...s, role: 'STAFF' }, null, DEMO_PASSWORD);
  await seedDemoRecon(t.ctx, t.services);
  board = (await t.call('GET', '/api/recon/board', { token: t.adminToken })).json;
}, 120_000);
afterAll(() => t.close());

describe('demo reconditioning', () => {
  it('has a car at every stage, staffed, some late, none visible to visitors', async () => {
    expect(new Set(board.cards.map((c) => c.stage))).toEqual(new Set(board.stages.map((s) => s.key)));
    expect(board.stages.every((s) => s.ownerName)).toBe(true);
    expect(board.cards.filter((c) => c.late).length).toBeGreaterThanOrEqual(1);
    expect(board.cards.every((c) => c.cover)).toBe(true);
    expect(Math.max(...board.cards.map((c) => c.daysSincePurchase))).toBeGreaterThanOrEqual(7);
    expect((await t.call('GET', '/api/cars')).json.totalElements).toBe(0);
  });

  it('has work items at every status, with actual costs near their estimates', async () => {
    const statuses = new Set<string>();
    for (const card of board.cards) {
      const car = (await t.call('GET', `/api/cars/admin/${card.carId}/recon`, { token: t.adminToken })).json;
      for (const i of car.items) {
        statuses.add(i.status);
        if (i.status === 'DONE') {
          const estimate = i.estimateParts + i.estimateLabour;
          expect(Math.abs(i.actualCost - estimate) / estimate).toBeLessThan(0.3);
        }
      }
    }
    expect([...statuses].sort()).toEqual(['APPROVED', 'DONE', 'PENDING', 'REJECTED']);
  });

  it('has a car ready to list that passes the listing gate', async () => {
    const ready = board.cards.find((c) => c.stage === 'READY')!;
    const res = await t.call('PUT', `/api/cars/admin/${ready.carId}/status`, {
      token: t.adminToken,
      body: { status: 'available' },
    });
    expect(res.status, res.body).toBe(200);
    expect((await t.call('GET', `/api/cars/${ready.carId}`)).status).toBe(200);
    const early = board.cards.find((c) => c.stage === 'REPAIR')!;
    expect(
      (
        await t.call('PUT', `/api/cars/admin/${early.carId}/status`, {
          token: t.adminToken,
          body: { status: 'available' },
        })
      ).status,
    ).toBe(409);
  });
});
