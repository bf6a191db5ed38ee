import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerEntries, customerPhones, customers, leads } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { saveSearch } from './alerts-fixtures';
import { asIp, consultingBody, createCar, freshIp, testDriveBody, uuid } from './leads-fixtures';
import { postPurchase, purchaseBody } from './purchases-fixtures';
import { openDeposits, reserve } from './reservations-fixtures';

/**
 * The customer record: every lead type, reservation and alert subscription attaches to one customer
 * found by phone (any form) or, for an e-mail-only subscription, by e-mail; search, one timeline,
 * merge (audited, nothing lost), and who may see it.
 */

let t: TestApp;
let service: { id: number; token: string };
let carStaff: { id: number; token: string };
let blogger: { id: number; token: string };
let carId: number;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  service = await t.createStaff(['MANAGE_SERVICE']);
  carStaff = await t.createStaff(['MANAGE_CAR']);
  blogger = await t.createStaff(['MANAGE_BLOG']);
  carId = await createCar(t);
  await openDeposits(t);
}, 60_000);
afterAll(() => t?.close());

const post = (path: string, body: unknown) => t.call('POST', path, { body, headers: asIp(freshIp()) });

async function customerByPhone(phone: string) {
  const res = await t.call('GET', '/api/customers', { token: service.token, query: { search: phone } });
  expect(res.status, res.body).toBe(200);
  return res.json as {
    content: { customerId: number; code: string; fullName: string }[];
    totalElements: number;
  };
}

describe('auto-linking', () => {
  it('puts a test drive, a consultation, a chat hand-off, a buy-in, a reservation and an alert on one timeline', async () => {
    const email = 'tran.binh@example.com';
    const drive = await post(
      '/api/test-drives',
      testDriveBody(carId, { fullName: 'Trần Bình', phone: '0933 111 222', email }),
    );
    expect(drive.status, drive.body).toBe(201);
    const consult = await post(
      '/api/consulting',
      consultingBody({ fullName: 'Trần Bình', phone: '+84933111222', email }),
    );
    expect(consult.status, consult.body).toBe(201);
    const chat = await post('/api/chat/handoff', {
      fullName: 'Anh Bình',
      phone: '84933111222',
      transcript: [{ role: 'user', content: 'xe 7 chỗ' }],
      website: '',
      clientRequestId: uuid(),
    });
    expect(chat.status, chat.body).toBe(201);
    const sell = await postPurchase(t, purchaseBody({ fullName: 'Trần Bình', phone: '0933.111.222', email }));
    expect(sell.status, sell.body).toBe(201);
    const held = await reserve(t, carId, { fullName: 'Trần Bình', phone: '0933111222', email });
    const alert = await saveSearch(t, email, { brand: 'Toyota' });
    expect(alert.status, alert.body).toBeLessThan(300);

    const found = await customerByPhone('0933 111 222');
    expect(found.totalElements).toBe(1);
    const { customerId, code } = found.content[0];
    expect(code).toMatch(/^KH-\d{6}$/);
    const detail = await t.call('GET', `/api/customers/${customerId}`, { token: carStaff.token });
    expect(detail.status, detail.body).toBe(200);
    expect(detail.json.fullName).toBe('Trần Bình');
    expect(detail.json.phone).toBe('0933 111 222');
    expect(detail.json.emails).toEqual([email]);
    const titles = (detail.json.timeline as { kind: string; title: string }[]).map(
      (e) => `${e.kind} ${e.title}`,
    );
    expect(titles).toHaveLength(6);
    expect(titles.join('\n')).toContain(drive.json.reference);
    expect(titles.join('\n')).toContain(consult.json.reference);
    expect(titles.join('\n')).toContain(chat.json.reference);
    expect(titles.join('\n')).toContain(sell.json.reference);
    expect(titles.join('\n')).toContain(held.code);
    expect(titles.some((x) => x.startsWith('ALERT'))).toBe(true);
    // Newest first.
    const times = (detail.json.timeline as { occurredAt: string }[]).map((e) => e.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('updates the timeline when a lead changes status, and finds by name without accents, and by code', async () => {
    const res = await post(
      '/api/consulting',
      consultingBody({ fullName: 'Đặng Thị Thủy', phone: '0977 000 111' }),
    );
    const [row] = await t.ctx.db.select().from(leads).where(eq(leads.reference, res.json.reference));
    const moved = await t.call('PUT', `/api/consulting/admin/${row.id}/status`, {
      token: service.token,
      body: { status: 'CONTACTED' },
    });
    expect(moved.status, moved.body).toBe(200);
    const byName = await customerByPhone('dang thi thuy');
    expect(byName.totalElements).toBe(1);
    const byCode = await customerByPhone(byName.content[0].code);
    expect(byCode.content.map((c) => c.customerId)).toEqual([byName.content[0].customerId]);
    const partial = await customerByPhone('0977 000');
    expect(partial.content.map((c) => c.customerId)).toContain(byName.content[0].customerId);
    const detail = await t.call('GET', `/api/customers/${byName.content[0].customerId}`, {
      token: service.token,
    });
    expect(detail.json.timeline[0].status).toBe('Đã liên hệ');
  });

  it('offers the existing customer while staff type a phone', async () => {
    await post('/api/consulting', consultingBody({ fullName: 'Võ Minh', phone: '0966 222 333' }));
    const hit = await t.call('GET', '/api/customers/lookup', {
      token: service.token,
      query: { phone: '+84 966 222 333' },
    });
    expect(hit.status, hit.body).toBe(200);
    expect(hit.json.customer.fullName).toBe('Võ Minh');
    const miss = await t.call('GET', '/api/customers/lookup', {
      token: service.token,
      query: { phone: '0966' },
    });
    expect(miss.json.customer).toBeNull();
  });
});

describe('a lead entered by hand', () => {
  it('joins the customer the phone belongs to, handled by whoever entered it, already answered', async () => {
    await post('/api/consulting', consultingBody({ fullName: 'Đỗ Thị Hạnh', phone: '0967 123 123' }));
    const before = (await customerByPhone('0967123123')).content[0];
    const res = await t.call('POST', '/api/consulting/admin', {
      token: service.token,
      body: {
        fullName: 'Chị Hạnh',
        phone: '+84 967 123 123',
        topic: 'INSTALLMENT',
        message: 'Gọi hỏi trả góp',
      },
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.assignee.userId).toBe(service.id);
    const [row] = await t.ctx.db.select().from(leads).where(eq(leads.id, res.json.leadId));
    expect(row.firstResponseAt?.getTime()).toBe(row.createdAt.getTime());
    const after = await customerByPhone('0967123123');
    expect(after.content.map((c) => c.customerId)).toEqual([before.customerId]);
    const detail = await t.call('GET', `/api/customers/${before.customerId}`, { token: service.token });
    expect(detail.json.timeline.filter((e: { kind: string }) => e.kind === 'LEAD')).toHaveLength(2);
    const bad = await t.call('POST', '/api/consulting/admin', {
      token: service.token,
      body: { fullName: 'X', phone: '123', topic: 'BUY', message: 'a' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Số điện thoại không hợp lệ');
    const car = await t.call('POST', '/api/consulting/admin', {
      token: carStaff.token,
      body: { fullName: 'X', phone: '0967123123', topic: 'BUY', message: 'a' },
    });
    expect(car.status).toBe(403);
  });
});

describe('public answers', () => {
  it('carry no customer data', async () => {
    const res = await post(
      '/api/test-drives',
      testDriveBody(carId, { fullName: 'Khách Riêng Tư', phone: '0944 555 666' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).not.toMatch(/KH-\d|customerId|timeline/);
    const held = await t.call('POST', '/api/reservations', {
      body: {
        carId: await createCar(t),
        fullName: 'Khách Riêng Tư',
        phone: '0944555666',
        email: 'rieng@example.com',
      },
      headers: asIp(freshIp()),
    });
    expect(held.status, held.body).toBe(201);
    expect(held.body).not.toMatch(/KH-\d|customerId|timeline/);
    expect((await t.call('GET', '/api/customers')).status).toBe(401);
    expect((await t.call('GET', '/api/customers/1')).status).toBe(401);
  });
});

describe('permissions', () => {
  it('opens the record to service or car staff, and to nobody else', async () => {
    for (const who of [service, carStaff]) {
      expect((await t.call('GET', '/api/customers', { token: who.token })).status).toBe(200);
    }
    expect((await t.call('GET', '/api/customers', { token: blogger.token })).status).toBe(403);
    expect((await t.call('GET', '/api/customers/1', { token: blogger.token })).status).toBe(403);
    const merge = await t.call('POST', '/api/customers/1/merge', {
      token: blogger.token,
      body: { otherId: 2 },
    });
    expect(merge.status).toBe(403);
  });

  it('answers bad input with a Vietnamese 400 and an unknown customer with 404', async () => {
    const bad = await t.call('GET', '/api/customers/abc', { token: service.token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/không hợp lệ/);
    expect((await t.call('GET', '/api/customers/999999', { token: service.token })).status).toBe(404);
    const self = await t.call('POST', '/api/customers/1/merge', {
      token: service.token,
      body: { otherId: 1 },
    });
    expect(self.status).toBe(400);
    const noBody = await t.call('POST', '/api/customers/1/merge', { token: service.token, body: {} });
    expect(noBody.status).toBe(400);
  });
});

describe('merge', () => {
  it('moves the other record’s numbers, e-mails, notes and timeline into the kept one, audited', async () => {
    await post(
      '/api/consulting',
      consultingBody({ fullName: 'Lý Văn Nam', phone: '0911 000 001', email: 'nam1@example.com' }),
    );
    await post(
      '/api/test-drives',
      testDriveBody(carId, { fullName: 'Nam Lý', phone: '0911 000 002', email: 'nam2@example.com' }),
    );
    const kept = (await customerByPhone('0911000001')).content[0];
    const other = (await customerByPhone('0911000002')).content[0];
    await t.call('PUT', `/api/customers/${other.customerId}`, {
      token: service.token,
      body: { notes: 'Gọi sau 17h' },
    });
    const res = await t.call('POST', `/api/customers/${kept.customerId}/merge`, {
      token: carStaff.token,
      body: { otherId: other.customerId },
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json.phones).toEqual(['0911 000 001', '0911 000 002']);
    expect(res.json.emails).toEqual(['nam1@example.com', 'nam2@example.com']);
    expect(res.json.notes).toContain('Gọi sau 17h');
    expect(res.json.mergedCodes).toEqual([other.code]);
    const kinds = (res.json.timeline as { kind: string }[]).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'LEAD')).toHaveLength(2);
    expect(kinds[0]).toBe('MERGE');
    // The other's number and id now lead to the kept record; the other leaves the list.
    expect((await customerByPhone('0911000002')).content.map((c) => c.customerId)).toEqual([kept.customerId]);
    const old = await t.call('GET', `/api/customers/${other.customerId}`, { token: service.token });
    expect(old.json.customerId).toBe(kept.customerId);
    // A new lead on the other's number joins the kept record.
    await post('/api/consulting', consultingBody({ fullName: 'Nam', phone: '0911000002' }));
    const after = await t.call('GET', `/api/customers/${kept.customerId}`, { token: service.token });
    expect(after.json.timeline.filter((e: { kind: string }) => e.kind === 'LEAD')).toHaveLength(3);
    const [audit] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'merge'));
    expect(audit).toMatchObject({ entity: 'customer', entityId: String(kept.customerId) });
    expect(JSON.stringify(audit.before)).toContain('nam2@example.com');
    // Merged once, refused twice.
    const again = await t.call('POST', `/api/customers/${kept.customerId}/merge`, {
      token: service.token,
      body: { otherId: other.customerId },
    });
    expect(again.status).toBe(409);
  });
});

describe('the migration', () => {
  it('links rows that existed before the customer record', async () => {
    await post(
      '/api/consulting',
      consultingBody({ fullName: 'Khách Cũ', phone: '0988 765 432', email: 'cu@example.com' }),
    );
    await post('/api/test-drives', testDriveBody(carId, { fullName: 'Khách Cũ', phone: '+84988765432' }));
    // As before the change: leads without any customer.
    await t.ctx.db.delete(customerEntries);
    await t.ctx.db.delete(customerPhones);
    await t.ctx.db.delete(customers);
    const file = join(process.cwd(), 'src/server/db/migrations/0026_customers.sql');
    const statements = readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .filter((s) => /customer_backfill|UPDATE customers c SET search_text/.test(s));
    for (const s of statements) await t.ctx.db.execute(sql.raw(s));
    const found = await customerByPhone('0988765432');
    expect(found.totalElements).toBe(1);
    const detail = await t.call('GET', `/api/customers/${found.content[0].customerId}`, {
      token: service.token,
    });
    expect(detail.json.fullName).toBe('Khách Cũ');
    expect(detail.json.timeline.filter((e: { kind: string }) => e.kind === 'LEAD')).toHaveLength(2);
    const [{ n }] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(leads);
    const [{ m }] = await t.ctx.db
      .select({ m: sql<number>`count(*)::int` })
      .from(customerEntries)
      .where(eq(customerEntries.kind, 'LEAD'));
    expect(m).toBe(n);
    // Found by name without accents too.
    expect((await customerByPhone('khach cu')).totalElements).toBe(1);
  });
});
