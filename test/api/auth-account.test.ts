import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_FOR_EMAIL, WRONG_CURRENT_PASSWORD } from '../../src/contract/auth';
import { COMMON_PASSWORD_MESSAGE } from '../../src/server/platform/passwords/policy';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { userRow } from './foundation-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const myInfo = (token: string) => t.call('GET', '/api/auth/my-info', { token });

describe('changing my e-mail asks for my password and tells the old address', () => {
  it('a token alone (no password, a wrong one) cannot move the account to another e-mail', async () => {
    const staff = await t.createStaff();
    const before = (await userRow(t, staff.username)).email;
    const bare = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'ke.trom@example.com', phone: '0912345678' },
    });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(CURRENT_PASSWORD_FOR_EMAIL);
    const wrong = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'ke.trom@example.com', phone: '0912345678', currentPassword: 'Doan12345' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe(WRONG_CURRENT_PASSWORD);
    expect((await userRow(t, staff.username)).email).toBe(before);
    // The phone alone needs no password.
    const phone = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: before!, phone: '0912345678' },
    });
    expect(phone.status).toBe(200);
  });

  it('with the password the e-mail changes, and the old address gets a notice with a report link', async () => {
    const staff = await t.createStaff();
    const old = (await userRow(t, staff.username)).email!;
    const res = await t.call('PUT', '/api/auth/change-info', {
      token: staff.token,
      query: { email: 'that.moi@example.com', phone: '0912345678', currentPassword: STAFF_PASSWORD },
    });
    expect(res.status).toBe(200);
    const notice = await t.mailContaining('sang that.moi@example.com');
    expect(notice).toContain(`To: ${old}`);
    expect(notice).toMatch(/\/reset-password#report=\S+/);
  });
});

describe('changing my password', () => {
  it('refuses a common password (the shared list, Vietnamese favourites) with a Vietnamese message', async () => {
    const staff = await t.createStaff();
    for (const common of ['Password1', 'Abc12345', 'Matkhau123', 'Anhyeuem2024', 'Vietnam123', 'Autoviet1']) {
      const res = await t.call('PUT', '/api/auth/change-password', {
        token: staff.token,
        query: { oldPassword: STAFF_PASSWORD, newPassword: common },
      });
      expect(res.status, common).toBe(400);
      expect(res.json.message).toBe(COMMON_PASSWORD_MESSAGE);
    }
  });

  it('tells the account’s address, with a report link that signs every session out', async () => {
    const staff = await t.createStaff();
    const email = (await userRow(t, staff.username)).email!;
    const res = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: STAFF_PASSWORD, newPassword: 'Xemay2026Moi' },
    });
    expect(res.status).toBe(200);
    const notice = await t.mailContaining(`Mật khẩu của tài khoản ${staff.username} vừa được đổi.`);
    expect(notice).toContain(`To: ${email}`);
    const token = /\/reset-password#report=(\S+)/.exec(notice)![1];
    expect((await myInfo(staff.token)).status).toBe(200);
    const report = await t.call('POST', '/api/auth/report-change', { query: { token } });
    expect(report.status).toBe(200);
    expect((await myInfo(staff.token)).status).toBe(401);
  });

  it('counts wrong current passwords per session: another session of the owner is not blocked', async () => {
    const staff = await t.createStaff();
    const other = await t.login(staff.username, STAFF_PASSWORD);
    for (let i = 0; i < 10; i++) {
      await t.call('PUT', '/api/auth/change-password', {
        token: staff.token,
        query: { oldPassword: `Sai${i}12345`, newPassword: 'MoiMoi2024' },
      });
    }
    const stolen = await t.call('PUT', '/api/auth/change-password', {
      token: staff.token,
      query: { oldPassword: STAFF_PASSWORD, newPassword: 'MoiMoi2024' },
    });
    expect(stolen.status).toBe(429);
    const owner = await t.call('PUT', '/api/auth/change-password', {
      token: other,
      query: { oldPassword: STAFF_PASSWORD, newPassword: 'MoiMoi2024' },
    });
    expect(owner.status).toBe(200);
  });
});

describe('report links', () => {
  it('refuses a forged or foreign token, and a session token', async () => {
    for (const token of ['x'.repeat(40), t.adminToken]) {
      const res = await t.call('POST', '/api/auth/report-change', { query: { token } });
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/Liên kết báo cáo không hợp lệ/);
    }
    expect((await myInfo(t.adminToken)).status).toBe(200);
  });
});
