import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type apiClient,
  E2E_ADMIN_PASSWORD,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  readOutbox,
  resetCode,
  signIn,
  waitForMail,
} from './helpers';

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

const sideMenu = (page: Page) => page.locator('aside').getByRole('navigation', { name: 'Menu quản trị' });

async function openGroup(page: Page, label: string) {
  const toggle = sideMenu(page).getByRole('button', { name: label });
  await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
}

describe('public site', () => {
  it('shows the header navigation and the footer from the web configuration', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'Xe cũ chất lượng',
    );
    const nav = page.locator('header').getByRole('navigation', { name: 'Điều hướng chính' });
    for (const label of [
      'Trang chủ',
      'Giới thiệu',
      'Mua xe',
      'Dịch vụ',
      'Tuyển dụng',
      'Tư vấn AI',
      'Tin tức',
      'Liên hệ',
    ]) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
    // Submenu: opens on hover, closes after the pointer leaves.
    const compare = nav.getByRole('link', { name: 'So sánh xe' });
    expect(await compare.isVisible()).toBe(false);
    await nav.getByRole('link', { name: 'Mua xe', exact: true }).hover();
    await compare.waitFor({ state: 'visible' });
    await page.mouse.move(5, 600);
    await compare.waitFor({ state: 'hidden' });
    // ...and by keyboard.
    await nav.getByRole('button', { name: 'Mở menu Dịch vụ' }).focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Đăng ký lái thử' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Đăng ký lái thử' }).waitFor({ state: 'hidden' });

    const footer = page.locator('footer');
    await footer.getByText('Bản quyền thuộc về AutoViet').waitFor();
    await footer.getByText('268 Nguyễn Văn Linh', { exact: false }).waitFor();
    expect(await footer.getByRole('link', { name: 'lienhe@autoviet.vn' }).count()).toBe(1);
    expect(await footer.getByRole('link', { name: 'Tin tức xe' }).getAttribute('href')).toBe('/blogs');
    expect(await footer.locator('iframe[title^="Trang Facebook"]').getAttribute('loading')).toBe('lazy');
    expect(await footer.getByRole('link', { name: /^(Facebook|YouTube|TikTok) của AutoViet$/ }).count()).toBe(
      3,
    );
  });

  it('opens the slide-in menu on a phone and closes it with Escape', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/`);
    const menu = page.locator('#public-mobile-menu');
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await menu.waitFor({ state: 'visible' });
    await menu.getByRole('link', { name: 'Bảo dưỡng xe' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('shows the not-found page for an unknown path, with a way home', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/khong-co-trang-nay`);
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await page.waitForURL(`${server.url}/`);
  });
});

describe('signing in', () => {
  it('shows the server message for wrong credentials', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByText('Vui lòng nhập tên đăng nhập').waitFor();
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('SaiMatKhau1');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await page.getByRole('alert').getByText('Tên đăng nhập hoặc mật khẩu không đúng').waitFor();
    expect(page.url()).toBe(`${server.url}/login`);
  });

  it('signs the admin in, stores the token and shows every menu entry', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    const stored = await page.evaluate(() => localStorage.getItem('token'));
    expect(JSON.parse(stored ?? '{}').jwt).toMatch(/^ey/);

    const menu = sideMenu(page);
    for (const label of ['Tổng quan', 'Quản lý banner', 'Quản lý tin tức', 'Cấu hình hệ thống']) {
      expect(await menu.getByRole('link', { name: label }).count()).toBe(1);
    }
    // Groups start closed and toggle.
    const cars = menu.getByRole('link', { name: 'Danh sách xe' });
    expect(await cars.isVisible()).toBe(false);
    await openGroup(page, 'Quản lý xe');
    await cars.waitFor();
    expect(await menu.getByRole('link', { name: 'Lịch sử bán hàng' }).getAttribute('href')).toBe(
      '/dashboard/soldhistory',
    );
    await openGroup(page, 'Quản lý dịch vụ');
    for (const label of ['Bảo dưỡng', 'Tư vấn', 'Lái thử'])
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    await openGroup(page, 'Quản lý tài khoản');
    for (const label of ['Tài khoản nhân viên', 'Tuyển dụng', 'Ứng viên'])
      await menu.getByRole('link', { name: label }).waitFor();
    await menu.getByRole('button', { name: 'Quản lý xe' }).click();
    await cars.waitFor({ state: 'hidden' });

    // The users page opens for the admin.
    await menu.getByRole('link', { name: 'Tài khoản nhân viên' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quản lý tài khoản' }).waitFor();
    await page.getByRole('searchbox', { name: 'Tìm tài khoản' }).fill('nguyen van an');
    await page.waitForURL(/search=nguyen/);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByRole('cell', { name: 'Nguyễn Văn An annv' }).waitFor();
  });

  it('opens the menu group of the page shown; an unknown dashboard page keeps the menu', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    const menu = sideMenu(page);
    await page.goto(`${server.url}/dashboard/soldhistory`);
    const group = menu.getByRole('button', { name: 'Quản lý xe' });
    await group.waitFor();
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Lịch sử bán hàng' }).waitFor();
    // The car form belongs with the car list.
    await page.goto(`${server.url}/dashboard/car/add`);
    await menu.getByRole('link', { name: 'Danh sách xe' }).waitFor();

    await page.goto(`${server.url}/dashboard/khong-co-trang-nay`);
    await page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' }).waitFor();
    await menu.getByRole('link', { name: 'Tổng quan' }).waitFor();
    await page.getByRole('link', { name: 'Về trang tổng quan' }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.close();
  });

  it('shows a MANAGE_BLOG user only their entries and refuses /dashboard/users', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_BLOG'], { fullName: 'Võ Thị Tin Tức' });
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    const menu = sideMenu(page);
    await menu.getByRole('link', { name: 'Quản lý tin tức' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Tổng quan' }).count()).toBe(1);
    for (const label of ['Quản lý xe', 'Quản lý dịch vụ', 'Quản lý tài khoản']) {
      expect(await menu.getByRole('button', { name: label }).count()).toBe(0);
    }
    for (const label of ['Quản lý banner', 'Cấu hình hệ thống']) {
      expect(await menu.getByRole('link', { name: label }).count()).toBe(0);
    }
    await page.goto(`${server.url}/dashboard/users`);
    await page.getByText('Bạn không có quyền truy cập vào trang này!').waitFor();
    await page.goto(`${server.url}/dashboard/setting`);
    await page.getByText('Bạn không có quyền truy cập vào trang này!').waitFor();
    // Pages open to every signed-in user.
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByRole('heading', { level: 1, name: 'Thông tin tài khoản' }).waitFor();
    await page.locator('main').getByText('Quản lý tin tức').waitFor();
  });

  it('sends a visitor without a token from /dashboard to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard/users`);
    await page.waitForURL(`${server.url}/login`);
  });

  it('brings a staff member back to the deep link that sent them to /login', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/dashboard/soldhistory?carId=1`);
    await page.waitForURL(`${server.url}/login`);
    await page.getByLabel('Tên đăng nhập').fill('admin');
    await page.getByLabel('Mật khẩu', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Đăng nhập' }).click();
    await page.waitForURL(`${server.url}/dashboard/soldhistory?carId=1`);
    await page.close();
  });
});

describe('account', () => {
  it('changes the password, signs out, and signs in with the new one', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_SERVICE']);
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    await page.getByRole('button', { name: /^Tài khoản:/ }).click();
    await page.getByRole('link', { name: 'Đổi mật khẩu', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard/profile/change-information`);

    await page.getByLabel('Mật khẩu hiện tại').fill(staff.password);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('short');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('short');
    await page.getByRole('button', { name: 'Đổi mật khẩu', exact: true }).click();
    await page.getByText('Mật khẩu phải có ít nhất 8 ký tự', { exact: false }).first().waitFor();

    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('MoiDoi2024');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('MoiDoi2024');
    await page.getByRole('button', { name: 'Đổi mật khẩu', exact: true }).click();
    await page.getByText('Đổi mật khẩu thành công').waitFor();

    // Logout: back to /login, token gone, the dashboard sends us back to /login.
    await page.getByRole('button', { name: /^Tài khoản:/ }).click();
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL(`${server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(`${server.url}/login`);

    const old = await api.call('POST', 'auth/login', {
      body: { username: staff.username, password: staff.password },
    });
    expect(old.status).toBe(401);
    await signIn(page, server.url, staff.username, 'MoiDoi2024');
  });

  it('resets a forgotten password with the code from the outbox', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_CAR'], {
      email: `quen.${Date.now()}@example.com`,
    });
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Quên mật khẩu?' }).click();
    await page.waitForURL(`${server.url}/reset-password`);
    await page.getByRole('heading', { level: 1, name: 'Đặt lại mật khẩu' }).waitFor();
    await page.getByText('chỉ dành cho nhân viên quản lý', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Đăng nhập →' }).first().getAttribute('href')).toBe('/login');

    // Step 1: required username, then the request.
    await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
    await page.getByText('Vui lòng nhập tên đăng nhập').waitFor();
    const before = readOutbox(server.dataDir).length;
    await page.getByLabel('Tên đăng nhập').fill(staff.username);
    await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();

    // Step 2 slides in.
    await page.getByRole('heading', { level: 1, name: 'Xác nhận đặt lại mật khẩu' }).waitFor();
    await page.getByText('Nhập mã xác nhận được gửi đến tài khoản của bạn').waitFor();
    const mail = await waitForMail(server.dataDir, staff.email, (m) => /Mã xác nhận/.test(m.subject));
    expect(readOutbox(server.dataDir).length).toBeGreaterThan(before);
    const code = resetCode(mail);

    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.getByText('Vui lòng nhập mã xác nhận').waitFor();
    await page.getByText('Vui lòng nhập mật khẩu mới').waitFor();
    await page.getByText('Vui lòng nhập lại mật khẩu').waitFor();

    await page.getByLabel('Mã xác nhận').fill(code);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('abc');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('abc');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.getByText('Mật khẩu phải có ít nhất 6 ký tự').waitFor();

    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('DatLai2024');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('DatLai2025');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.getByText('Mật khẩu nhập lại không khớp.', { exact: true }).waitFor();

    // A wrong code shows the server's text.
    await page.getByLabel('Mã xác nhận').fill(code === '0000000000' ? '1111111111' : '0000000000');
    await page.getByLabel('Nhập lại mật khẩu mới').fill('DatLai2024');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.getByText('Mã xác nhận không đúng hoặc đã hết hạn').waitFor();

    await page.getByLabel('Mã xác nhận').fill(code);
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await page.getByText('Mật khẩu đã được thay đổi thành công! Quay lại trang đăng nhập...').waitFor();
    await page.waitForURL(`${server.url}/login`);

    await signIn(page, server.url, staff.username, 'DatLai2024');
  });

  it('goes back from step 2 to step 1', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/reset-password`);
    await page.getByLabel('Tên đăng nhập').fill('khongtontai');
    await page.getByRole('button', { name: 'Gửi mã xác nhận' }).click();
    await page.getByRole('heading', { level: 1, name: 'Xác nhận đặt lại mật khẩu' }).waitFor();
    await page.getByRole('button', { name: /Quay lại bước 1/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Đặt lại mật khẩu' }).waitFor();
  });
});
