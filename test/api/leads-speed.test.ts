import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_HANDLING } from '../../src/contract/leads';
import { jobs, leads, notifications } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import { asIp, consultingBody, freshIp } from './leads-fixtures';

/**
 * Speed to lead: the waiting clock counted in opening hours (8:00-18:00 by default), the one alert of a
 * late lead (a stored job at its deadline), the first contact that stops the clock.
 */

const MINUTE = 60_000;
/** Thursday 26/11/2026 09:00 in Vietnam. */
const NINE_AM = new Date('2026-11-26T02:00:00Z');
const clock = new ManualClock(NINE_AM);
let t: TestApp;
let service: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  service = await t.createStaff(['MANAGE_SERVICE']);
  other = await t.createStaff(['MANAGE_SERVICE', 'MANAGE_CAR']);
  // The clock jumps a day back and forth: sessions must not fall idle in between.
  await t.call('PUT', '/api/web-configuration', { token: t.adminToken, body: { sessionIdleHours: 168 } });
});
afterAll(() => t.close());
beforeEach(() => clock.set(NINE_AM));

async function consulting(overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/consulting', {
    body: consultingBody(overrides),
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(201);
  const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, res.json.reference));
  return row;
}

const detail = async (id: number) =>
  (await t.call('GET', `/api/consulting/admin/${id}`, { token: service.token })).json;

/** The notifications whose message names the reference, by recipient. */
async function bellsFor(reference: string) {
  const rows = await t.ctx.db
    .select()
    .from(notifications)
    .where(like(notifications.message, `%${reference}%`));
  return rows;
}

/** The late-lead mails about a reference in the outbox, decoded. */
function lateMails(reference: string) {
  return t
    .outbox()
    .map(decodeMail)
    .filter((m) => m.includes(`Mã yêu cầu: ${reference}`) && m.includes('chưa được liên hệ'));
}

async function lateBells(reference: string) {
  return (await bellsFor(reference)).filter((n) => n.message.includes('chưa được liên hệ'));
}

describe('the waiting clock', () => {
  it('gives a new lead a deadline 15 minutes of opening time ahead and counts its wait', async () => {
    expect(DEFAULT_LEAD_HANDLING.responseTargetMinutes).toBe(15);
    const row = await consulting();
    expect(row.createdAt.toISOString()).toBe(NINE_AM.toISOString());
    expect(row.responseDueAt?.toISOString()).toBe(new Date(NINE_AM.getTime() + 15 * MINUTE).toISOString());
    expect(row.sourceChannel).toBe('DIRECT');
    clock.advance(12 * MINUTE);
    const lead = await detail(row.id);
    expect(lead.waitingMinutes).toBe(12);
    expect(lead.responseLate).toBe(false);
    expect(lead.firstResponseAt).toBeNull();
    const job = await t.services.jobs.find(`lead-response:${row.id}`);
    expect(job?.state).toBe('pending');
    expect(job?.runAt.toISOString()).toBe(row.responseDueAt?.toISOString());
  });

  it('starts the clock of a lead sent at night at the next opening', async () => {
    // 22:30 in Vietnam: the showroom is closed until 8:00 the next morning.
    clock.set(new Date('2026-11-26T15:30:00Z'));
    const row = await consulting();
    expect(row.responseDueAt?.toISOString()).toBe('2026-11-27T01:15:00.000Z'); // 08:15 VN
    clock.set(new Date('2026-11-27T00:00:00Z')); // 07:00 VN
    expect((await detail(row.id)).waitingMinutes).toBe(0);
    clock.set(new Date('2026-11-27T01:10:00Z')); // 08:10 VN
    expect((await detail(row.id)).waitingMinutes).toBe(10);
    await t.services.jobs.runDue();
    expect((await t.services.jobs.find(`lead-response:${row.id}`))?.state).toBe('pending');
  });

  it('counts across closing time: 10 minutes before closing leaves 5 for the next morning', async () => {
    clock.set(new Date('2026-11-26T10:50:00Z')); // 17:50 VN
    const row = await consulting();
    expect(row.responseDueAt?.toISOString()).toBe('2026-11-27T01:05:00.000Z'); // 08:05 VN
  });
});

describe('the alert of a late lead', () => {
  it('rings the managers once at the deadline, turns the lead late, and never again', async () => {
    const row = await consulting({ fullName: 'Khách Chờ Lâu' });
    clock.advance(14 * MINUTE);
    await t.services.jobs.runDue();
    expect(await lateBells(row.reference)).toHaveLength(0);
    clock.advance(MINUTE);
    expect(await t.services.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const bells = await lateBells(row.reference);
    const to = bells.map((n) => n.userId).sort();
    expect(to).toContain(service.id);
    expect(to).toContain(other.id);
    expect(new Set(to).size).toBe(to.length);
    expect(bells[0].message).toBe(
      `Yêu cầu tư vấn ${row.reference} của khách hàng Khách Chờ Lâu đã chờ quá 15 phút mà chưa được liên hệ`,
    );
    expect(bells[0].link).toBe(`/dashboard/consultantManagement?id=${row.id}`);
    const lead = await detail(row.id);
    expect(lead.responseLate).toBe(true);
    expect(lead.waitingMinutes).toBe(15);
    const late = await t.call('GET', '/api/consulting/admin', {
      token: service.token,
      query: { responseLate: 'true', size: 50 },
    });
    expect(late.json.content.map((l: { leadId: number }) => l.leadId)).toContain(row.id);

    // Later passes, and the same job run again (a process that died after its commit), add nothing.
    clock.advance(30 * MINUTE);
    await t.services.jobs.drain();
    await t.ctx.db
      .update(jobs)
      .set({ state: 'pending', lockedUntil: null })
      .where(eq(jobs.key, `lead-response:${row.id}`));
    expect(await t.services.jobs.runDue()).toBe(1);
    expect(await lateBells(row.reference)).toHaveLength(bells.length);
  });

  it('rings the assignee too and e-mails them, once', async () => {
    const row = await consulting({ fullName: 'Khách Được Giao' });
    const assignee = await t.createStaff(['MANAGE_SERVICE']);
    await t.ctx.db.update(leads).set({ assigneeId: assignee.id }).where(eq(leads.id, row.id));
    clock.advance(15 * MINUTE);
    await t.services.jobs.runDue();
    const bells = await lateBells(row.reference);
    expect(bells.filter((n) => n.userId === assignee.id)).toHaveLength(1);
    const email = (await t.services.users.findRow(t.ctx.db, assignee.id))?.email;
    expect(email).toBeTruthy();
    const mail = await t.mailContaining(`Mã yêu cầu: ${row.reference}`, 'chưa được liên hệ');
    expect(mail).toMatch(new RegExp(`^To: ${email}`, 'm'));
    expect(mail).toContain(
      `Yêu cầu tư vấn ${row.reference} của khách hàng Khách Được Giao đã chờ quá 15 phút mà chưa được liên hệ`,
    );
    expect(mail).toContain(`/dashboard/consultantManagement?id=${row.id}`);
    // Only to the owner: the managers, rung already, get no mail about a lead someone owns.
    const sent = () => lateMails(row.reference);
    expect(sent()).toHaveLength(1);
    // The job run again (a retry after its commit) sends nothing more.
    await t.ctx.db
      .update(jobs)
      .set({ state: 'pending', lockedUntil: null })
      .where(eq(jobs.key, `lead-response:${row.id}`));
    await t.services.jobs.runDue();
    await new Promise((r) => setTimeout(r, 200));
    expect(sent()).toHaveLength(1);
  });

  it('e-mails the managers when nobody owns the late lead yet', async () => {
    const row = await consulting({ fullName: 'Khách Chưa Giao' });
    clock.advance(15 * MINUTE);
    await t.services.jobs.runDue();
    await t.mailContaining(`Mã yêu cầu: ${row.reference}`, 'chưa được liên hệ');
    await new Promise((r) => setTimeout(r, 200));
    const mails = lateMails(row.reference);
    expect(mails.every((m) => m.includes('Yêu cầu này chưa được giao cho ai'))).toBe(true);
    const to = mails.map((m) => /^To: (.+)$/m.exec(m)?.[1].trim());
    for (const id of [service.id, other.id]) {
      const email = (await t.services.users.findRow(t.ctx.db, id))?.email;
      expect(to).toContain(email);
    }
    expect(new Set(to).size).toBe(to.length);
  });

  it('stops the clock at the first contact and records the response time', async () => {
    const row = await consulting();
    clock.advance(7 * MINUTE);
    const moved = await t.call('PUT', `/api/consulting/admin/${row.id}/status`, {
      token: service.token,
      body: { status: 'CONTACTED' },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.firstResponseAt).toBe(new Date(NINE_AM.getTime() + 7 * MINUTE).toISOString());
    expect(moved.json.waitingMinutes).toBe(7);
    expect(moved.json.responseLate).toBe(false);
    expect((await t.services.jobs.find(`lead-response:${row.id}`))?.state).toBe('cancelled');
    clock.advance(60 * MINUTE);
    await t.services.jobs.runDue();
    expect(await lateBells(row.reference)).toHaveLength(0);
    // A later change does not move the first contact.
    await t.call('PUT', `/api/consulting/admin/${row.id}/status`, {
      token: service.token,
      body: { status: 'SCHEDULED' },
    });
    const lead = await detail(row.id);
    expect(lead.firstResponseAt).toBe(moved.json.firstResponseAt);
    expect(lead.waitingMinutes).toBe(7);
  });

  it('does not alert a lead answered after its deadline passed but before the job ran', async () => {
    const row = await consulting();
    clock.advance(20 * MINUTE);
    await t.call('PUT', `/api/consulting/admin/${row.id}/status`, {
      token: service.token,
      body: { status: 'CANCELLED' },
    });
    await t.services.jobs.runDue();
    expect(await lateBells(row.reference)).toHaveLength(0);
    // Answered late: the response time says so (20 minutes, over the 15 of the target).
    expect((await detail(row.id)).waitingMinutes).toBe(20);
  });
});

describe('the response target setting', () => {
  it('uses the target of the settings for new leads and refuses a bad one', async () => {
    const bad = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { leadHandling: { ...DEFAULT_LEAD_HANDLING, responseTargetMinutes: 0 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Thời gian phản hồi từ 1 đến 1.440 phút');
    const ok = await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { leadHandling: { ...DEFAULT_LEAD_HANDLING, responseTargetMinutes: 30 } },
    });
    expect(ok.status).toBe(200);
    const row = await consulting();
    expect(row.responseDueAt?.getTime()).toBe(NINE_AM.getTime() + 30 * MINUTE);
    clock.advance(30 * MINUTE);
    await t.services.jobs.runDue();
    const [bell] = await lateBells(row.reference);
    expect(bell.message).toContain('đã chờ quá 30 phút');
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { leadHandling: DEFAULT_LEAD_HANDLING },
    });
  });

  it('follows the opening hours of the settings', async () => {
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { openingHours: '7h30 - 17h, Thứ Hai - Thứ Bảy' },
    });
    clock.set(new Date('2026-11-26T10:00:00Z')); // 17:00 VN: closed
    const row = await consulting();
    expect(row.responseDueAt?.toISOString()).toBe('2026-11-27T00:45:00.000Z'); // 07:45 VN
    await t.call('PUT', '/api/web-configuration', {
      token: t.adminToken,
      body: { openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật' },
    });
  });
});

describe('leads without the clock', () => {
  it('answers null deadline and wait for a lead stored before the clock existed', async () => {
    const row = await consulting();
    await t.ctx.db
      .update(leads)
      .set({ responseDueAt: null, status: 'DONE' })
      .where(and(eq(leads.id, row.id)));
    const lead = await detail(row.id);
    expect(lead.responseDueAt).toBeNull();
    expect(lead.waitingMinutes).toBeNull();
    expect(lead.responseLate).toBe(false);
  });
});
