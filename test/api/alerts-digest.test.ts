import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDigests, alertSubscriptions } from '../../src/server/db/schema';
import { ManualClock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import type { MimeMessage } from '../helpers/mime';
import {
  addCar,
  confirmedSearch,
  confirmedWatch,
  mailsTo,
  reprice,
  saveSearch,
  sell,
} from './alerts-fixtures';
import { carBody, multipart, smallJpeg } from './cars-fixtures';

/**
 * The daily digest with a clock moved by hand: new cars of each confirmed saved search, price drops
 * made through the staff API, sold cars with two similar ones, at most one e-mail a day per address.
 */

const DAY = 86_400_000;
const SITE = 'https://autoviet.example';
// Starts four days back: the days this file moves on stay within the staff sessions' week.
const clock = new ManualClock(new Date(Date.now() - 4 * DAY));
let t: TestApp;
let staff: { username: string; token: string };

/** Staff sign in again after the clock moved past their session's idle time. */
async function staffToken() {
  staff.token = await t.login(staff.username, STAFF_PASSWORD);
  return staff.token;
}

async function nextDay() {
  clock.advance(DAY);
  await staffToken();
}

const digests = (email: string): MimeMessage[] =>
  mailsTo(t, email).filter((m) => !m.headers.subject?.startsWith('Xác nhận'));

/** The scheduled job's own pass (the server's polling calls the same). */
const runJobs = () => t.services.jobs.runDue();

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on', PUBLIC_URL: SITE }, { clock });
  staff = await t.createStaff(['MANAGE_CAR']);
  await addCar(t, staff.token, { carName: 'Toyota Fortuner 2.4G', brand: 'Toyota', bodyType: 'SUV' });
  // The first pass of the day's jobs: nothing confirmed yet, nothing mailed.
  await runJobs();
});
afterAll(() => t.close());

describe('new cars of a saved search', () => {
  let searchId: number;
  let withPhoto: number;

  it('lists the cars added after the search was confirmed, with photo, price and link; nothing to the unconfirmed', async () => {
    searchId = await confirmedSearch(t, 'suv.toyota@example.com', { brand: 'Toyota', bodyType: 'SUV' });
    expect((await saveSearch(t, 'chua.xac.nhan@example.com', { brand: 'Toyota' })).status).toBe(201);
    const m = multipart([
      {
        name: 'car',
        value: JSON.stringify(
          carBody({
            carName: 'Toyota Corolla Cross 1.8V',
            brand: 'Toyota',
            bodyType: 'SUV',
            sellPrice: 720_000_000,
          }),
        ),
      },
      { name: 'images', filename: 'xe.jpg', type: 'image/jpeg', data: await smallJpeg() },
    ]);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/cars/admin/add',
      payload: m.payload,
      headers: { ...m.headers, authorization: `Bearer ${staff.token}` },
    });
    expect(added.statusCode, added.body).toBe(201);
    withPhoto = added.json().carId;
    // Not matching: another brand, another body type.
    await addCar(t, staff.token, { carName: 'Kia Sorento 2.2D', brand: 'Kia', bodyType: 'SUV' });
    await addCar(t, staff.token, { carName: 'Toyota Vios 1.5E', brand: 'Toyota', bodyType: 'SEDAN' });

    // The job ran today before anything was confirmed; an administrator runs today's digest now.
    const run = await t.call('POST', '/api/alerts/admin/digest', { token: t.adminToken });
    expect(run.status, run.body).toBe(200);
    expect(run.json).toMatchObject({ sent: 1, alreadySent: 0, failed: 0 });

    const [mail] = digests('suv.toyota@example.com');
    expect(mail.headers.subject).toBe('AutoViet: 1 xe mới phù hợp');
    expect(mail.text).toContain('Xe mới: Toyota · SUV (1 xe)');
    expect(mail.text).toContain('Toyota Corolla Cross 1.8V 2021: 720 triệu');
    expect(mail.text).toContain(`${SITE}/cars/${withPhoto}`);
    expect(mail.text).not.toMatch(/Fortuner|Sorento|Vios/);
    expect(mail.html).toMatch(
      /<img src="https?:\/\/[^"]+-480\.webp" width="160" alt="Toyota Corolla Cross 1.8V"/,
    );
    expect(mail.html).toContain(`href="${SITE}/cars/${withPhoto}"`);
    expect(mail.html).toContain('720 triệu');
    // Nothing but the confirmation to the address that never confirmed.
    expect(mailsTo(t, 'chua.xac.nhan@example.com')).toHaveLength(1);
    const audit = await t.call('GET', '/api/audit', {
      token: t.adminToken,
      query: { entity: 'alert_digest' },
    });
    expect(audit.json.content[0]).toMatchObject({ action: 'send', entityLabel: 'Thư thông báo xe' });
  });

  it('mails an address at most once a day, however often the digest runs', async () => {
    const later = await addCar(t, staff.token, {
      carName: 'Toyota Raize 1.0 Turbo',
      brand: 'Toyota',
      bodyType: 'SUV',
    });
    expect(await t.services.alerts.digest.run()).toMatchObject({ sent: 0, alreadySent: 1 });
    expect((await t.call('POST', '/api/alerts/admin/digest', { token: t.adminToken })).json).toMatchObject({
      sent: 0,
      alreadySent: 1,
    });
    expect(await runJobs()).toBe(0);
    expect(digests('suv.toyota@example.com')).toHaveLength(1);

    // The next morning the job's own run lists what came since, and not the car of yesterday's mail.
    await nextDay();
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const mails = digests('suv.toyota@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain(`${SITE}/cars/${later}`);
    expect(mails[1].text).not.toContain(`/cars/${withPhoto}\n`);
    // Two runs at once (two processes): one mail.
    await addCar(t, staff.token, { carName: 'Toyota Yaris Cross', brand: 'Toyota', bodyType: 'SUV' });
    await nextDay();
    const both = await Promise.all([t.services.alerts.digest.run(), t.services.alerts.digest.run()]);
    expect(both.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(digests('suv.toyota@example.com')).toHaveLength(3);
    const [row] = await t.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, searchId));
    expect(row.lastCarId).toBeGreaterThan(later);
  });

  it('gives the day back when the mail could not be sent, and mails once it can', async () => {
    await addCar(t, staff.token, { carName: 'Toyota Land Cruiser Prado', brand: 'Toyota', bodyType: 'SUV' });
    await nextDay();
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP tạm thời không nhận thư');
    };
    try {
      expect(await t.services.alerts.digest.run()).toMatchObject({ sent: 0, failed: 1 });
    } finally {
      t.ctx.mailer.send = send;
    }
    expect(await t.ctx.db.select().from(alertDigests).where(eq(alertDigests.status, 'sending'))).toEqual([]);
    expect(await t.services.alerts.digest.run()).toMatchObject({ sent: 1, failed: 0 });
    expect(digests('suv.toyota@example.com').pop()?.text).toContain('Toyota Land Cruiser Prado');
  });
});

describe('price alerts', () => {
  let watched: number;

  it('lists a drop made through the staff API, from the price the owner last heard to the new one', async () => {
    watched = await addCar(t, staff.token, {
      carName: 'Honda CR-V 1.5L',
      brand: 'Honda',
      model: 'CR-V',
      sellPrice: 600_000_000,
    });
    await confirmedWatch(t, watched, 'gia.crv@example.com');
    await nextDay();
    await runJobs();
    expect(digests('gia.crv@example.com')).toHaveLength(0);

    await reprice(t, staff.token, watched, 560_000_000);
    await nextDay();
    await runJobs();
    let mails = digests('gia.crv@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.subject).toBe('AutoViet: 1 xe giảm giá');
    expect(mails[0].text).toContain('Honda CR-V 1.5L 2021: Giảm 40 triệu: từ 600 triệu còn 560 triệu');
    expect(mails[0].text).toContain(`${SITE}/cars/${watched}`);

    // A rise, then back down to a price still above what was told: nothing to say.
    await reprice(t, staff.token, watched, 590_000_000);
    await nextDay();
    await runJobs();
    await reprice(t, staff.token, watched, 570_000_000);
    await nextDay();
    await runJobs();
    expect(digests('gia.crv@example.com')).toHaveLength(1);

    await reprice(t, staff.token, watched, 545_000_000);
    await nextDay();
    await runJobs();
    mails = digests('gia.crv@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Giảm 15 triệu: từ 560 triệu còn 545 triệu');
  });

  it('says once that a watched car was sold, with two similar cars, and ends that alert', async () => {
    await addCar(t, staff.token, {
      carName: 'Honda HR-V RS',
      brand: 'Honda',
      model: 'HR-V',
      bodyType: 'SUV',
    });
    await addCar(t, staff.token, {
      carName: 'Honda City RS',
      brand: 'Honda',
      model: 'City',
      bodyType: 'SEDAN',
    });
    const sold = await addCar(t, staff.token, { carName: 'Honda Civic RS', brand: 'Honda', model: 'Civic' });
    const id = await confirmedWatch(t, sold, 'da.ban@example.com');
    await sell(t, staff.token, sold);
    await nextDay();
    await runJobs();
    const mails = digests('da.ban@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].headers.subject).toBe('AutoViet: 1 xe đã bán');
    expect(mails[0].text).toContain('Xe đã bán: Honda Civic RS 2021');
    const similar = (await t.call('GET', `/api/cars/${sold}/similar`)).json.slice(0, 2) as {
      carId: number;
    }[];
    expect(similar).toHaveLength(2);
    for (const car of similar) expect(mails[0].text).toContain(`${SITE}/cars/${car.carId}`);
    const [row] = await t.ctx.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
    expect(row).toMatchObject({ status: 'ended', endReason: 'sold' });

    await nextDay();
    await runJobs();
    expect(digests('da.ban@example.com')).toHaveLength(1);
  });
});
