import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadDetail, LeadView } from '../../src/contract/leads';
import { customerEntries, leads } from '../../src/server/db/schema';
import { seedDemoLeads } from '../../src/server/modules/leads/demo';
import { startTestApp, type TestApp } from '../helpers/app';
import { createCar, inDays } from './leads-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await createCar(t);
  await t.createStaff(['MANAGE_SERVICE']);
  await seedDemoLeads(t.ctx, t.services);
});
afterAll(() => t.close());

describe('demo leads', () => {
  it('fills every form with leads whose history follows the workflow', async () => {
    const stats = await t.services.leads.stats();
    expect(stats.total).toBe(24);
    for (const base of ['/api/test-drives/admin', '/api/maintenance/admin', '/api/consulting/admin']) {
      const page = await t.call('GET', base, { token: t.adminToken, query: { size: 100 } });
      expect(page.json.totalElements).toBe(8);
      for (const lead of page.json.content as LeadView[]) {
        const detail: LeadDetail = (await t.call('GET', `${base}/${lead.leadId}`, { token: t.adminToken }))
          .json;
        const moves = detail.events.filter((e) => e.kind === 'STATUS').reverse();
        let current = 'NEW';
        for (const m of moves) {
          expect(m.fromStatus).toBe(current);
          current = m.toStatus!;
        }
        expect(current).toBe(lead.status);
        if (lead.status === 'DONE' && lead.preferredDate) expect(lead.preferredDate < inDays(0)).toBe(true);
        if (lead.status !== 'NEW') expect(lead.assignee).not.toBeNull();
      }
    }
    const adminId = (await t.call('GET', '/api/auth/my-info', { token: t.adminToken })).json.userId;
    const bell = await t.call('GET', `/api/notifications/all/${adminId}`, { token: t.adminToken });
    expect(bell.json.length).toBeGreaterThan(0);
    expect(bell.json[0].message).toMatch(/^Khách hàng /);
  });

  it('puts every demo lead on its customer’s timeline', async () => {
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    const [{ m }] = await t.ctx.db
      .select({ m: sql<number>`count(*)::int` })
      .from(customerEntries)
      .where(eq(customerEntries.kind, 'LEAD'));
    expect(m).toBe(n);
    const list = await t.call('GET', '/api/customers', { token: t.adminToken, query: { size: 100 } });
    expect(list.json.totalElements).toBeGreaterThan(0);
  });
});
