import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { carBody } from '../api/cars-fixtures';
import { consultingBody } from '../api/leads-fixtures';
import {
  adminToken,
  api,
  NODE,
  ROOT,
  type ServerProcess,
  startServer,
  stopServer,
  tempDataDir,
} from '../db/server-process';

/**
 * npm run backup / npm run restore on the embedded database, end to end with real server processes:
 * data written through the API before the backup is all there after a restore into an empty directory.
 */
const dirs: string[] = [];
const procs: ServerProcess[] = [];
afterAll(async () => {
  for (const p of procs) await stopServer(p, 'SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function script(name: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
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

async function snapshot(proc: ServerProcess, token: string) {
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

describe('backup and restore of the embedded database', () => {
  it('restores into an empty DATA_DIR with the same cars, sales and leads', async () => {
    const source = tempDataDir();
    const target = tempDataDir();
    const backups = mkdtempSync(join(tmpdir(), 'showroom-backups-'));
    dirs.push(source, target, backups);

    const server = await startServer(source, { DEMO_DATA: 'on' });
    procs.push(server);
    const token = await adminToken(server);
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
    const carId = car.json.carId as number;
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
    const before = await snapshot(server, token);
    expect(before.cars).toBeGreaterThan(2);

    // While the server holds the directory, a backup refuses with a clear message.
    const busy = script('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: backups });
    expect(busy.code).toBe(1);
    expect(busy.out).toContain('máy chủ đang chạy');
    expect(readdirSync(backups)).toEqual([]);

    expect((await stopServer(server)).code).toBe(0);
    const done = script('backup', { DATA_DIR: server.dataDir, BACKUP_DIR: backups });
    expect(done.code, done.out).toBe(0);
    const [archive] = readdirSync(backups);
    expect(archive).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+\.tar\.gz$/);
    // The lock is released: the source starts again afterwards (checked implicitly by restore's own lock).
    expect(existsSync(join(server.dataDir, 'server.lock'))).toBe(false);

    // A restore refuses a directory that holds data.
    const occupied = script('restore', { DATA_DIR: server.dataDir }, [join(backups, archive)]);
    expect(occupied.code).toBe(1);
    expect(occupied.out).toContain('không trống');

    const restoreDir = join(target, 'data');
    const restored = script('restore', { DATA_DIR: restoreDir }, [join(backups, archive)]);
    expect(restored.code, restored.out).toBe(0);

    const again = await startServer(target, { DEMO_DATA: 'on' });
    procs.push(again);
    // The JWT secret came with the data: the token signed before the backup still works.
    const after = await snapshot(again, token);
    expect(after).toEqual(before);
    const found = await api(again, 'GET', `/api/cars/admin/${carId}`, { token });
    expect(found.status).toBe(200);
    expect(found.text).toContain('Mazda CX-5 2.0 Premium sao lưu');
    const leads = await api(again, 'GET', '/api/consulting/admin?page=1&size=5&search=Ph%E1%BA%A1m', {
      token,
    });
    expect(leads.text).toContain('Phạm Khách Sao Lưu');
    const transactionId = sale.json.transactionId ?? sale.json.id;
    const sold2 = await api(again, 'GET', `/api/soldhistory/${transactionId}`, { token });
    expect(sold2.status, sold2.text).toBe(200);
    expect(sold2.text).toContain('Trần Văn Bình');
    expect((await stopServer(again)).code).toBe(0);
  }, 400_000);
});
