import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_HANDLING } from '../../src/contract/leads';
import { RECEIVES_LEADS_NEEDS_SERVICE } from '../../src/contract/users';
import { leads, notifications } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { raceTest } from '../helpers/race';
import { asIp, consultingBody, createCar, freshIp, testDriveBody } from './leads-fixtures';

/**
 * Auto-assignment: round-robin among the staff marked "nhận yêu cầu", by lead type, switched on per
 * type in the settings; the turn is a database row, so simultaneous submissions share out evenly.
 */

let t: TestApp;
let carId: number;
let receivers: { id: number; token: string }[];
let bystander: { id: number; token: string };

const mark = (id: number, on: boolean, token = t.adminToken) =>
  t.call('PUT', `/api/users/${id}/receives-leads`, { token, body: { receivesLeads: on } });

async function setAutoAssign(autoAssign: Partial<typeof DEFAULT_LEAD_HANDLING.autoAssign>) {
  const res = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: {
      leadHandling: {
        ...DEFAULT_LEAD_HANDLING,
        autoAssign: { ...DEFAULT_LEAD_HANDLING.autoAssign, ...autoAssign },
      },
    },
  });
  expect(res.status, res.body).toBe(200);
}

let phones = 0;
/** A number no lead has used yet: a new customer (a returning one keeps its owner, not the turn). */
const newPhone = () => `0938 ${String(100_000 + ++phones).padStart(6, '0')}`;
/** A consulting lead, from a new customer each time unless a phone is given. */
async function consulting(phone = newPhone()) {
  const res = await t.call('POST', '/api/consulting', {
    body: consultingBody({ phone }),
    headers: asIp(freshIp()),
  });
  expect(res.status, res.body).toBe(201);
  return res.json.reference as string;
}

async function assigneesOf(references: string[]) {
  const rows = await t.ctx.db
    .select({ reference: leads.reference, assigneeId: leads.assigneeId })
    .from(leads)
    .where(inArray(leads.reference, references));
  const by = new Map(rows.map((r) => [r.reference, r.assigneeId]));
  return references.map((r) => by.get(r) ?? null);
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
  receivers = [];
  for (let i = 0; i < 3; i++) receivers.push(await t.createStaff(['MANAGE_SERVICE']));
  bystander = await t.createStaff(['MANAGE_SERVICE']);
  for (const r of receivers) expect((await mark(r.id, true)).status).toBe(200);
});
afterAll(() => t.close());

describe('the "nhận yêu cầu" flag', () => {
  it('is set on the user form and shown in the account', async () => {
    const res = await t.call('POST', '/api/users/addUser', {
      token: t.adminToken,
      body: {
        fullName: 'Người Nhận Yêu Cầu',
        email: 'nhan.yeu.cau@example.com',
        permissions: ['MANAGE_SERVICE'],
        receivesLeads: true,
      },
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.receivesLeads).toBe(true);
    const off = await mark(res.json.userId, false);
    expect(off.json.receivesLeads).toBe(false);
  });

  it('is only for service staff and admins', async () => {
    const refused = await t.call('POST', '/api/users/addUser', {
      token: t.adminToken,
      body: {
        fullName: 'Bán Xe',
        email: 'ban.xe@example.com',
        permissions: ['MANAGE_CAR'],
        receivesLeads: true,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toBe(RECEIVES_LEADS_NEEDS_SERVICE);
    expect(refused.json.errors).toEqual({ receivesLeads: RECEIVES_LEADS_NEEDS_SERVICE });
    const seller = await t.createStaff(['MANAGE_CAR']);
    const res = await mark(seller.id, true);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(RECEIVES_LEADS_NEEDS_SERVICE);
    const admin = await t.createStaff([], 'ADMIN');
    expect((await mark(admin.id, true)).json.receivesLeads).toBe(true);
    expect((await mark(admin.id, false)).json.receivesLeads).toBe(false);
    const bad = await t.call('PUT', `/api/users/${seller.id}/receives-leads`, {
      token: t.adminToken,
      body: { receivesLeads: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Giá trị nhận yêu cầu không hợp lệ');
  });

  it('is dropped when the account loses the service permission', async () => {
    const staff = await t.createStaff(['MANAGE_SERVICE', 'MANAGE_CAR']);
    await mark(staff.id, true);
    const perms = await t.call('PUT', `/api/permissions/${staff.id}`, {
      token: t.adminToken,
      body: ['MANAGE_CAR'],
    });
    expect(perms.status).toBe(200);
    expect((await t.call('GET', `/api/users/${staff.id}`, { token: t.adminToken })).json.receivesLeads).toBe(
      false,
    );
  });

  it('needs MANAGE_USER, and a manager only changes accounts within their own rights', async () => {
    const target = receivers[0];
    expect(
      (await t.call('PUT', `/api/users/${target.id}/receives-leads`, { body: { receivesLeads: true } }))
        .status,
    ).toBe(401);
    expect((await mark(target.id, true, bystander.token)).status).toBe(403);
    const userManager = await t.createStaff(['MANAGE_USER']);
    const res = await mark(target.id, false, userManager.token);
    expect(res.status).toBe(403);
    const both = await t.createStaff(['MANAGE_USER', 'MANAGE_SERVICE']);
    expect((await mark(target.id, true, both.token)).status).toBe(200);
  });
});

describe('round-robin', () => {
  it('leaves leads unassigned while the type is off', async () => {
    await setAutoAssign({});
    const ref = await consulting();
    expect(await assigneesOf([ref])).toEqual([null]);
  });

  it('gives each new lead of an enabled type to the next receiver in turn', async () => {
    await setAutoAssign({ CONSULTING: true });
    const refs: string[] = [];
    for (let i = 0; i < 6; i++) refs.push(await consulting());
    const got = await assigneesOf(refs);
    const ids = receivers.map((r) => r.id);
    // The turn continues from whoever was last served: every receiver twice, in id order, cyclically.
    const start = ids.indexOf(got[0]!);
    expect(start).toBeGreaterThanOrEqual(0);
    expect(got).toEqual(refs.map((_, i) => ids[(start + i) % ids.length]));
    expect(got).not.toContain(bystander.id);
    // Test drives are off: unassigned.
    const drive = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId),
      headers: asIp(freshIp()),
    });
    expect(await assigneesOf([drive.json.reference])).toEqual([null]);
  });

  it('gives a returning customer’s request within 30 days to whoever handled the last one', async () => {
    await setAutoAssign({ CONSULTING: true });
    const first = await consulting('0939 123 456');
    const second = await consulting('+84939123456');
    const [a, b] = await assigneesOf([first, second]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    // Even a type that is not handed out automatically goes to the customer's person.
    const drive = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { phone: '84939123456' }),
      headers: asIp(freshIp()),
    });
    expect(await assigneesOf([drive.json.reference])).toEqual([a]);
    const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, second));
    const detail = await t.call('GET', `/api/consulting/admin/${row.id}`, { token: t.adminToken });
    expect(detail.json.events[0]).toMatchObject({
      kind: 'ASSIGN',
      by: { fullName: 'Tự động giao (khách quay lại)' },
    });
  });

  it('tells the assignee (bell and e-mail) and writes the history', async () => {
    await setAutoAssign({ CONSULTING: true });
    const ref = await consulting();
    const [assigneeId] = await assigneesOf([ref]);
    const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, ref));
    const detail = await t.call('GET', `/api/consulting/admin/${row.id}`, { token: t.adminToken });
    expect(detail.json.assignee.userId).toBe(assigneeId);
    expect(detail.json.events[0]).toMatchObject({
      kind: 'ASSIGN',
      by: { fullName: 'Tự động giao (xoay vòng)' },
    });
    const mail = await t.mailContaining(`Mã yêu cầu: ${ref}`);
    expect(mail).toContain('Hệ thống tự động vừa giao cho bạn một yêu cầu tư vấn');
    for (let i = 0; i < 100; i++) {
      const bells = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, assigneeId!));
      if (
        bells.some(
          (b) =>
            b.message ===
            `Hệ thống tự động giao cho bạn yêu cầu tư vấn của khách hàng ${row.fullName} (${ref})`,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('the assignee was not told');
  });

  it('skips receivers who were switched off or deactivated, and manual reassignment still works', async () => {
    await setAutoAssign({ CONSULTING: true });
    await mark(receivers[1].id, false);
    expect((await t.call('DELETE', `/api/users/${receivers[2].id}`, { token: t.adminToken })).status).toBe(
      200,
    );
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) refs.push(await consulting());
    expect(await assigneesOf(refs)).toEqual([receivers[0].id, receivers[0].id, receivers[0].id]);
    await mark(receivers[1].id, true);
    await t.call('PUT', `/api/users/activate/${receivers[2].id}`, { token: t.adminToken });
    receivers[2].token = await t.login(
      (await t.call('GET', `/api/users/${receivers[2].id}`, { token: t.adminToken })).json.username,
      'Staff12345',
    );
    const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, refs[0]));
    const moved = await t.call('PUT', `/api/consulting/admin/${row.id}/assign`, {
      token: t.adminToken,
      body: { assigneeId: bystander.id },
    });
    expect(moved.json.assignee.userId).toBe(bystander.id);
  });

  raceTest('shares simultaneous submissions evenly (the turn is a locked row, not memory)', async () => {
    await setAutoAssign({ CONSULTING: true, TEST_DRIVE: true });
    // Each from a customer of their own: this measures the turn, not the returning customer's owner.
    const submissions = Array.from({ length: 9 }, () =>
      t.call('POST', '/api/consulting', {
        body: consultingBody({ phone: newPhone() }),
        headers: asIp(freshIp()),
      }),
    );
    // Each in an hour of its own (the fixture's next free one): a test drive holds its car for an hour.
    const drives = Array.from({ length: 6 }, () =>
      t.call('POST', '/api/test-drives', {
        body: testDriveBody(carId, { phone: newPhone() }),
        headers: asIp(freshIp()),
      }),
    );
    const [answers, driveAnswers] = await Promise.all([Promise.all(submissions), Promise.all(drives)]);
    for (const a of [...answers, ...driveAnswers]) expect(a.status, a.body).toBe(201);
    const count = (ids: (number | null)[]) => {
      const m = new Map<number | null, number>();
      for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
      return m;
    };
    const consultingCounts = count(await assigneesOf(answers.map((a) => a.json.reference)));
    const driveCounts = count(await assigneesOf(driveAnswers.map((a) => a.json.reference)));
    for (const r of receivers) {
      expect(consultingCounts.get(r.id), `consulting to ${r.id}`).toBe(3);
      expect(driveCounts.get(r.id), `test drive to ${r.id}`).toBe(2);
    }
  });
});
