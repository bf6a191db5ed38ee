import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';

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
