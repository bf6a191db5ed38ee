import { spawnSync } from 'node:child_process';
import { expect } from 'vitest';
import { carBody } from '../api/cars-fixtures';
import { consultingBody } from '../api/leads-fixtures';
import { api, NODE, ROOT, type ServerProcess } from '../db/server-process';

/** The data both backup tests write through the API and expect back after a restore. */

/** `npm run backup` / `npm run restore` as a child process with only the given settings. */
export function script(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(DATABASE_URL|TEST_|VITEST|NODE_ENV$|JWT_SECRET$)/.test(k),
    ),
  );
  const res = spawnSync(NODE, ['--import', 'tsx', `scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { ...clean, NODE_ENV: 'development', ...env },
    encoding: 'utf8',
  });
  return { code: res.status, out: `${res.stdout}${res.stderr}` };
}

export async function snapshot(proc: ServerProcess, token: string) {
  const total = async (path: string) => {
    const res = await api(proc, 'GET', path, { token });
    expect(res.status, `${path}: ${res.text.slice(0, 200)}`).toBe(200);
    return res.json.totalElements as number;
  };
  return {
    cars: await total('/api/cars/admin?page=1&size=5'),
    sales: await total('/api/soldhistory?page=1&size=5'),
    leads: await total('/api/consulting/admin?page=1&size=5'),
    publicCars: (await api(proc, 'GET', '/api/cars?page=1&size=5')).json.totalElements as number,
  };
}

/** A new car, a second car sold to a named buyer, and a consulting lead. */
export async function writeSample(server: ServerProcess, token: string) {
  const car = await api(server, 'POST', '/api/cars/admin/add', {
    token,
    body: carBody({
      carName: 'Mazda CX-5 2.0 Premium sao lưu',
      brand: 'Mazda',
      model: 'CX-5',
      bodyType: 'SUV',
    }),
  });
  expect(car.status, car.text).toBe(201);
  const sold = await api(server, 'POST', '/api/cars/admin/add', {
    token,
    body: carBody({ carName: 'Kia Morning bán rồi' }),
  });
  expect(sold.status, sold.text).toBe(201);
  const sale = await api(server, 'POST', '/api/soldhistory', {
    token,
    body: {
      carId: sold.json.carId,
      buyerName: 'Trần Văn Bình',
      buyerPhone: '0912 345 678',
      buyerEmail: 'binh@example.com',
      salePrice: 450_000_000,
      purchasePrice: 410_000_000,
      saleDate: '15/03/2025',
      paymentMethod: 'TRANSFER',
      note: 'Sao lưu thử',
    },
  });
  expect(sale.status, sale.text).toBe(201);
  const lead = await api(server, 'POST', '/api/consulting', {
    body: consultingBody({ fullName: 'Phạm Khách Sao Lưu' }),
  });
  expect(lead.status, lead.text).toBe(201);
  return {
    carId: car.json.carId as number,
    transactionId: (sale.json.transactionId ?? sale.json.id) as number,
  };
}

/** The restored server finds the sample, with the token signed before the backup. */
export async function expectSample(
  server: ServerProcess,
  token: string,
  sample: { carId: number; transactionId: number },
) {
  const found = await api(server, 'GET', `/api/cars/admin/${sample.carId}`, { token });
  expect(found.status).toBe(200);
  expect(found.text).toContain('Mazda CX-5 2.0 Premium sao lưu');
  const leads = await api(server, 'GET', '/api/consulting/admin?page=1&size=5&search=Ph%E1%BA%A1m', {
    token,
  });
  expect(leads.text).toContain('Phạm Khách Sao Lưu');
  const sale = await api(server, 'GET', `/api/soldhistory/${sample.transactionId}`, { token });
  expect(sale.status, sale.text).toBe(200);
  expect(sale.text).toContain('Trần Văn Bình');
}
