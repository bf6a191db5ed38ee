import { beforeAll, describe, expect, it } from 'vitest';
import {
  type apiClient,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  resetCode,
  signIn,
  waitForMail,
} from './helpers';

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;

beforeAll(() => {
  ({ server, browser, api } = journey);
});

describe('staff accounts', () => {
  it('adds, edits, deactivates and reactivates a staff account', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/users`);
    await page.getByRole('link', { name: 'Thêm tài khoản' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm tài khoản' }).waitFor();

    // Empty submit: the contract's messages.
    await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
    await page.getByText('Vui lòng nhập họ và tên').waitFor();

    // The username is suggested from the name.
    await page.getByLabel('Họ và tên').fill('Đặng Thị Ánh');
    await page.waitForFunction(
      () => (document.getElementById('user-username') as HTMLInputElement).value === 'anhdt',
    );
    await page.getByLabel('Email').fill('anhdt@example.com');
    await page.getByLabel('Số điện thoại').fill('0987 111 222');
    // Nobody chooses another person's password: there is no such field.
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await page.getByRole('checkbox', { name: /Quản lý tin tức/ }).check();
    await page.getByRole('button', { name: 'Thêm tài khoản' }).click();
    await page.getByText('Đã thêm tài khoản anhdt').waitFor();
    // Its owner chooses it from the invitation mail's code.
    const invite = await waitForMail(server.dataDir, 'anhdt@example.com', (m) =>
      m.text.includes('Tên đăng nhập: anhdt'),
    );
    const set = await api.call('POST', 'auth/reset-password/confirm', {
      query: { username: 'anhdt', token: resetCode(invite), newPassword: 'AnhDang2026' },
    });
    expect(set.status).toBe(200);
    await page.waitForURL(`${server.url}/dashboard/users`);
    const row = page.locator('tbody tr', { hasText: 'anhdt' });
    await row.getByText('Quản lý tin tức').waitFor();

    // Edit: phone and one more permission.
    await row.getByRole('link', { name: 'Sửa Đặng Thị Ánh' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sửa tài khoản' }).waitFor();
    await page.waitForFunction(
      () => (document.getElementById('user-phone') as HTMLInputElement | null)?.value === '0987111222',
    );
    expect(await page.getByLabel('Tên đăng nhập').getAttribute('readonly')).not.toBeNull();
    // An admin may change the e-mail; the owner confirmed this one by using the invitation's code.
    expect(await page.getByLabel('Email').getAttribute('readonly')).toBeNull();
    await page.getByText('Chủ tài khoản đã xác nhận email này.', { exact: false }).waitFor();
    await page.getByLabel('Số điện thoại').fill('0909000111');
    await page.getByRole('checkbox', { name: /Quản lý banner/ }).check();
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await page.getByText('Đã cập nhật tài khoản').waitFor();
    await page.waitForURL(`${server.url}/dashboard/users`);
    await row.getByText('0909000111').waitFor();
    await row.getByText('Quản lý banner', { exact: false }).waitFor();

    // Deactivate, with a confirmation.
    await row.getByRole('button', { name: 'Vô hiệu hóa Đặng Thị Ánh' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vô hiệu hóa tài khoản?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Hủy' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByText('Hoạt động').waitFor();
    await row.getByRole('button', { name: 'Vô hiệu hóa Đặng Thị Ánh' }).click();
    await dialog.getByRole('button', { name: 'Vô hiệu hóa' }).click();
    await row.getByText('Đã vô hiệu hóa').waitFor();
    const refused = await api.call('POST', 'auth/login', {
      body: { username: 'anhdt', password: 'AnhDang2026' },
    });
    expect(refused.status).toBe(403);

    await row.getByRole('button', { name: 'Kích hoạt Đặng Thị Ánh' }).click();
    await page
      .getByRole('dialog', { name: 'Kích hoạt tài khoản?' })
      .getByRole('button', { name: 'Kích hoạt' })
      .click();
    await row.getByText('Hoạt động').waitFor();
    expect(
      (await api.call('POST', 'auth/login', { body: { username: 'anhdt', password: 'AnhDang2026' } })).status,
    ).toBe(200);
  });
});

describe('settings and profile', () => {
  it('saves the web configuration, and the public footer shows it', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/setting`);
    await page.getByRole('heading', { level: 1, name: 'Cấu hình hệ thống' }).waitFor();
    const name = page.getByLabel('Tên showroom');
    await page.waitForFunction(
      () => ((document.getElementById('cfg-showroomName') as HTMLInputElement | null)?.value ?? '') !== '',
    );
    await name.fill('AutoViet Sài Gòn');

    // NumberInput: digits only, dot thousands.
    const fee = page.getByLabel('Phí đăng kiểm');
    await fee.fill('');
    await fee.pressSequentially('35x0a000');
    expect(await fee.inputValue()).toBe('350.000');
    await page.getByLabel('Lãi suất vay (năm)').fill('8,5');
    await page.getByLabel('Lời nhắc hệ thống').fill('Bạn là trợ lý tư vấn xe của AutoViet Sài Gòn.');

    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Đã lưu cấu hình hệ thống').waitFor();

    const calc = await api.call('GET', 'web-configuration/car-calculations');
    expect(calc.json).toMatchObject({ inspectionFee: 350000, loanInterestRate: 0.085 });
    expect((await api.call('GET', 'web-configuration/system-message')).body).toBe(
      'Bạn là trợ lý tư vấn xe của AutoViet Sài Gòn.',
    );

    await page.goto(`${server.url}/`);
    await page.locator('footer').getByText('Bản quyền thuộc về AutoViet Sài Gòn').waitFor();

    // The deposit account and the webhook key: the key is write-only, and changing either asks for the
    // current password.
    await page.goto(`${server.url}/dashboard/setting`);
    const account = page.getByLabel('Số tài khoản');
    await page.waitForFunction(
      () => ((document.getElementById('cfg-res-account') as HTMLInputElement | null)?.value ?? '') !== '',
    );
    await page.getByRole('button', { name: 'Tạo khóa ngẫu nhiên' }).click();
    const key = await page.getByLabel('Khóa API webhook').inputValue();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    await account.fill('0071000999999');
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    const password = page.getByLabel('Mật khẩu hiện tại');
    await page
      .getByText('Vui lòng nhập mật khẩu hiện tại để đổi tài khoản nhận cọc hoặc khóa API webhook')
      .first()
      .waitFor();
    await password.fill('Sai12345');
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Mật khẩu hiện tại không đúng').first().waitFor();
    await password.fill(server.adminPassword);
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Đã lưu cấu hình hệ thống').waitFor();
    // Read back masked, never in clear; the bank's notifier gets in with the new key.
    await page.waitForFunction(
      () => (document.getElementById('cfg-res-key') as HTMLInputElement | null)?.value === '••••••••',
    );
    expect(await password.count()).toBe(0);
    const token = await api.login(server.adminUsername, server.adminPassword);
    const stored = await api.call('GET', 'web-configuration/admin', { token });
    expect(stored.body).not.toContain(key);
    expect((stored.json as { reservations: { accountNumber: string } }).reservations.accountNumber).toBe(
      '0071000999999',
    );
    const hook = (apiKey: string) =>
      fetch(`${server.url}/api/payments/sepay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Apikey ${apiKey}` },
        body: JSON.stringify({ id: 1, transferType: 'in', transferAmount: 1, content: 'thu' }),
      });
    expect((await hook(key)).status).not.toBe(401);
    expect((await hook('khoa-sai-0123456789')).status).toBe(401);

    // Bad input: the contract's message, nothing saved.
    await page.goto(`${server.url}/dashboard/setting`);
    await page.waitForFunction(
      () => ((document.getElementById('cfg-showroomName') as HTMLInputElement | null)?.value ?? '') !== '',
    );
    await page.getByLabel('Trang Facebook').fill('facebook.com/khong-co-giao-thuc');
    await page.getByRole('button', { name: 'Lưu cấu hình' }).click();
    await page.getByText('Facebook phải là địa chỉ http(s)').waitFor();
  });

  it('edits the contact details from the profile page', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByRole('heading', { level: 1, name: 'Thông tin tài khoản' }).waitFor();
    await page.getByLabel('Email').fill('khong-phai-email');
    await page.getByLabel('Số điện thoại').fill('12345');
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Số điện thoại không hợp lệ').waitFor();
    await page.getByText('Email không hợp lệ').waitFor();
    await page.getByLabel('Email').fill('Quan.Tri@AutoViet.vn');
    await page.getByLabel('Số điện thoại').fill('0912 345 678');
    // A new e-mail needs the current password.
    await page.locator('#contact-current-password').fill(server.adminPassword);
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Cập nhật thông tin thành công').waitFor();
    await page.locator('dl').getByText('0912345678').waitFor();
    await page.locator('dl').getByText('quan.tri@autoviet.vn').waitFor();
  });

  it('opens the dashboard drawer on a phone, scrolls to top on navigation, and the logo leads home', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    expect(await page.locator('aside').isVisible()).toBe(false);
    await page.goto(`${server.url}/dashboard/setting`);
    await page.getByRole('heading', { level: 1, name: 'Cấu hình hệ thống' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1500));
    await page.getByRole('button', { name: 'Mở menu quản trị' }).click();
    const drawer = page.locator('#dashboard-drawer');
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('button', { name: 'Quản lý tài khoản' }).click();
    await drawer.getByRole('link', { name: 'Tài khoản nhân viên' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Quản lý tài khoản' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Mở menu quản trị' }).click();
    await drawer.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: 'Về trang chủ website' }).click();
    await page.waitForURL(`${server.url}/`);
  });
});
