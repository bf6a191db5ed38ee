import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  apiClient,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  reportRan,
  resetLink,
  signIn,
  startBrowser,
  startServer,
  waitForMail,
} from './helpers';

/**
 * The account-security journeys: a new account's owner sets their own password from the mailed link,
 * a manager sends a reset mail instead of choosing a password, the profile's sessions can be ended,
 * a new e-mail needs the current password, and the old address can report the change.
 */
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;

beforeAll(async () => {
  server = await startServer({ seededFrom: inject('e2eSeededDir') });
  browser = await startBrowser();
  api = apiClient(server.url, server.dataDir);
  adminToken = await api.login(server.adminUsername, server.adminPassword);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  reportRan(import.meta.url);
});

describe('a new account', () => {
  it('is created without a password; the mailed link lands on /reset-password where its owner chooses one', async () => {
    const admin = await browser.newPage();
    await signIn(admin, server.url, server.adminUsername, server.adminPassword);
    await admin.goto(`${server.url}/dashboard/users/add`);
    await admin.getByRole('heading', { level: 1, name: 'Thêm tài khoản' }).waitFor();
    await admin.getByText('Mật khẩu do chính người dùng tự đặt', { exact: false }).waitFor();
    expect(await admin.locator('input[type=password]').count()).toBe(0);
    await admin.getByLabel('Họ và tên').fill('Trịnh Văn Mới');
    await admin.getByLabel('Email').fill('moi.trinh@example.com');
    await admin.locator('input[value="MANAGE_SERVICE"]').check();
    await admin.getByRole('button', { name: 'Thêm tài khoản' }).click();
    await admin.getByText('đã gửi email để họ tự đặt mật khẩu', { exact: false }).waitFor();

    const mail = await waitForMail(server.dataDir, 'moi.trinh@example.com', (m) =>
      /Đặt mật khẩu/.test(m.subject),
    );
    const link = resetLink(mail);
    expect(link).toMatch(/\/reset-password#username=[a-z0-9.]+&code=\d{10}$/);
    const username = /username=([a-z0-9.]+)/.exec(link)![1];

    const owner = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await owner.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await owner.getByRole('heading', { level: 1, name: 'Xác nhận đặt lại mật khẩu' }).waitFor();
    // The code is filled in, and the fragment is gone from the address bar.
    expect(await owner.getByLabel('Mã xác nhận').inputValue()).toMatch(/^\d{10}$/);
    expect(new URL(owner.url()).hash).toBe('');
    await owner.getByLabel('Mật khẩu mới', { exact: true }).fill('Matkhau123');
    await owner.getByLabel('Nhập lại mật khẩu mới').fill('Matkhau123');
    await owner.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    // A common password is refused with the server's message.
    await owner.getByText('Mật khẩu này quá phổ biến', { exact: false }).waitFor();
    await owner.getByLabel('Mật khẩu mới', { exact: true }).fill('XeDichVu2026');
    await owner.getByLabel('Nhập lại mật khẩu mới').fill('XeDichVu2026');
    await owner.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await owner.getByText('Mật khẩu đã được thay đổi thành công! Quay lại trang đăng nhập...').waitFor();
    await owner.waitForURL(`${server.url}/login`);
    await signIn(owner, server.url, username, 'XeDichVu2026');
  });

  it('a manager sends a reset mail from the user form instead of setting a password', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_BLOG'], { email: 'quen.mk@example.com' });
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/users/${staff.userId}`);
    await page.getByRole('heading', { level: 1, name: 'Sửa tài khoản' }).waitFor();
    expect(await page.locator('input[type=password]').count()).toBe(0);
    await page.getByRole('button', { name: 'Gửi email đặt lại mật khẩu' }).click();
    await page.getByText('Đã gửi email đặt lại mật khẩu đến q***@example.com').waitFor();
    const mail = await waitForMail(server.dataDir, 'quen.mk@example.com', (m) =>
      m.text.includes('vừa gửi cho bạn'),
    );
    expect(resetLink(mail)).toContain(`#username=${staff.username}&code=`);
    // Nothing changed until the owner acts.
    expect(
      (await api.call('POST', 'auth/login', { body: { username: staff.username, password: staff.password } }))
        .status,
    ).toBe(200);
  });
});

describe('my profile', () => {
  it('lists my sessions with device and address, and ends another one', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_CAR']);
    const other = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(other, server.url, staff.username, staff.password);
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    await page.goto(`${server.url}/dashboard/profile`);
    const card = page.getByRole('region', { name: 'Phiên đăng nhập đang mở' });
    await card.getByText('Phiên này').waitFor();
    await card.getByText('Địa chỉ 127.0.0.1', { exact: false }).first().waitFor();
    const end = card.getByRole('button', { name: /^Kết thúc phiên/ });
    expect(await end.count()).toBe(1);
    await end.click();
    await page.getByText('Đã kết thúc phiên đăng nhập').waitFor();
    await card.getByRole('button', { name: /^Kết thúc phiên/ }).waitFor({ state: 'detached' });
    // The other device is signed out: its next page needs a new sign-in.
    await other.goto(`${server.url}/dashboard/profile`);
    await other.waitForURL(`${server.url}/login`);
  });

  it('asks for the current password to change my e-mail, and the old address can report it', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_CAR'], { email: 'cu.email@example.com' });
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    await page.goto(`${server.url}/dashboard/profile/change-information`);
    await page.getByRole('heading', { level: 1, name: 'Đổi mật khẩu và thông tin liên hệ' }).waitFor();
    await page.getByLabel('Số điện thoại').fill('0912345678');
    expect(await page.getByLabel('Mật khẩu hiện tại', { exact: true }).count()).toBe(1); // the password form's own
    await page.getByLabel('Email').fill('moi.email@example.com');
    const current = page.locator('#contact-current-password');
    await current.waitFor();
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Vui lòng nhập mật khẩu hiện tại để đổi email').waitFor();
    await current.fill('SaiMatKhau9');
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Mật khẩu hiện tại không đúng').first().waitFor();
    await current.fill(staff.password);
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Cập nhật thông tin thành công').waitFor();

    // The old address is told, with a link to report it.
    const notice = await waitForMail(server.dataDir, 'cu.email@example.com', (m) =>
      /Email tài khoản/.test(m.subject),
    );
    const link = /(https?:\/\/\S+\/reset-password#report=\S+)/.exec(notice.text)![1];
    const owner = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await owner.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
    await owner.getByRole('heading', { level: 1, name: 'Báo cáo thay đổi không phải do bạn' }).waitFor();
    await owner.getByRole('button', { name: 'Đây không phải tôi: báo cáo ngay' }).click();
    await owner.getByText('Đã ghi nhận báo cáo', { exact: false }).waitFor();
    // Signed out everywhere, e-mail restored.
    await page.goto(`${server.url}/dashboard/profile`);
    await page.waitForURL(`${server.url}/login`);
    const token = await api.login(staff.username, staff.password);
    expect(((await api.call('GET', 'auth/my-info', { token })).json as { email: string }).email).toBe(
      'cu.email@example.com',
    );
  });

  it('an address an admin set is confirmed by its owner in the profile, with the current password', async () => {
    const staff = await api.createStaff(adminToken, ['MANAGE_CAR'], { email: 'truoc.do@example.com' });
    const put = await api.call('PUT', `users/${staff.userId}`, {
      token: adminToken,
      body: {
        fullName: 'Nhân Viên Đổi Email',
        email: 'admin.dat@example.com',
        phone: '0901234567',
        role: 'STAFF',
      },
    });
    expect(put.status, put.body).toBe(200);
    // A manager's reset does not go there until the owner confirms it.
    const refused = await api.call('POST', `users/${staff.userId}/reset-password`, { token: adminToken });
    expect(refused.status).toBe(409);
    const page = await browser.newPage();
    await signIn(page, server.url, staff.username, staff.password);
    await page.goto(`${server.url}/dashboard/profile/change-information`);
    const note = page.getByText('Email này do quản trị viên đặt và bạn chưa xác nhận', { exact: false });
    await note.waitFor();
    await page.locator('#contact-current-password').fill(staff.password);
    await page.getByRole('button', { name: 'Lưu thông tin liên hệ' }).click();
    await page.getByText('Cập nhật thông tin thành công').waitFor();
    await note.waitFor({ state: 'hidden' });
    expect(await page.locator('#contact-current-password').count()).toBe(0);
    const sent = await api.call('POST', `users/${staff.userId}/reset-password`, { token: adminToken });
    expect(sent.status).toBe(200);
  });
});
