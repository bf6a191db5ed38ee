import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, consultingBody, freshIp } from './leads-fixtures';

/**
 * Speed to lead, per person: a call logged from the customer page for a lead is that lead's first
 * response; the overview's per-staff figures (median, 90th percentile, share within 5 minutes) count
 * the wait in opening hours.
 */

// 10:00 in Vietnam on a weekday: the demo hours (8:00-18:00) are open.
const start = new Date('2026-11-24T03:00:00Z');
const clock = new ManualClock(start);
let t: TestApp;
let agent: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  agent = await t.createStaff(['MANAGE_SERVICE']);
  await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: { openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật' },
  });
}, 60_000);
afterAll(() => t?.close());

async function lead(phone: string) {
  const res = await t.call('POST', '/api/consulting', {
    body: consultingBody({ phone }),
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, res.json.reference));
  await t.call('PUT', `/api/consulting/admin/${row.id}/assign`, {
    token: t.adminToken,
    body: { assigneeId: agent.id },
  });
  return row.id;
}

async function customerOf(phone: string): Promise<number> {
  const res = await t.call('GET', '/api/customers', { token: agent.token, query: { search: phone } });
  return res.json.content[0].customerId;
}

describe('first response', () => {
  it('is a call logged for the lead, shown in its history; later calls change nothing', async () => {
    const leadId = await lead('0905 000 111');
    clock.advance(3 * 60_000);
    const id = await customerOf('0905000111');
    const call = await t.call('POST', `/api/customers/${id}/calls`, {
      token: agent.token,
      body: { leadId, outcome: 'REACHED', note: 'Khách hẹn chiều qua xem xe' },
    });
    expect(call.status, call.body).toBe(200);
    expect(call.json.timeline[0]).toMatchObject({ kind: 'CALL', status: 'Đã nói chuyện' });
    let [row] = await t.ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row.firstResponseAt?.getTime()).toBe(start.getTime() + 3 * 60_000);
    const detail = await t.call('GET', `/api/consulting/admin/${leadId}`, { token: agent.token });
    expect(JSON.stringify(detail.json.events)).toContain('Gọi điện: Đã nói chuyện');
    clock.advance(60_000);
    await t.call('POST', `/api/customers/${id}/calls`, {
      token: agent.token,
      body: { leadId, outcome: 'BUSY' },
    });
    [row] = await t.ctx.db.select().from(leads).where(eq(leads.id, leadId));
    expect(row.firstResponseAt?.getTime()).toBe(start.getTime() + 3 * 60_000);
  });

  it('gives each handler’s median, 90th percentile and share within 5 minutes', async () => {
    // Two more: one answered after 20 minutes by a status change, one not yet answered.
    const second = await lead('0905 000 222');
    clock.advance(20 * 60_000);
    await t.call('PUT', `/api/consulting/admin/${second}/status`, {
      token: agent.token,
      body: { status: 'CONTACTED' },
    });
    await lead('0905 000 333');
    const res = await t.call('GET', '/api/dashboard/first-response', { token: agent.token });
    expect(res.status, res.body).toBe(200);
    const mine = res.json.find((r: { userId: number | null }) => r.userId === agent.id);
    expect(mine).toMatchObject({
      answered: 2,
      unanswered: 1,
      medianMinutes: 3,
      p90Minutes: 20,
      within5Share: 0.5,
    });
    const bad = await t.call('GET', '/api/dashboard/first-response', {
      token: agent.token,
      query: { from: 'hôm qua' },
    });
    expect(bad.status).toBe(400);
  });

  it('refuses a call with a bad outcome in Vietnamese', async () => {
    const id = await customerOf('0905000111');
    const res = await t.call('POST', `/api/customers/${id}/calls`, {
      token: agent.token,
      body: { outcome: 'LOST' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/kết quả cuộc gọi/);
  });
});
