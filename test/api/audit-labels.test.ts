import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vnDayKey } from '../../src/contract/format';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody, multipart } from './cars-fixtures';
import { cvPdf } from './recruitment-fixtures';
import { newCar, openDeposits, reserve } from './reservations-fixtures';

/** GET /api/audit names people and coded values in Vietnamese: no column names, keys or user ids. */

let t: TestApp;
let assignee: { id: number; username: string; token: string };
let assigneeName: string;

beforeAll(async () => {
  t = await startTestApp();
  assignee = await t.createStaff(['MANAGE_SERVICE']);
  const me = await t.call('GET', '/api/auth/my-info', { token: assignee.token });
  assigneeName = me.json.name ?? me.json.fullName;
  await t.ctx.db.insert(auditLog).values([
    {
      userId: assignee.id,
      username: assignee.username,
      action: 'assign',
      entity: 'lead',
      entityId: '7',
      before: { assigneeId: null },
      after: { assigneeId: assignee.id },
    },
    {
      userId: null,
      username: null,
      action: 'apply',
      entity: 'candidate',
      entityId: '3',
      after: { fullName: 'Lê Văn Cường', cvKind: 'pdf', status: 'NEW' },
    },
    {
      userId: assignee.id,
      username: assignee.username,
      action: 'set-permissions',
      entity: 'user',
      entityId: String(assignee.id),
      before: { permissions: ['MANAGE_SERVICE'], role: 'STAFF' },
      after: { permissions: ['MANAGE_SERVICE', 'MANAGE_OVERVIEW'], role: 'STAFF' },
    },
    {
      userId: assignee.id,
      username: assignee.username,
      action: 'create',
      entity: 'sale',
      entityId: '5',
      after: { paymentMethod: 'INSTALLMENT', salespersonId: 987_654 },
    },
  ]);
});
afterAll(() => t.close());

const entry = async (action: string) => {
  const res = await t.call('GET', '/api/audit', { token: t.adminToken, query: { action } });
  expect(res.status, res.body).toBe(200);
  return res.json.content[0] as {
    changes: { field: string; label: string; before: unknown; after: unknown }[];
  };
};

describe('the audit log in words', () => {
  it('names the person a lead was given to, not their id', async () => {
    expect(assigneeName).toBeTruthy();
    expect((await entry('assign')).changes).toEqual([
      { field: 'assigneeId', label: 'Nhân viên phụ trách', before: null, after: assigneeName },
    ]);
  });

  it('says what a CV is and what a candidate status means', async () => {
    expect((await entry('apply')).changes).toEqual(
      expect.arrayContaining([
        { field: 'cvKind', label: 'Loại CV', before: null, after: 'Tệp PDF' },
        { field: 'status', label: 'Trạng thái', before: null, after: expect.not.stringMatching(/^NEW$/) },
      ]),
    );
  });

  it('reads permissions, payment methods and a removed account in Vietnamese', async () => {
    expect((await entry('set-permissions')).changes).toEqual([
      {
        field: 'permissions',
        label: 'Quyền',
        before: ['Quản lý dịch vụ'],
        after: ['Quản lý dịch vụ', 'Quản lý banner'],
      },
    ]);
    expect((await entry('create')).changes).toEqual([
      { field: 'paymentMethod', label: 'Hình thức thanh toán', before: null, after: 'Trả góp' },
      {
        field: 'salespersonId',
        label: 'Nhân viên bán hàng',
        before: null,
        after: 'Tài khoản đã xóa (#987654)',
      },
    ]);
  });
});

type Entry = {
  action: string;
  actionLabel: string;
  entity: string;
  entityLabel: string;
  entityId: string | null;
  entityName: string | null;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
};

/** Every entry of the log, newest first. */
async function wholeLog(): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await t.call('GET', '/api/audit', { token: t.adminToken, query: { page, size: 100 } });
    expect(res.status, res.body).toBe(200);
    out.push(...res.json.content);
    if (page >= res.json.totalPages) break;
  }
  return out;
}

const change = (e: Entry | undefined, field: string) => e?.changes.find((c) => c.field === field);

describe('objects of other modules, by name', () => {
  const carName = 'Honda City 1.5 RS';
  let carId: number;
  let postingId: number;
  const postingTitle = 'Tuyển kỹ thuật viên kiểm định xe';
  let log: Entry[];

  beforeAll(async () => {
    const call = async (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown, status = 200) => {
      const res = await t.call(method, url, { token: t.adminToken, body });
      expect(res.status, `${method} ${url}: ${res.body}`).toBe(status);
      return res.json;
    };
    // A car, repriced, reserved, said paid by the visitor, paid, extended and cancelled; its papers, a service record and a report.
    carId = await newCar(t, t.adminToken, { carName });
    await call('PUT', `/api/cars/admin/${carId}`, carBody({ carName, sellPrice: 440_000_000 }));
    await openDeposits(t);
    const r = await reserve(t, carId);
    await t.call('POST', `/api/reservations/${r.code}/paid-claim`, { body: { token: r.token } });
    const list = await t.call('GET', '/api/reservations/admin', {
      token: t.adminToken,
      query: { search: r.code },
    });
    const reservationId = list.json.content[0].reservationId as number;
    const admin = (path: string, body: unknown) =>
      call('POST', `/api/reservations/admin/${reservationId}/${path}`, body);
    await admin('mark-paid', { bankReference: 'FT26001', note: 'Khách chuyển khoản tại quầy' });
    await admin('extend', { hours: 24 });
    await admin('cancel', { reason: 'Khách đổi ý' });
    await admin('refund', { amount: 10_000_000, reason: 'Hoàn cọc', reference: 'FT26002' });
    await call('PUT', `/api/cars/${carId}/papers`, {
      ownerType: 'company',
      vatInvoice: true,
      registrationUntil: '15/06/2027',
      liabilityInsuranceUntil: '',
      bodyInsuranceUntil: '',
      loanStatus: 'released',
      fineCheckedOn: '',
      fineResult: 'none',
      staffNote: 'Giấy tờ gốc để ở két',
    });
    await call(
      'POST',
      `/api/cars/${carId}/service-records`,
      { servicedOn: '12/03/2024', km: 10_000, work: 'Bảo dưỡng cấp 10.000 km', place: 'Honda Giải Phóng' },
      201,
    );
    const template = (await t.call('GET', '/api/inspection-template', { token: t.adminToken })).json
      .items as { itemId: number; group: string; retired: boolean }[];
    const added = await call(
      'POST',
      '/api/inspection-template/items',
      { group: 'PAPERS', label: 'Sổ bảo hành' },
      201,
    );
    await call('PATCH', `/api/inspection-template/items/${added.itemId}`, { label: 'Sổ bảo hành hãng' });
    const papersGroup = [
      added.itemId,
      ...template.filter((i) => i.group === 'PAPERS' && !i.retired).map((i) => i.itemId),
    ];
    await call('PUT', '/api/inspection-template/order', { group: 'PAPERS', itemIds: papersGroup });
    await call('PUT', `/api/cars/${carId}/inspection`, {
      inspectorName: 'Nguyễn Văn Kiểm',
      inspectedOn: '10/11/2026',
      odometerKm: 30_000,
      conclusion: 'Xe giữ gìn tốt.',
      staffNote: '',
      results: [
        ...papersGroup,
        ...template.filter((i) => i.group !== 'PAPERS' && !i.retired).map((i) => i.itemId),
      ].map((itemId) => ({ itemId, result: 'PASS' })),
    });
    // A sale of another car, then cancelled.
    const sold = await newCar(t, t.adminToken, { carName: 'Kia Morning 1.25 AT' });
    const sale = await call(
      'POST',
      '/api/soldhistory',
      {
        carId: sold,
        buyerName: 'Trần Văn Bình',
        buyerPhone: '0912 345 678',
        salePrice: 300_000_000,
        paymentMethod: 'CASH',
        note: '',
      },
      201,
    );
    await call('PUT', `/api/soldhistory/${sale.transactionId}/cancel`, { reason: 'Khách không nhận xe' });
    // A posting and an application to it.
    const posting = await call(
      'POST',
      '/api/recruitments/admin/add',
      {
        title: postingTitle,
        position: 'Kỹ thuật viên',
        type: 'FULL_TIME',
        status: 'OPEN',
        location: 'Hà Nội',
        quantity: 1,
        description: 'Kiểm định xe trước khi lên sàn.',
        requirements: 'Có kinh nghiệm sửa chữa ô tô.',
        deadline: vnDayKey(Date.now() + 30 * 86_400_000),
      },
      201,
    );
    postingId = posting.recruitmentId;
    const m = multipart([
      {
        name: 'candidate',
        value: JSON.stringify({
          fullName: 'Đỗ Minh Quân',
          phone: '0903 123 456',
          email: 'quan@example.com',
          letter: 'Em có 3 năm làm ở gara.',
        }),
      },
      { name: 'cv', filename: 'cv.pdf', type: 'application/pdf', data: cvPdf() },
    ]);
    const applied = await t.call('POST', `/api/recruitments/${postingId}/apply`, {
      body: m.payload,
      headers: m.headers,
    });
    expect(applied.status, applied.body).toBe(201);
    log = await wholeLog();
  });

  it("names a candidate's posting and a reservation's car, not their ids", () => {
    const apply = log.find(
      (e) => e.entity === 'candidate' && e.action === 'apply' && change(e, 'recruitmentId'),
    );
    expect(change(apply, 'recruitmentId')).toMatchObject({ label: 'Tin tuyển dụng', after: postingTitle });
    const reserved = log.find((e) => e.entity === 'reservation' && e.action === 'create');
    expect(change(reserved, 'carId')).toMatchObject({ label: 'Xe', after: expect.stringContaining(carName) });
    const photoOrRecord = log.filter((e) => change(e, 'carId'));
    expect(photoOrRecord.length).toBeGreaterThan(0);
    for (const e of photoOrRecord) expect(typeof change(e, 'carId')?.after).toBe('string');
  });

  it('names the object an entry is about: the car of its papers and report, the posting, the sale', () => {
    const papers = log.find((e) => e.entity === 'car_papers');
    expect(papers?.entityName).toContain(carName);
    expect(log.find((e) => e.entity === 'inspection')?.entityName).toContain(carName);
    expect(log.find((e) => e.entity === 'recruitment')?.entityName).toBe(postingTitle);
    expect(log.find((e) => e.entity === 'sale')?.entityName).toBe('Kia Morning 1.25 AT – Trần Văn Bình');
    const reordered = log.find((e) => e.entity === 'inspection_item' && e.action === 'reorder');
    expect(reordered?.entityName).toBe('Giấy tờ pháp lý');
    // A long list is cut for the page; the items read by their labels, not their ids.
    expect(JSON.stringify(reordered?.changes[0].after)).toContain('Sổ bảo hành hãng');
  });

  it('gives every field those actions wrote a Vietnamese label', () => {
    const raw = new Set<string>();
    for (const e of log)
      for (const c of e.changes) if (c.field && c.label === c.field) raw.add(`${e.entity}.${c.field}`);
    expect([...raw].sort()).toEqual([]);
    // The actions and objects too ('upload', 'reorder', an inspection item).
    const unnamed = log.filter((e) => e.actionLabel === e.action || e.entityLabel === e.entity);
    expect(unnamed.map((e) => `${e.entity}:${e.action}`)).toEqual([]);
  });
});
