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
        holdHours: 2,
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

export const visitor = (carId: number, over: Record<string, unknown> = {}) => ({
  carId,
  fullName: 'Lê Thị Hoa',
  phone: '0912 345 678',
  email: 'hoa@example.com',
  clientRequestId: randomUUID(),
  ...over,
});

export async function reserve(t: TestApp, carId: number, over: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/reservations', { body: visitor(carId, over) });
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
