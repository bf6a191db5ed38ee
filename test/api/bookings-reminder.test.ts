import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '../../src/server/db/schema';
import { REMINDER_JOB, reminderKey, reminderTime } from '../../src/server/modules/leads/reminders';
import { ManualClock } from '../../src/server/platform/clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { decodeMail } from '../helpers/mail';
import { asIp, createCar, freshIp, inDays, postTestDrive, testDriveBody } from './leads-fixtures';

/**
 * The reminder of the day before: a stored job planned in the booking's transaction, run by the queue
 * when the clock reaches 09:00 of the eve, once; not for a cancelled booking; moved with a reschedule.
 */

let t: TestApp;
let clock: ManualClock;
let carId: number;

beforeAll(async () => {
  clock = new ManualClock();
  t = await startTestApp({ TRUST_PROXY: 'on' }, { clock });
  carId = await createCar(t);
});
afterAll(() => t.close());

const reminders = (reference: string) =>
  t
    .outbox()
    .map(decodeMail)
    .filter((m) => m.includes('Xin nhắc bạn lịch') && m.includes(reference));

/** Runs the queue as of `at`, then puts the clock back (staff sessions are judged by it too). */
async function runAt(at: Date) {
  clock.set(at);
  await t.services.jobs.drain();
  clock.set(new Date());
}

describe('the reminder of the day before', () => {
  it('is planned with the booking and sent once, when its time comes', async () => {
    const { leadId, receipt } = await postTestDrive(t, carId, {
      preferredDate: inDays(5),
      timeSlot: '10:00',
      email: 'nhac.lich@example.com',
    });
    const job = (await t.services.jobs.find(reminderKey(leadId)))!;
    expect(job).toMatchObject({ name: REMINDER_JOB, state: 'pending' });
    // 09:00 in Vietnam the day before: 02:00 UTC.
    expect(job.runAt.toISOString()).toBe(`${inDays(4)}T02:00:00.000Z`);

    await runAt(new Date(job.runAt.getTime() - 60_000));
    expect(reminders(receipt.reference)).toHaveLength(0);
    await runAt(new Date(job.runAt.getTime() + 1000));
    expect(reminders(receipt.reference)).toHaveLength(1);
    const mail = reminders(receipt.reference)[0];
    expect(mail).toContain('nhac.lich@example.com');
    expect(mail).toContain('10:00');
    expect(mail).toContain('/lich-hen/');
    expect((await t.services.jobs.find(reminderKey(leadId)))?.state).toBe('done');
    const detail = await t.call('GET', `/api/test-drives/admin/${leadId}`, { token: t.adminToken });
    expect(detail.json.events[0]).toMatchObject({
      kind: 'REMINDER',
      text: expect.stringMatching(/^Đã gửi email nhắc lịch hẹn 10:00 ngày \d{2}\/\d{2}\/\d{4}$/),
    });

    // Run again (a job whose finish was lost after a crash runs twice): the history says it went.
    await t.services.jobs.schedule(t.ctx.db, {
      name: REMINDER_JOB,
      key: reminderKey(leadId),
      runAt: job.runAt,
      payload: job.payload,
      replace: true,
    });
    await runAt(new Date(job.runAt.getTime() + 1000));
    expect((await t.services.jobs.find(reminderKey(leadId)))?.state).toBe('done');
    expect(reminders(receipt.reference)).toHaveLength(1);
  });

  it('is not sent for a cancelled booking', async () => {
    const { leadId, receipt } = await postTestDrive(t, carId, {
      preferredDate: inDays(6),
      timeSlot: '11:00',
    });
    const planned = (await t.services.jobs.find(reminderKey(leadId)))!;
    await t.call('PUT', `/api/test-drives/admin/${leadId}/status`, {
      token: t.adminToken,
      body: { status: 'CANCELLED' },
    });
    expect((await t.services.jobs.find(reminderKey(leadId)))?.state).toBe('cancelled');
    // Even a job left pending (planned by hand here) finds the booking cancelled and sends nothing.
    await t.services.jobs.schedule(t.ctx.db, { ...planned, payload: planned.payload, replace: true });
    await runAt(new Date(planned.runAt.getTime() + 1000));
    expect((await t.services.jobs.find(reminderKey(leadId)))?.state).toBe('done');
    expect(reminders(receipt.reference)).toHaveLength(0);
  });

  it('moves with a reschedule', async () => {
    const { leadId, receipt } = await postTestDrive(t, carId, {
      preferredDate: inDays(7),
      timeSlot: '09:00',
    });
    const old = reminderTime(inDays(7));
    const moved = await t.call('PUT', `/api/test-drives/admin/${leadId}/schedule`, {
      token: t.adminToken,
      body: { preferredDate: inDays(9), timeSlot: '14:00' },
    });
    expect(moved.status).toBe(200);
    const job = (await t.services.jobs.find(reminderKey(leadId)))!;
    expect(job.runAt.toISOString()).toBe(reminderTime(inDays(9)).toISOString());
    await runAt(new Date(old.getTime() + 1000));
    expect(reminders(receipt.reference)).toHaveLength(0);
    await runAt(new Date(job.runAt.getTime() + 1000));
    expect(reminders(receipt.reference)).toHaveLength(1);
    expect(reminders(receipt.reference)[0]).toContain('14:00');
  });

  it('is not planned when the eve’s 09:00 has already passed (the confirmation is fresh), nor without an e-mail', async () => {
    // Booked at 10:00 for the day after: the eve's 09:00 is already behind.
    clock.set(new Date(`${inDays(1)}T10:00:00+07:00`));
    const res = await t.call('POST', '/api/test-drives', {
      body: testDriveBody(carId, { preferredDate: inDays(2), timeSlot: '16:00' }),
      headers: asIp(freshIp()),
    });
    clock.set(new Date());
    expect(res.status).toBe(201);
    const [late] = await t.ctx.db.select().from(leads).where(eq(leads.reference, res.json.reference));
    expect(await t.services.jobs.find(reminderKey(late.id))).toBeUndefined();
    const noMail = await postTestDrive(t, carId, { preferredDate: inDays(10), timeSlot: '16:00', email: '' });
    expect(await t.services.jobs.find(reminderKey(noMail.leadId))).toBeUndefined();
  });
});
