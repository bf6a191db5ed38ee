import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { asIp, createCar, freshIp, inDays, testDriveBody, uuid } from './leads-fixtures';

/**
 * A robot that fills the hidden field (the honeypot) must not learn it was caught from anything it can
 * see: the receipt (its reference, its link), the link's page and what it does (move, cancel), the
 * slots it asks for afterwards, and a repeat of its own submission. Nothing it sends reaches staff or
 * takes a slot from a person.
 */

let t: TestApp;
let carId: number;
const TOKEN = /\/lich-hen\/([1-9]\d{0,9})-(\d{8})(\d{4}|x)-[A-Za-z0-9_-]{22}$/;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'on' });
  carId = await createCar(t);
});
afterAll(() => t.close());

const post = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
  t.call('POST', '/api/test-drives', { body, headers: { ...asIp(ip), ...headers } });
const robot = (over: Record<string, unknown> = {}) =>
  testDriveBody(carId, { website: 'http://spam.example', fullName: 'Rô Bốt', ...over });
const tokenOf = (url: string) => url.split('/lich-hen/')[1];

describe('what a robot caught by the honeypot sees', () => {
  it('a receipt of the same shape: a server-made reference and a link whose id sits among real ones', async () => {
    const before = await post(testDriveBody(carId, { preferredDate: inDays(3), timeSlot: '08:00' }));
    const trap = await post(robot({ preferredDate: inDays(3), timeSlot: '10:00' }));
    const after = await post(testDriveBody(carId, { preferredDate: inDays(3), timeSlot: '12:00' }));
    for (const r of [before, trap, after]) expect(r.status, r.body).toBe(201);
    expect(Object.keys(trap.json).sort()).toEqual(Object.keys(before.json).sort());
    expect(trap.json.reference).toMatch(/^LT-[0-9A-F]{8}$/);
    const id = (r: typeof trap) => Number(TOKEN.exec(r.json.manageUrl)![1]);
    // Ids come from one sequence: the trap's lies between the real leads around it.
    expect(id(trap)).toBeGreaterThan(id(before));
    expect(id(trap)).toBeLessThan(id(after));
    // Nothing reaches staff.
    const list = await t.call('GET', '/api/test-drives/admin', {
      token: t.adminToken,
      query: { search: 'ro bot', size: 100 },
    });
    expect(list.json.totalElements).toBe(0);
  });

  it('a link that answers like a real one: the page, a move (with its new link), a cancel', async () => {
    const real = await post(testDriveBody(carId, { preferredDate: inDays(4), timeSlot: '08:00' }));
    const trap = await post(robot({ preferredDate: inDays(4), timeSlot: '10:00' }));
    const realPage = await t.call('GET', `/api/bookings/${tokenOf(real.json.manageUrl)}`);
    const trapPage = await t.call('GET', `/api/bookings/${tokenOf(trap.json.manageUrl)}`);
    expect(trapPage.status).toBe(200);
    expect(Object.keys(trapPage.json).sort()).toEqual(Object.keys(realPage.json).sort());
    expect(trapPage.json).toMatchObject({
      reference: trap.json.reference,
      status: 'NEW',
      canChange: true,
      preferredDate: inDays(4),
      timeSlot: '10:00',
      fullName: 'Rô Bốt',
      vehicle: realPage.json.vehicle,
    });
    const moved = await t.call('PUT', `/api/bookings/${tokenOf(trap.json.manageUrl)}/schedule`, {
      body: { preferredDate: inDays(5), timeSlot: '14:00' },
    });
    expect(moved.status, moved.body).toBe(200);
    expect(moved.json).toMatchObject({ preferredDate: inDays(5), timeSlot: '14:00' });
    // The old link is used, as a real one would be.
    expect((await t.call('GET', `/api/bookings/${tokenOf(trap.json.manageUrl)}`)).status).toBe(410);
    // Moving onto a slot a person holds is refused the same way.
    const onReal = await t.call('PUT', `/api/bookings/${moved.json.token}/schedule`, {
      body: { preferredDate: inDays(4), timeSlot: '08:00' },
    });
    expect(onReal.status).toBe(409);
    const cancelled = await t.call('POST', `/api/bookings/${moved.json.token}/cancel`, { body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'CANCELLED', canChange: false });
    // No mail to the address it typed.
    expect(t.outbox().some((m) => m.includes(trap.json.reference))).toBe(false);
  });

  it('its slot taken when it looks again from its address, free for everyone else', async () => {
    const ip = freshIp();
    const day = inDays(6);
    expect((await post(robot({ preferredDate: day, timeSlot: '09:00' }), ip)).status).toBe(201);
    const slots = (from: string) =>
      t.call('GET', '/api/test-drives/slots', { query: { carId, date: day }, headers: asIp(from) });
    const seen = (await slots(ip)).json.slots.find((s: { time: string }) => s.time === '09:00');
    expect(seen.state).toBe('taken');
    const others = (await slots(freshIp())).json.slots.find((s: { time: string }) => s.time === '09:00');
    expect(others.state).toBe('free');
    // Trying the same slot again is refused as if it were booked; a person may still book it.
    const again = await post(robot({ preferredDate: day, timeSlot: '09:00' }), ip);
    expect(again.status).toBe(409);
    expect((await post(testDriveBody(carId, { preferredDate: day, timeSlot: '09:00' }))).status).toBe(201);
  });

  it('the same answer to a retry of its own submission: the key, or the same body again', async () => {
    const key = uuid();
    const body = robot({ preferredDate: inDays(7), timeSlot: '11:00', clientRequestId: key });
    const first = await post(body);
    const retry = await post(body);
    expect(retry.status).toBe(200);
    expect(retry.json.reference).toBe(first.json.reference);
    expect(retry.json.manageUrl).toBe(first.json.manageUrl);
    const { clientRequestId: _k, ...keyless } = robot({ preferredDate: inDays(7), timeSlot: '14:00' });
    const ip = freshIp();
    const a = await post(keyless, ip);
    const b = await post(keyless, ip);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.json.reference).toBe(a.json.reference);
    expect(b.json.manageUrl).toBeUndefined();
  });
});
