import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { ADMIN_PASSWORD, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

export const WEBHOOK_KEY = 'sepay-test-key-0123456789';

/** Deposits open: a bank account, the webhook's key, 10 triệu fixed, 2 hours to pay, 3 days held. */
export async function openDeposits(t: TestApp, over: Record<string, unknown> = {}) {
  const res = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
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
        webhookApiKey: WEBHOOK_KEY,
        ...over,
      },
      // The deposit account and the webhook key change only with the current password.
      currentPassword: ADMIN_PASSWORD,
    },
  });
  expect(res.status, res.body).toBe(200);
}

export async function newCar(t: TestApp, token: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/cars/admin/add', { token, body: carBody(over) });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}

let visitors = 0;
/** Another visitor each time (phone, e-mail): one visitor holds one unpaid reservation at a time. */
export const visitor = (carId: number, over: Record<string, unknown> = {}) => {
  visitors += 1;
  return {
    carId,
    fullName: 'Lê Thị Hoa',
    phone: `0912 ${String(100_000 + visitors).padStart(6, '0')}`,
    email: `hoa${visitors}@example.com`,
    clientRequestId: randomUUID(),
    ...over,
  };
};

let addresses = 0;
/** Another visitor's address each time (documentation range 198.51.100.0/24 and onwards). */
export const freshAddress = () => {
  addresses += 1;
  return `198.51.${100 + Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

/**
 * A moment the showroom is open: the latest 10:00 in Vietnam (the demo's hours are 8:00-18:00 every
 * day), so deadlines in tests do not depend on when the suite runs. Never ahead of the real time:
 * sessions end by the real time of their token.
 */
export function openingMorning(now = new Date()): Date {
  const local = now.getTime() + 7 * 3_600_000;
  const day = Math.floor(local / 86_400_000);
  const tenToday = day * 86_400_000 + 3 * 3_600_000;
  return new Date(tenToday <= now.getTime() ? tenToday : tenToday - 86_400_000);
}

export async function reserve(
  t: TestApp,
  carId: number,
  over: Record<string, unknown> = {},
  ip = freshAddress(),
) {
  const res = await t.call('POST', '/api/reservations', { body: visitor(carId, over), ip });
  expect(res.status, res.body).toBe(201);
  return res.json as { code: string; token: string; amount: number; status: string; expiresAt: string };
}

let nextId = 9_000_000;
/** A SePay notification of a transfer into the showroom's account. */
export function transfer(content: string, amount: number, over: Record<string, unknown> = {}) {
  nextId += 1;
  return {
    id: nextId,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-25 10:15:00',
    accountNumber: '0071000123456',
    code: null,
    content,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 250_000_000,
    subAccount: null,
    referenceCode: `FT${nextId}`,
    description: `BankAPINotify ${content}`,
    ...over,
  };
}

export function webhook(t: TestApp, body: unknown, key = WEBHOOK_KEY) {
  return t.call('POST', '/api/payments/sepay', { body, headers: { authorization: `Apikey ${key}` } });
}

export async function carStatus(t: TestApp, carId: number): Promise<string> {
  const res = await t.call('GET', `/api/cars/${carId}`);
  expect(res.status, res.body).toBe(200);
  return res.json.status as string;
}
