import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carBody } from '../api/cars-fixtures';
import { ADMIN_PASSWORD, api, freshDatabase, type ServerProcess, startServer } from './server-process';

/**
 * Reservations on two server processes sharing one PostgreSQL database: one car goes to one visitor,
 * an expired reservation is expired (and audited) once however many processes sweep, and a process
 * killed while it handles the bank's notification leaves nothing half-written for the redelivery.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
let token: string;
const KEY = 'sepay-process-key-0123456789';

beforeAll(async () => {
  db = await freshDatabase(process.env.TEST_DATABASE_URL!);
  // One proxy hop in front (the test itself): each visitor's address is the X-Forwarded-For it sends.
  const env = { RESERVATION_RATE_LIMIT: '1000', TRUST_PROXY: 'on' };
  a = await startServer(db.url, env);
  b = await startServer(db.url, env);
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
  token = (
    await api(a.base, 'POST', '/api/auth/login', { body: { username: 'admin', password: ADMIN_PASSWORD } })
  ).text;
  const settings = await api(a.base, 'PUT', '/api/web-configuration', {
    token,
    body: {
      reservations: {
        enabled: true,
        depositMode: 'fixed',
        depositAmount: 10_000_000,
        depositPercent: 5,
        paidHoldDays: 3,
        bankBin: '970436',
        accountNumber: '0071000123456',
        accountName: 'CONG TY TNHH AUTOVIET',
        webhookApiKey: KEY,
      },
      currentPassword: ADMIN_PASSWORD,
    },
  });
  expect(settings.status, settings.text).toBe(200);
});
afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
});

async function newCar(): Promise<number> {
  const res = await api(a.base, 'POST', '/api/cars/admin/add', { token, body: carBody() });
  expect(res.status, res.text).toBe(201);
  return res.json.carId;
}
let visitors = 0;
/** Another visitor each time (phone, e-mail, address) unless `marks` says who. */
const reserve = (
  base: string,
  carId: number,
  fullName: string,
  marks: { phone?: string; email?: string; ip?: string } = {},
) => {
  visitors += 1;
  const n = String(visitors).padStart(4, '0');
  return api(base, 'POST', '/api/reservations', {
    body: {
      carId,
      fullName,
      phone: marks.phone ?? `091234${n}`,
      email: marks.email ?? `khach${n}@example.com`,
    },
    headers: { 'x-forwarded-for': marks.ip ?? `198.51.100.${visitors % 250}` },
  });
};
const sepay = (base: string, id: number, content: string) =>
  fetch(`${base}/api/payments/sepay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Apikey ${KEY}` },
    body: JSON.stringify({
      id,
      gateway: 'Vietcombank',
      transactionDate: '2026-11-25 10:15:00',
      accountNumber: '0071000123456',
      content,
      transferType: 'in',
      transferAmount: 10_000_000,
      referenceCode: `FT${id}`,
    }),
  });

describe('two processes, one database', () => {
  it('give a car to exactly one of two visitors racing through different processes', async () => {
    for (let round = 0; round < 3; round++) {
      const carId = await newCar();
      const answers = await Promise.all([
        reserve(a.base, carId, 'Nguyễn An'),
        reserve(b.base, carId, 'Trần Bình'),
      ]);
      expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    }
  });

  it('hold one unpaid reservation per visitor: the same phone at the same moment for two cars through two processes', async () => {
    for (let round = 0; round < 3; round++) {
      const [x, y] = [await newCar(), await newCar()];
      const phone = `09888000${round}0`;
      const answers = await Promise.all([
        reserve(a.base, x, 'Khách Giữ Xe', { phone }),
        reserve(b.base, y, 'Khách Giữ Xe', { phone }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 429]);
      const { rows } = await sql.query(
        `select count(*)::int as n from reservations where phone = $1 and status = 'awaiting'`,
        [phone],
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it('expire a reservation once when both sweep at the same moment', async () => {
    const carId = await newCar();
    const r = (await reserve(a.base, carId, 'Lê Chi')).json;
    await sql.query(`update reservations set expires_at = now() - interval '1 minute' where code = $1`, [
      r.code,
    ]);
    await Promise.all([
      api(a.base, 'GET', '/api/reservations/admin', { token }),
      api(b.base, 'GET', '/api/reservations/admin', { token }),
      api(a.base, 'GET', `/api/reservations/${r.code}?token=${r.token}`),
      api(b.base, 'GET', `/api/reservations/${r.code}?token=${r.token}`),
    ]);
    const { rows } = await sql.query(
      `select count(*)::int as n from audit_log a join reservations r on a.entity_id = r.id::text
       where a.entity = 'reservation' and a.action = 'expire' and r.code = $1`,
      [r.code],
    );
    expect(rows[0].n).toBe(1);
    expect((await api(b.base, 'GET', `/api/cars/${carId}`)).json.status).toBe('available');
  });

  it('lose nothing when a process dies while it handles the bank notification; the redelivery confirms once', async () => {
    const carId = await newCar();
    const r = (await reserve(a.base, carId, 'Phạm Dũng')).json;
    // Hold the car's row so the notification's transaction stops midway (stored, not committed)...
    await sql.query('begin');
    await sql.query('select id from cars where id = $1 for update', [carId]);
    const delivery = sepay(a.base, 7_001, `${r.code} chuyen coc`).catch(() => null);
    for (let i = 0; i < 100; i++) {
      const { rows } = await sql.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // ...and kill the process there: the bank got no answer, so it will deliver again.
    a.child.kill('SIGKILL');
    expect(await delivery).toBeNull();
    await sql.query('rollback');
    const stored = await sql.query(
      `select count(*)::int as n from payment_notifications where provider_id = '7001'`,
    );
    expect(stored.rows[0].n).toBe(0);

    const again = await sepay(b.base, 7_001, `${r.code} chuyen coc`);
    expect(again.status).toBe(200);
    expect((await sepay(b.base, 7_001, `${r.code} chuyen coc`)).status).toBe(200);
    const page = await api(b.base, 'GET', `/api/reservations/${r.code}?token=${r.token}`);
    expect(page.json.status).toBe('paid');
    const rows = await sql.query(`select outcome from payment_notifications where provider_id = '7001'`);
    expect(rows.rows).toEqual([{ outcome: 'confirmed' }]);
  });
});
