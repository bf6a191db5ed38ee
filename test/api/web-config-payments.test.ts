import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { auditSince, lastAuditId } from './foundation-helpers';
import { transfer, webhook } from './reservations-fixtures';

/**
 * The account deposits are paid into and the key the bank's notifier signs with are the showroom's
 * money: the key is write-only (read back masked, never in clear, not even by WEB_CONFIG), and changing
 * either asks for the current password and is audited.
 */
let t: TestApp;
let editor: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp();
  editor = await t.createStaff(['WEB_CONFIG']);
});
afterAll(() => t.close());

const KEY = 'sepay-key-bi-mat-0123456789';
const MASK = '••••••••';
const PASSWORD_NEEDED = 'Vui lòng nhập mật khẩu hiện tại để đổi tài khoản nhận cọc hoặc khóa API webhook';
const admin = () => t.call('GET', '/api/web-configuration/admin', { token: editor.token });
const put = (body: Record<string, unknown>, token = editor.token) =>
  t.call('PUT', '/api/web-configuration', { token, body });
const account = {
  enabled: true,
  depositMode: 'fixed',
  depositAmount: 10_000_000,
  depositPercent: 5,
  holdHours: 2,
  paidHoldDays: 3,
  bankBin: '970436',
  accountNumber: '0071000123456',
  accountName: 'CONG TY TNHH AUTOVIET',
  webhookApiKey: KEY,
};

describe('the bank webhook key and the deposit account', () => {
  it('are set with the current password; the key is never read back in clear', async () => {
    const before = await lastAuditId(t);
    const set = await put({ reservations: account, currentPassword: STAFF_PASSWORD });
    expect(set.status, set.body).toBe(200);
    expect(set.json.reservations.webhookApiKey).toBe(MASK);
    const read = await admin();
    expect(read.json.reservations).toMatchObject({ accountNumber: '0071000123456', webhookApiKey: MASK });
    expect(read.body).not.toContain(KEY);
    // The key works: the bank's notifier is let in with it, and only with it.
    expect((await webhook(t, transfer('DC2345AB', 10_000_000), KEY)).status).not.toBe(401);
    expect((await webhook(t, transfer('DC2345AB', 10_000_000), MASK)).status).toBe(401);
    // Audited, the key masked.
    const [row] = (await auditSince(t, before)).filter((r) => r.entity === 'web_configuration');
    expect(row).toMatchObject({ action: 'update', userId: editor.id });
    expect(JSON.stringify(row)).not.toContain(KEY);
    expect(row.after).toMatchObject({
      reservations: { accountNumber: '0071000123456', webhookApiKey: 'khóa mới' },
      reauthenticated: true,
    });
  });

  it('the form sent back as read (key masked) keeps the key, and needs no password', async () => {
    const read = (await admin()).json;
    const same = await put({ ...read, showroomName: 'AutoViet Quận 7' });
    expect(same.status, same.body).toBe(200);
    expect((await webhook(t, transfer('DC2345AB', 10_000_000), KEY)).status).not.toBe(401);
  });

  it('changing the account, the key, or clearing the key asks for the current password', async () => {
    const read = (await admin()).json;
    for (const change of [
      { accountNumber: '1234567890' },
      { bankBin: '970422' },
      { accountName: 'NGUOI KHAC' },
      { webhookApiKey: 'khoa-moi-cua-ke-gian-0123' },
      { webhookApiKey: '' },
    ]) {
      const body = { reservations: { ...read.reservations, ...change } };
      const missing = await put(body);
      expect(missing.status, JSON.stringify(change)).toBe(400);
      expect(missing.json.message).toBe(PASSWORD_NEEDED);
      expect(missing.json.errors).toEqual({ currentPassword: PASSWORD_NEEDED });
      const wrong = await put({ ...body, currentPassword: 'Sai12345' });
      expect(wrong.status).toBe(400);
      expect(wrong.json.message).toBe('Mật khẩu hiện tại không đúng');
    }
    const after = (await admin()).json.reservations;
    expect(after).toMatchObject({ accountNumber: '0071000123456', bankBin: '970436' });
    expect((await webhook(t, transfer('DC2345AB', 10_000_000), KEY)).status).not.toBe(401);
  });

  it('wrong passwords are counted per session: 429 after 10', async () => {
    const other = await t.createStaff(['WEB_CONFIG']);
    const body = { reservations: { ...account, accountNumber: '999999999' }, currentPassword: 'Sai12345' };
    for (let i = 0; i < 10; i++) expect((await put(body, other.token)).status).toBe(400);
    expect((await put(body, other.token)).status).toBe(429);
  });

  it('refuses callers without WEB_CONFIG and a bad password field', async () => {
    const other = await t.createStaff(['MANAGE_CAR']);
    expect((await put({ reservations: account, currentPassword: STAFF_PASSWORD }, other.token)).status).toBe(
      403,
    );
    expect((await put({ showroomName: 'X', currentPassword: 'a'.repeat(500) })).status).toBe(400);
  });
});
