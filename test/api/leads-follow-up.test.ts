import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FOLLOW_UP_MESSAGES } from '../../src/contract/leads';
import { leads, notifications } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, consultingBody, freshIp } from './leads-fixtures';

/** "Hẹn gọi lại": set in the drawer, reminded by the bell at that moment, marked and filtered when overdue. */

const MINUTE = 60_000;
/** Thursday 26/11/2026 09:00 in Vietnam. */
const NINE_AM = new Date('2026-11-26T02:00:00Z');
const clock = new ManualClock(NINE_AM);
let t: TestApp;
let service: { id: number; token: string };
let carsOnly: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  service = await t.createStaff(['MANAGE_SERVICE']);
  carsOnly = await t.createStaff(['MANAGE_CAR']);
  await t.call('PUT', '/api/web-configuration', { token: t.adminToken, body: { sessionIdleHours: 168 } });
});
afterAll(() => t.close());
beforeEach(() => clock.set(NINE_AM));

let phones = 0;
/** A lead from a new customer each time (a returning one would go to their last handler). */
async function newLead() {
  const phone = `0936 ${String(100_000 + ++phones).padStart(6, '0')}`;
  const res = await t.call('POST', '/api/consulting', {
    body: consultingBody({ phone }),
    headers: asIp(freshIp()),
  });
  expect(res.status).toBe(201);
  const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, res.json.reference));
  return row;
}

const followUp = (id: number, body: unknown, token = service.token) =>
  t.call('PUT', `/api/consulting/admin/${id}/follow-up`, { token, body });

const reminders = async (reference: string) =>
  (
    await t.ctx.db
      .select()
      .from(notifications)
      .where(like(notifications.message, `Đến giờ gọi lại%${reference}%`))
  ).map((n) => n.userId);

describe('setting a follow-up', () => {
  it('stores the moment (Vietnam time), writes the history and schedules the reminder', async () => {
    const lead = await newLead();
    const res = await followUp(lead.id, { date: '26/11/2026', time: '14:30', note: 'Khách bận họp' });
    expect(res.status, res.body).toBe(200);
    expect(res.json.followUpAt).toBe('2026-11-26T07:30:00.000Z');
    expect(res.json.followUpText).toBe('26/11/2026 14:30');
    expect(res.json.followUpOverdue).toBe(false);
    expect(res.json.events[0]).toMatchObject({
      kind: 'FOLLOW_UP',
      text: 'Hẹn gọi lại lúc 26/11/2026 14:30',
      note: 'Khách bận họp',
      by: { userId: service.id },
    });
    const job = await t.services.jobs.find(`lead-follow-up:${lead.id}`);
    expect(job?.state).toBe('pending');
    expect(job?.runAt.toISOString()).toBe('2026-11-26T07:30:00.000Z');
    // yyyy-mm-dd is read too.
    expect((await followUp(lead.id, { date: '2026-11-27', time: '8:05' })).json.followUpText).toBe(
      '27/11/2026 08:05',
    );
  });

  it('refuses bad input in Vietnamese', async () => {
    const lead = await newLead();
    const cases: [unknown, string][] = [
      [{ date: '25/11/2026', time: '10:00' }, FOLLOW_UP_MESSAGES.past],
      [{ date: '26/11/2026', time: '09:00' }, FOLLOW_UP_MESSAGES.past],
      [{ date: '31/02/2026', time: '10:00' }, FOLLOW_UP_MESSAGES.date],
      [{ date: '26/11/2026', time: '25:00' }, FOLLOW_UP_MESSAGES.time],
      [{ date: '26/11/2026' }, FOLLOW_UP_MESSAGES.timeMissing],
      [{ time: '10:00' }, FOLLOW_UP_MESSAGES.dateMissing],
      [{ date: '26/11/2028', time: '10:00' }, FOLLOW_UP_MESSAGES.tooFar],
      [{ date: '27/11/2026', time: '10:00', note: 'x'.repeat(501) }, 'Ghi chú hẹn gọi lại tối đa 500 ký tự'],
    ];
    for (const [body, message] of cases) {
      const res = await followUp(lead.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect((await followUp(999_999, { date: '27/11/2026', time: '10:00' })).status).toBe(404);
  });

  it('answers 401 without a token and 403 without MANAGE_SERVICE', async () => {
    const lead = await newLead();
    const body = { date: '27/11/2026', time: '10:00' };
    expect((await t.call('PUT', `/api/consulting/admin/${lead.id}/follow-up`, { body })).status).toBe(401);
    expect((await followUp(lead.id, body, carsOnly.token)).status).toBe(403);
  });

  it('refuses a follow-up on a closed lead', async () => {
    const lead = await newLead();
    await t.call('PUT', `/api/consulting/admin/${lead.id}/status`, {
      token: service.token,
      body: { status: 'CANCELLED' },
    });
    const res = await followUp(lead.id, { date: '27/11/2026', time: '10:00' });
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(FOLLOW_UP_MESSAGES.closed);
  });
});

describe('the reminder', () => {
  it('reminds the assignee alone, at the moment, once', async () => {
    const lead = await newLead();
    const assignee = await t.createStaff(['MANAGE_SERVICE']);
    await t.call('PUT', `/api/consulting/admin/${lead.id}/assign`, {
      token: t.adminToken,
      body: { assigneeId: assignee.id },
    });
    await followUp(lead.id, { date: '26/11/2026', time: '10:00', note: 'Gọi báo giá' });
    clock.set(new Date('2026-11-26T02:59:00Z'));
    await t.services.jobs.runDue();
    expect(await reminders(lead.reference)).toEqual([]);
    clock.set(new Date('2026-11-26T03:00:00Z'));
    await t.services.jobs.runDue();
    expect(await reminders(lead.reference)).toEqual([assignee.id]);
    const [bell] = await t.ctx.db
      .select()
      .from(notifications)
      .where(like(notifications.message, `Đến giờ gọi lại%${lead.reference}%`));
    expect(bell.message).toBe(
      `Đến giờ gọi lại khách hàng ${lead.fullName} (${lead.phone}), yêu cầu tư vấn ${lead.reference}: Gọi báo giá`,
    );
    expect(bell.link).toBe(`/dashboard/consultantManagement?id=${lead.id}`);
    clock.advance(10 * MINUTE);
    await t.services.jobs.drain();
    expect(await reminders(lead.reference)).toEqual([assignee.id]);
  });

  it('reminds the service managers when nobody has the lead', async () => {
    const lead = await newLead();
    await followUp(lead.id, { date: '26/11/2026', time: '11:00' });
    clock.set(new Date('2026-11-26T04:00:00Z'));
    await t.services.jobs.runDue();
    const to = await reminders(lead.reference);
    expect(to).toContain(service.id);
    expect(to).not.toContain(carsOnly.id);
  });

  it('moves the reminder with the follow-up and reminds again for a new moment', async () => {
    const lead = await newLead();
    await followUp(lead.id, { date: '26/11/2026', time: '10:00' });
    await followUp(lead.id, { date: '26/11/2026', time: '15:00' });
    expect((await t.services.jobs.find(`lead-follow-up:${lead.id}`))?.runAt.toISOString()).toBe(
      '2026-11-26T08:00:00.000Z',
    );
    clock.set(new Date('2026-11-26T03:30:00Z')); // 10:30: the old moment has passed
    await t.services.jobs.runDue();
    expect(await reminders(lead.reference)).toEqual([]);
    clock.set(new Date('2026-11-26T08:00:00Z')); // 15:00
    await t.services.jobs.runDue();
    const first = (await reminders(lead.reference)).length;
    expect(first).toBeGreaterThan(0);
    // Set again for tomorrow after it rang: a new reminder then.
    await followUp(lead.id, { date: '27/11/2026', time: '09:00' });
    clock.set(new Date('2026-11-27T02:00:00Z'));
    await t.services.jobs.runDue();
    expect((await reminders(lead.reference)).length).toBe(first * 2);
  });

  it('cancels the reminder when the follow-up is removed or the lead closes', async () => {
    const removed = await newLead();
    await followUp(removed.id, { date: '26/11/2026', time: '10:00' });
    const cleared = await followUp(removed.id, { date: null, time: null });
    expect(cleared.status).toBe(200);
    expect(cleared.json.followUpAt).toBeNull();
    expect(cleared.json.events[0].text).toBe('Bỏ hẹn gọi lại');
    expect((await t.services.jobs.find(`lead-follow-up:${removed.id}`))?.state).toBe('cancelled');

    const closed = await newLead();
    await followUp(closed.id, { date: '26/11/2026', time: '10:00' });
    await t.call('PUT', `/api/consulting/admin/${closed.id}/status`, {
      token: service.token,
      body: { status: 'CANCELLED' },
    });
    expect((await t.services.jobs.find(`lead-follow-up:${closed.id}`))?.state).toBe('cancelled');
    clock.set(new Date('2026-11-26T04:00:00Z'));
    await t.services.jobs.runDue();
    expect(await reminders(removed.reference)).toEqual([]);
    expect(await reminders(closed.reference)).toEqual([]);
  });
});

describe('overdue follow-ups in the list', () => {
  it('marks an open lead whose follow-up has passed and finds it with the filter', async () => {
    const due = await newLead();
    const later = await newLead();
    const closed = await newLead();
    await followUp(due.id, { date: '26/11/2026', time: '10:00' });
    await followUp(later.id, { date: '26/11/2026', time: '17:00' });
    await followUp(closed.id, { date: '26/11/2026', time: '10:00' });
    await t.call('PUT', `/api/consulting/admin/${closed.id}/status`, {
      token: service.token,
      body: { status: 'DONE' },
    });
    clock.set(new Date('2026-11-26T03:30:00Z'));
    const all = await t.call('GET', '/api/consulting/admin', { token: service.token, query: { size: 100 } });
    const flag = (id: number) =>
      all.json.content.find((l: { leadId: number }) => l.leadId === id).followUpOverdue as boolean;
    expect(flag(due.id)).toBe(true);
    expect(flag(later.id)).toBe(false);
    const overdue = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { followUpOverdue: 'true', size: 100 },
    });
    const ids = overdue.json.content.map((l: { leadId: number }) => l.leadId);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(later.id);
    expect(ids).not.toContain(closed.id);
    const notOverdue = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { followUpOverdue: 'false', size: 100 },
    });
    const others = notOverdue.json.content.map((l: { leadId: number }) => l.leadId);
    expect(others).toContain(later.id);
    expect(others).not.toContain(due.id);
    const bad = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { followUpOverdue: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Giá trị lọc hẹn gọi lại không hợp lệ');
  });
});
