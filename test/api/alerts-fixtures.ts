import { expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { type MimeMessage, parseMime } from '../helpers/mime';
import { carBody } from './cars-fixtures';
import { asIp, freshIp } from './leads-fixtures';

/** Helpers of the alerts' API tests: sign-ups from fresh addresses, the outbox read as a mail program would. */

export async function addCar(t: TestApp, token: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/cars/admin/add', { token, body: carBody(over) });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}

export async function reprice(t: TestApp, token: string, carId: number, sellPrice: number) {
  const current = (await t.call('GET', `/api/cars/admin/${carId}`, { token })).json;
  const res = await t.call('PUT', `/api/cars/admin/${carId}`, {
    token,
    body: carBody({ ...pick(current), sellPrice }),
  });
  expect(res.status, res.body).toBe(200);
}

function pick(car: Record<string, unknown>) {
  const keys = ['carName', 'brand', 'model', 'version', 'year', 'odo', 'bodyType', 'size', 'fuel'];
  return Object.fromEntries(
    [...keys, 'transmission', 'exteriorColor', 'interiorColor', 'origin'].map((k) => [k, car[k]]),
  );
}

export async function sell(t: TestApp, token: string, carId: number) {
  const res = await t.call('POST', '/api/soldhistory', {
    token,
    body: {
      carId,
      buyerName: 'Trần Văn Bình',
      buyerPhone: '0912 345 678',
      buyerEmail: 'binh@example.com',
      salePrice: 450_000_000,
      purchasePrice: 410_000_000,
      saleDate: '15/03/2025',
      paymentMethod: 'TRANSFER',
    },
  });
  expect(res.status, res.body).toBe(201);
}

/** `zalo`: the optional phone and "Nhận thông báo qua Zalo" of the form. */
type ZaloFields = { phone?: string; zaloConsent?: boolean };

export const saveSearch = (
  t: TestApp,
  email: string,
  filters: Record<string, unknown> = {},
  ip = freshIp(),
  zalo: ZaloFields = {},
) => t.call('POST', '/api/saved-searches', { body: { email, filters, ...zalo }, headers: asIp(ip) });

export const watchPrice = (t: TestApp, carId: number, email: string, ip = freshIp(), zalo: ZaloFields = {}) =>
  t.call('POST', `/api/cars/${carId}/price-watch`, { body: { email, ...zalo }, headers: asIp(ip) });

/** Every message of the outbox to this address, oldest first. */
export function mailsTo(t: TestApp, email: string): MimeMessage[] {
  return t
    .outbox()
    .map(parseMime)
    .filter((m) => (m.headers.to ?? '').toLowerCase().includes(email.toLowerCase()));
}

/** The newest message to this address whose subject contains `subject`, waited for (mail follows the answer). */
export async function mailTo(t: TestApp, email: string, subject = ''): Promise<MimeMessage> {
  let found: MimeMessage | undefined;
  await expect
    .poll(() => {
      found = mailsTo(t, email)
        .filter((m) => (m.headers.subject ?? '').includes(subject))
        .pop();
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** The token of the first link to `path` ('/alerts/confirm') in a mail's text part. */
export function tokenIn(text: string, path: string): string {
  const m = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([A-Za-z0-9_.-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[1];
}

/** Signs up and confirms from the e-mail, as the owner does: answers the subscription's id. */
export async function confirmedSearch(
  t: TestApp,
  email: string,
  filters: Record<string, unknown> = {},
  zalo: ZaloFields = {},
) {
  const res = await saveSearch(t, email, filters, freshIp(), zalo);
  expect(res.status, res.body).toBe(201);
  return confirmFromMail(t, email, res.json.subscription.subscriptionId);
}

export async function confirmedWatch(t: TestApp, carId: number, email: string, zalo: ZaloFields = {}) {
  const res = await watchPrice(t, carId, email, freshIp(), zalo);
  expect(res.status, res.body).toBe(201);
  return confirmFromMail(t, email, res.json.subscription.subscriptionId);
}

async function confirmFromMail(t: TestApp, email: string, id: number): Promise<number> {
  let token = '';
  await expect
    .poll(() =>
      mailsTo(t, email).some((m) => {
        const tok = /\/alerts\/confirm\?token=(c\.(\d+)\.[A-Za-z0-9_-]+)/.exec(m.text);
        if (tok && Number(tok[2]) === id) token = tok[1];
        return token !== '';
      }),
    )
    .toBe(true);
  const res = await t.call('POST', '/api/alerts/confirm', { body: { token } });
  expect(res.status, res.body).toBe(200);
  return id;
}
