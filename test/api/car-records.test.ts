import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarHistory, CarHistoryStaff } from '../../src/contract/car-records';
import type { CarAdminRow } from '../../src/contract/cars';
import { vnDayKey } from '../../src/contract/format';
import { auditLog } from '../../src/server/db/schema';
import { odometerReadings } from '../../src/server/modules/odometer/service';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

let t: TestApp;
let staff: { token: string };
let viewer: { token: string };
let carId: number;

const daysAgo = (n: number) => vnDayKey(Date.now() - n * 86_400_000);
const vn = (key: string) => key.split('-').reverse().join('/');
const papers = {
  ownerType: 'company',
  vatInvoice: true,
  registrationUntil: '15/06/2027',
  liabilityInsuranceUntil: '2027-01-31',
  bodyInsuranceUntil: '',
  loanStatus: 'released',
  fineCheckedOn: vn(daysAgo(3)),
  fineResult: 'none',
  staffNote: 'Giấy tờ gốc để ở két, chìa phụ đã nhận',
};
const staffView = async () =>
  (await t.call('GET', `/api/cars/${carId}/history/staff`, { token: staff.token })).json as CarHistoryStaff;
const audits = async (entity: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, entity));

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
  viewer = await t.createStaff(['MANAGE_BLOG']);
  const res = await t.call('POST', '/api/cars/admin/add', {
    token: staff.token,
    body: carBody({ carName: 'Toyota Vios 1.5G', brand: 'Toyota', model: 'Vios', odo: 60_000 }),
  });
  expect(res.status, res.body).toBe(201);
  carId = res.json.carId;
});
afterAll(() => t.close());

describe('GET /api/cars/{carId}/history', () => {
  it('answers nulls for what is unknown, with the owners and plate kept on the car', async () => {
    const res = await t.call('GET', `/api/cars/${carId}/history`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      carId,
      previousOwners: expect.any(Number),
      papers: { ownerType: null, vatInvoice: null, registrationUntil: null, loanStatus: null },
      serviceRecords: [],
    });
  });

  it('answers 404 in Vietnamese for an unknown car', async () => {
    const res = await t.call('GET', '/api/cars/999999/history');
    expect(res.status).toBe(404);
    expect(res.json.message).toBe('Không tìm thấy xe');
  });
});

describe('access', () => {
  it('refuses staff calls without a token (401) or without MANAGE_CAR (403), and writes nothing', async () => {
    const calls = [
      ['GET', `/api/cars/${carId}/history/staff`],
      ['PUT', `/api/cars/${carId}/papers`],
      ['POST', `/api/cars/${carId}/service-records`],
      ['POST', `/api/cars/${carId}/service-records/import`],
      ['PUT', `/api/cars/${carId}/service-records/1`],
      ['DELETE', `/api/cars/${carId}/service-records/1`],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : papers;
      expect((await t.call(method, url, { body })).status, `${method} ${url}`).toBe(401);
      const res = await t.call(method, url, { token: viewer.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.json.message).toMatch(/quyền/);
    }
    expect(await audits('car_papers')).toHaveLength(0);
  });
});

describe('papers', () => {
  it('refuses bad input with Vietnamese messages', async () => {
    const bad = async (over: Record<string, unknown>) => {
      const res = await t.call('PUT', `/api/cars/${carId}/papers`, {
        token: staff.token,
        body: { ...papers, ...over },
      });
      expect(res.status).toBe(400);
      return res.json.message as string;
    };
    expect(await bad({ registrationUntil: '31/02/2027' })).toBe('Hạn đăng kiểm không hợp lệ (dd/mm/yyyy)');
    expect(await bad({ fineCheckedOn: vn(daysAgo(-5)) })).toBe(
      'Ngày tra cứu phạt nguội không được ở tương lai',
    );
    expect(await bad({ loanStatus: 'maybe' })).toBe('Thế chấp ngân hàng không hợp lệ');
    expect(await bad({ ownerType: 'x' })).toBe('Loại chủ xe không hợp lệ');
    expect(await bad({ staffNote: 'a'.repeat(2001) })).toBe('Ghi chú nội bộ tối đa 2000 ký tự');
    expect((await staffView()).papers.ownerType).toBeNull();
  });

  it('saves the papers, audited before and after; the public never sees the staff note', async () => {
    const res = await t.call('PUT', `/api/cars/${carId}/papers`, { token: staff.token, body: papers });
    expect(res.status, res.body).toBe(200);
    expect(res.json.papers).toEqual({
      ownerType: 'company',
      vatInvoice: true,
      registrationUntil: '2027-06-15',
      liabilityInsuranceUntil: '2027-01-31',
      bodyInsuranceUntil: null,
      loanStatus: 'released',
      fineCheckedOn: daysAgo(3),
      fineResult: 'none',
    });
    expect(res.json.staffNote).toBe(papers.staffNote);

    const pub = await t.call('GET', `/api/cars/${carId}/history`);
    expect(pub.json.papers.ownerType).toBe('company');
    expect(pub.body).not.toContain('két');
    expect(pub.json).not.toHaveProperty('staffNote');
    expect(pub.json).not.toHaveProperty('odometerWarning');

    await t.call('PUT', `/api/cars/${carId}/papers`, {
      token: staff.token,
      body: { ...papers, loanStatus: 'mortgaged' },
    });
    const rows = await audits('car_papers');
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[1].before).toMatchObject({ loanStatus: 'released' });
    expect(rows[1].after).toMatchObject({ loanStatus: 'mortgaged', staffNote: papers.staffNote });
    expect(rows[1].entityId).toBe(String(carId));
  });
});

describe('service records', () => {
  let firstId: number;

  it('adds records newest first; each km joins the odometer history', async () => {
    for (const [d, km, work] of [
      [200, 40_000, 'Bảo dưỡng cấp 40.000 km'],
      [400, 20_000, 'Thay dầu, lọc gió'],
    ] as const) {
      const res = await t.call('POST', `/api/cars/${carId}/service-records`, {
        token: staff.token,
        body: { servicedOn: vn(daysAgo(d)), km, work, place: 'Toyota Thăng Long' },
      });
      expect(res.status, res.body).toBe(201);
    }
    const pub = (await t.call('GET', `/api/cars/${carId}/history`)).json as CarHistory;
    expect(pub.serviceRecords.map((r) => [r.servicedOn, r.km, r.imported])).toEqual([
      [daysAgo(200), 40_000, false],
      [daysAgo(400), 20_000, false],
    ]);
    firstId = pub.serviceRecords[1].id;
    const readings = await odometerReadings(t.ctx.db, carId);
    expect(readings.filter((r) => r.source === 'service').map((r) => r.km)).toEqual([20_000, 40_000]);
    const created = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'service_record'), eq(auditLog.action, 'create')));
    expect(created).toHaveLength(2);
  });

  it('refuses bad input in Vietnamese', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await t.call('POST', `/api/cars/${carId}/service-records`, { token: staff.token, body });
      expect(res.status).toBe(400);
      return res.json.message as string;
    };
    const ok = { servicedOn: vn(daysAgo(10)), km: 50_000, work: 'Thay lốp', place: '' };
    expect(await bad({ ...ok, km: -1 })).toBe('Số km không được âm');
    expect(await bad({ ...ok, km: 12.5 })).toBe('Số km phải là số nguyên');
    expect(await bad({ ...ok, servicedOn: vn(daysAgo(-1)) })).toBe('Ngày làm không được ở tương lai');
    expect(await bad({ ...ok, servicedOn: '2024-13-01' })).toBe('Ngày làm không hợp lệ (dd/mm/yyyy)');
    expect(await bad({ ...ok, work: '  ' })).toBe('Vui lòng nhập công việc');
  });

  it('refuses a km that would make the odometer go backwards, with its message, and writes nothing', async () => {
    const before = await staffView();
    const res = await t.call('POST', `/api/cars/${carId}/service-records`, {
      token: staff.token,
      body: { servicedOn: vn(daysAgo(100)), km: 30_000, work: 'Thay má phanh' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      `Số km 30.000 km ngày ${vn(daysAgo(100))} thấp hơn số km đã ghi trước đó: ` +
        `40.000 km ngày ${vn(daysAgo(200))} (sổ bảo dưỡng). Đồng hồ km không thể lùi.`,
    );
    expect(res.json.errors.odo).toContain('không thể lùi');
    expect((await staffView()).serviceRecords).toEqual(before.serviceRecords);
    expect(await odometerReadings(t.ctx.db, carId)).toHaveLength(3);

    // An edit is checked the same way: the older record cannot climb above a later one.
    const edit = await t.call('PUT', `/api/cars/${carId}/service-records/${firstId}`, {
      token: staff.token,
      body: { servicedOn: vn(daysAgo(400)), km: 45_000, work: 'Thay dầu, lọc gió' },
    });
    expect(edit.status).toBe(400);
    expect(edit.json.message).toContain('cao hơn số km ghi sau đó');
    expect((await staffView()).serviceRecords).toEqual(before.serviceRecords);
  });

  it('edits and deletes a record, its reading with it', async () => {
    const edit = await t.call('PUT', `/api/cars/${carId}/service-records/${firstId}`, {
      token: staff.token,
      body: { servicedOn: vn(daysAgo(400)), km: 21_000, work: 'Thay dầu', place: 'Garage Minh Phát' },
    });
    expect(edit.status, edit.body).toBe(200);
    expect(edit.json.serviceRecords[1]).toMatchObject({ km: 21_000, place: 'Garage Minh Phát' });
    const del = await t.call('DELETE', `/api/cars/${carId}/service-records/${firstId}`, {
      token: staff.token,
    });
    expect(del.status).toBe(200);
    expect(del.json.serviceRecords).toHaveLength(1);
    const readings = await odometerReadings(t.ctx.db, carId);
    expect(readings.filter((r) => r.source === 'service').map((r) => r.km)).toEqual([40_000]);
    const missing = await t.call('DELETE', `/api/cars/${carId}/service-records/${firstId}`, {
      token: staff.token,
    });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe('Không tìm thấy bản ghi bảo dưỡng');
    const other = await t.call('POST', '/api/cars/999999/service-records', {
      token: staff.token,
      body: { servicedOn: vn(daysAgo(10)), km: 1, work: 'x' },
    });
    expect(other.status).toBe(404);
  });
});

describe('import', () => {
  const adminRow = async (): Promise<CarAdminRow> => {
    const res = await t.call('GET', '/api/cars/admin', {
      token: staff.token,
      query: { search: String(carId), page: 1, size: 5 },
    });
    return res.json.content.find((c: CarAdminRow) => c.carId === carId);
  };

  it('refuses an empty or invalid batch and writes nothing', async () => {
    const empty = await t.call('POST', `/api/cars/${carId}/service-records/import`, {
      token: staff.token,
      body: { records: [] },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Danh sách bảo dưỡng đang trống');
    const bad = await t.call('POST', `/api/cars/${carId}/service-records/import`, {
      token: staff.token,
      body: { records: [{ servicedOn: vn(daysAgo(30)), km: 'abc', work: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Số km không hợp lệ');
    expect((await staffView()).serviceRecords).toHaveLength(1);
  });

  it('stores a history as it is, flags the car when it goes backwards, and the staff list shows it', async () => {
    expect((await adminRow()).odometerRollback).toBe(false);
    const res = await t.call('POST', `/api/cars/${carId}/service-records/import`, {
      token: staff.token,
      body: {
        records: [
          {
            servicedOn: vn(daysAgo(150)),
            km: 35_000,
            work: 'Bảo dưỡng định kỳ',
            place: 'Toyota Lý Thường Kiệt',
          },
          { servicedOn: vn(daysAgo(600)), km: 10_000, work: 'Bảo dưỡng 10.000 km' },
        ],
      },
    });
    expect(res.status, res.body).toBe(201);
    expect(res.json.serviceRecords.filter((r: { imported: boolean }) => r.imported)).toHaveLength(2);
    expect(res.json.odometerWarning).toBe(
      `Lịch sử km bị lùi: 35.000 km ngày ${vn(daysAgo(150))} (lịch sử nhập từ nguồn ngoài) ` +
        `thấp hơn 40.000 km ngày ${vn(daysAgo(200))} (sổ bảo dưỡng)`,
    );
    expect((await adminRow()).odometerRollback).toBe(true);
    const pub = await t.call('GET', `/api/cars/${carId}/history`);
    expect(pub.json).not.toHaveProperty('odometerWarning');
    const [audit] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'service_record'), eq(auditLog.action, 'import')));
    expect(audit.after).toMatchObject({ count: 2, odometerWarning: expect.stringContaining('bị lùi') });
  });

  it('clears the flag once the imported record that goes backwards is deleted', async () => {
    const view = await staffView();
    const wrong = view.serviceRecords.find((r) => r.km === 35_000)!;
    const res = await t.call('DELETE', `/api/cars/${carId}/service-records/${wrong.id}`, {
      token: staff.token,
    });
    expect(res.json.odometerWarning).toBeNull();
    expect((await adminRow()).odometerRollback).toBe(false);
  });
});
