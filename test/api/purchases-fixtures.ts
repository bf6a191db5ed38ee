import { expect } from 'vitest';
import type { TestApp } from '../helpers/app';
import { multipart, type Part, smallJpeg } from './cars-fixtures';
import { asIp, freshIp, inDays, uuid } from './leads-fixtures';

/** A seller's form as /sell-car sends it (the engine knows the Vios 1.5G CVT from the price list). */
export function purchaseBody(overrides: Record<string, unknown> = {}) {
  return {
    fullName: 'Lê Văn Bán',
    phone: '0912 345 678',
    email: 'nguoiban@example.com',
    brand: 'Toyota',
    model: 'Vios',
    version: '1.5G CVT',
    year: 2020,
    odometer: '60.000',
    transmission: 'AUTOMATIC',
    fuel: 'PETROL',
    province: 'TP. Hồ Chí Minh',
    owners: 1,
    accident: false,
    flood: false,
    serviceHistory: true,
    preferredDate: inDays(3),
    note: 'Xe gia đình, đi kỹ',
    website: '',
    clientRequestId: uuid(),
    ...overrides,
  };
}

/** POST /api/purchases as multipart with `photos` JPEGs, from a fresh address unless one is given. */
export async function postPurchase(
  t: TestApp,
  body: Record<string, unknown>,
  photos = 0,
  ip = freshIp(),
  extra: Part[] = [],
) {
  const parts: Part[] = [{ name: 'purchase', value: JSON.stringify(body) }];
  for (let i = 0; i < photos; i++)
    parts.push({ name: 'photos', filename: `xe-${i}.jpg`, data: await smallJpeg(i ? '#aa3300' : '#336699') });
  const form = multipart([...parts, ...extra]);
  return t.call('POST', '/api/purchases', { body: form.payload, headers: { ...form.headers, ...asIp(ip) } });
}

/** Submits a seller's car and answers the new lead's id (read from the staff list). */
export async function newPurchase(
  t: TestApp,
  token: string,
  overrides: Record<string, unknown> = {},
  photos = 0,
): Promise<number> {
  const body = purchaseBody(overrides);
  const res = await postPurchase(t, body, photos);
  expect(res.status, res.body).toBe(201);
  const list = await t.call('GET', '/api/purchases/admin', {
    token,
    query: { search: res.json.reference, size: 1 },
  });
  expect(list.json.content).toHaveLength(1);
  return list.json.content[0].leadId as number;
}

export const offer = (t: TestApp, token: string, id: number, body: Record<string, unknown>) =>
  t.call('POST', `/api/purchases/admin/${id}/offer`, { token, body });
