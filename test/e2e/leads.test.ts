import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, vnDayKey } from '../../src/contract/format';
import {
  BOOKING_PENDING_NOTE,
  type LeadDetail,
  type LeadPage,
  TEST_DRIVE_LICENCE_NOTE,
} from '../../src/contract/leads';
import type { NotificationView } from '../../src/contract/notifications';
import {
  type apiClient,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
  subscriptionConfirmed,
} from './helpers';

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
let admin: { userId: number; name: string };

beforeAll(async () => {
  ({ server, browser, api, adminToken } = journey);
  admin = (await api.call('GET', 'auth/my-info', { token: adminToken })).json as typeof admin;
});

/** Tomorrow in Vietnam (yyyy-mm-dd): every slot of it is still ahead. */
const tomorrow = () => vnDayKey(new Date(Date.now() + 86_400_000));
/** What a visitor types into the public date fields: dd/mm/yyyy. */
const typedTomorrow = () => tomorrow().split('-').reverse().join('/');

const phonePage = () => browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });

/** The bell names its unread count: 'Thông báo: 3 chưa đọc', or just 'Thông báo' at 0 (no badge). */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: unread > 0 ? `Thông báo: ${unread} chưa đọc` : 'Thông báo', exact: true });

async function unreadCount(userId: number, token: string): Promise<number> {
  const res = await api.call('GET', `notifications/unread/${userId}`, { token });
  expect(res.status).toBe(200);
  return (res.json as NotificationView[]).length;
}

async function leadsNamed(path: string, name: string): Promise<LeadPage> {
  const res = await api.call('GET', `${path}/admin`, {
    token: adminToken,
    query: { search: name, size: 50 },
  });
  expect(res.status).toBe(200);
  return res.json as LeadPage;
}

describe('a test drive booked on a phone reaches the staff dashboard in real time', () => {
  it('raises the badge without a reload; the lead opens from the notification, moves to Đã liên hệ, the badge falls', {
    timeout: 180_000,
  }, async () => {
    const car = (
      (await api.call('GET', 'cars', { query: { pageSize: 1 } })).json as {
        content: { carId: number; carName: string }[];
      }
    ).content[0];
    expect(car).toBeTruthy();
    const before = await unreadCount(admin.userId, adminToken);

    // The staff member's dashboard, open on a desktop.
    const staff = await browser.newPage();
    const listening = subscriptionConfirmed(staff);
    await signIn(staff, server.url, server.adminUsername, server.adminPassword);
    await bell(staff, before).waitFor();
    await listening;
    await staff.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    // A visitor on a 360 px phone: car page -> "Đăng ký lái thử".
    const visitor = await phonePage();
    await visitor.goto(`${server.url}/cars/${car.carId}`);
    await visitor.locator('main').getByRole('link', { name: 'Đăng ký lái thử' }).first().click();
    await visitor.waitForURL(`${server.url}/testdrive?carId=${car.carId}`);
    await visitor.getByRole('heading', { level: 1, name: 'Đăng ký lái thử' }).waitFor();
    expect(await visitor.getByTestId('chosen-car').textContent()).toBe(car.carName);
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await visitor.getByLabel('Ngày lái thử').fill(typedTomorrow());
    await visitor.getByText(`Đã chọn: `, { exact: false }).waitFor();
    await visitor.getByText('09:30', { exact: true }).click();
    expect(await visitor.getByRole('radio', { name: '09:30' }).isChecked()).toBe(true);
    await visitor.getByLabel('Họ và tên').fill('Phan Thị Thu Thảo');
    await visitor.getByLabel('Số điện thoại').fill('+84 912 345 678');
    await visitor.getByLabel('Ghi chú').fill('Muốn lái thử đường trường.');
    const submit = visitor.getByRole('button', { name: 'Đăng ký lái thử' });
    expect((await submit.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    // A double click makes one lead (one idempotency key per form).
    await submit.dblclick();
    await visitor.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    const reference = await visitor.locator('dd.font-mono').textContent();
    expect(reference).toMatch(/^LT-/);
    await visitor.getByText(`${formatDate(`${tomorrow()}T00:00:00+07:00`)} lúc 09:30`).waitFor();
    // What the booking is, in the words of the e-mail and the .ics, and the licence to bring.
    expect(await visitor.getByTestId('booking-status-note').textContent()).toBe(BOOKING_PENDING_NOTE);
    expect(await visitor.getByTestId('licence-note').textContent()).toBe(TEST_DRIVE_LICENCE_NOTE);

    const created = await leadsNamed('test-drives', 'Phan Thị Thu Thảo');
    expect(created.totalElements).toBe(1);
    const lead = created.content[0];
    expect(lead).toMatchObject({ phone: '0912345678', carId: car.carId, status: 'NEW', timeSlot: '09:30' });

    // The staff member's badge rises by one without a reload, and a toast names the customer.
    await bell(staff, before + 1).waitFor();
    await staff.locator('[data-sonner-toast]', { hasText: 'Phan Thị Thu Thảo' }).first().waitFor();
    expect(await staff.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );

    // The dropdown toggles; the notification carries the Vietnamese time and opens the lead.
    await bell(staff, before + 1).click();
    const panel = staff.getByRole('region', { name: 'Danh sách thông báo' });
    await panel.waitFor();
    expect(await panel.locator('li').count()).toBeLessThanOrEqual(10);
    const item = panel.getByRole('button', { name: /Phan Thị Thu Thảo đăng ký lái thử/ });
    expect(await item.textContent()).toMatch(/Vào lúc \d{2}:\d{2} ngày \d{2} tháng \d{2} năm \d{4}/);
    await bell(staff, before + 1).click();
    await panel.waitFor({ state: 'hidden' });
    await bell(staff, before + 1).click();
    await item.click();

    await staff.waitForURL(`${server.url}/dashboard/testdriveManagement?id=${lead.leadId}`);
    const drawer = staff.getByRole('dialog', { name: 'Phan Thị Thu Thảo' });
    await drawer.waitFor();
    await bell(staff, before).waitFor();
    expect(await unreadCount(admin.userId, adminToken)).toBe(before);
    await drawer.getByText(car.carName, { exact: false }).first().waitFor();

    await drawer.getByRole('button', { name: 'Chuyển sang Đã liên hệ' }).click();
    await staff.getByText('Đã chuyển sang "Đã liên hệ"').waitFor();
    const history = drawer.getByRole('list', { name: 'Lịch sử xử lý' });
    await history.getByText('Chuyển trạng thái từ "Mới" sang "Đã liên hệ"').waitFor();
    await history
      .getByText(new RegExp(`^${admin.name} · `))
      .first()
      .waitFor();
    const detail = (await api.call('GET', `test-drives/admin/${lead.leadId}`, { token: adminToken }))
      .json as LeadDetail;
    expect(detail.status).toBe('CONTACTED');
    await bell(staff, before).waitFor();
    expect(await staff.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );

    // Closing the drawer drops ?id= and leaves the table, where the row now reads Đã liên hệ.
    await drawer.getByRole('button', { name: 'Đóng' }).click();
    await staff.waitForURL(`${server.url}/dashboard/testdriveManagement`);
    const row = staff.locator('tbody tr', { hasText: 'Phan Thị Thu Thảo' });
    await row.getByText('Đã liên hệ').waitFor();
  });

  it('shows an empty bell to a staff member with no notifications', async () => {
    const blogger = await api.createStaff(adminToken, ['MANAGE_BLOG'], { fullName: 'Võ Thị Tin Tức' });
    const page = await phonePage();
    await signIn(page, server.url, blogger.username, blogger.password);
    const button = bell(page, 0);
    await button.waitFor();
    expect(await page.getByTestId('notification-badge').count()).toBe(0);
    await button.click();
    await page.getByText('No new notifications').waitFor();
    await button.click();
    await page.getByText('No new notifications').waitFor({ state: 'hidden' });
  });
});

describe('public forms on a phone', () => {
  it('test drive: Vietnamese messages, a car picked from the list, success', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/testdrive`);
    await page.getByRole('heading', { level: 1, name: 'Đăng ký lái thử' }).waitFor();
    // The honeypot is out of sight and out of the accessibility tree.
    const trap = page.locator('#website-field');
    expect(((await trap.boundingBox())?.x ?? 0) < 0).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Website' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    for (const message of [
      'Vui lòng chọn xe',
      'Vui lòng chọn ngày',
      'Vui lòng chọn khung giờ',
      'Vui lòng nhập họ và tên',
      'Vui lòng nhập số điện thoại',
    ])
      await page.getByText(message, { exact: true }).waitFor();
    await page.getByLabel('Số điện thoại').fill('12345');
    await page.getByLabel('Họ và tên').click();
    await page.getByText('Số điện thoại không hợp lệ', { exact: true }).waitFor();

    // Pick a car by searching the visible cars.
    const list = page.getByRole('list', { name: 'Danh sách xe' });
    const first = list.getByRole('button').first();
    const name = (await first.getByTestId('car-name').textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Tìm xe' }).fill(name.split(' ').slice(0, 2).join(' '));
    // The button says "Chọn xe", then what it shows: name, year and kilometres, price.
    const exactName = new RegExp(`^Chọn xe ${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\d{4}`);
    await list.getByRole('button', { name: exactName }).click();
    await page.getByTestId('chosen-car').getByText(name, { exact: true }).waitFor();

    await page.getByLabel('Ngày lái thử').fill(typedTomorrow());
    await page.getByText('15:00', { exact: true }).click();
    await page.getByLabel('Họ và tên').fill('Đinh Công Minh');
    await page.getByLabel('Số điện thoại').fill('0987 654 321');
    await page.getByLabel('Email').fill('minh.dinh@example.com');
    await page.getByRole('button', { name: 'Đăng ký lái thử' }).click();
    await page.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    await page.locator('dd', { hasText: name }).waitFor();
    expect((await leadsNamed('test-drives', 'Đinh Công Minh')).totalElements).toBe(1);

    // Another booking gets a fresh form (and a fresh key) with the contact details kept.
    await page.getByRole('button', { name: 'Đăng ký lái thử xe khác' }).click();
    expect(await page.getByLabel('Họ và tên').inputValue()).toBe('Đinh Công Minh');
  });

  it('maintenance: plate, odometer and service type; success', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/maintenance`);
    await page.getByRole('heading', { level: 1, name: 'Đặt lịch bảo dưỡng xe' }).waitFor();
    await page.getByRole('button', { name: 'Đặt lịch bảo dưỡng' }).click();
    for (const message of [
      'Vui lòng nhập biển số xe',
      'Vui lòng nhập hãng xe',
      'Vui lòng nhập dòng xe',
      'Vui lòng nhập năm sản xuất',
      'Vui lòng nhập số km đã đi',
      'Vui lòng chọn loại dịch vụ',
      'Vui lòng chọn ngày',
    ])
      await page.getByText(message, { exact: true }).waitFor();

    const plate = page.getByLabel('Biển số xe');
    await plate.fill('ABC');
    await page.getByLabel('Hãng xe').click();
    await page.getByText('Biển số xe không hợp lệ (ví dụ: 30A-123.45 hoặc 51G-12345)').waitFor();
    await plate.fill('51g 12345');
    await page.getByLabel('Hãng xe').click();
    expect(await plate.inputValue()).toBe('51G-123.45');

    await page.getByLabel('Hãng xe').fill('Toyota');
    await page.getByLabel('Dòng xe').fill('Vios');
    await page.getByLabel('Năm sản xuất').selectOption('2019');
    const odo = page.getByLabel('Số km đã đi');
    await odo.pressSequentially('45a000');
    expect(await odo.inputValue()).toBe('45.000');
    await page.getByText('Bảo dưỡng định kỳ', { exact: true }).click();
    await page.getByLabel('Ngày mang xe đến').fill(typedTomorrow());
    await page.getByLabel('Họ và tên').fill('Trương Văn Bảo');
    await page.getByLabel('Số điện thoại').fill('0903 111 222');
    await page.getByRole('button', { name: 'Đặt lịch bảo dưỡng' }).click();
    await page.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    expect(await page.locator('dd.font-mono').textContent()).toMatch(/^BD-/);

    const found = await leadsNamed('maintenance', 'Trương Văn Bảo');
    expect(found.totalElements).toBe(1);
    expect(found.content[0]).toMatchObject({
      licencePlate: '51G-123.45',
      make: 'Toyota',
      model: 'Vios',
      year: 2019,
      odometer: 45000,
      serviceType: 'PERIODIC',
      timeSlot: null,
      preferredDate: tomorrow(),
    });
  });

  it('consulting: topic and e-mail required; success', async () => {
    const page = await phonePage();
    await page.goto(`${server.url}/consulting`);
    await page.getByRole('heading', { level: 1, name: 'Yêu cầu tư vấn' }).waitFor();
    await page.getByLabel('Email').fill('khong-phai-email');
    await page.getByRole('button', { name: 'Gửi yêu cầu tư vấn' }).click();
    for (const message of [
      'Vui lòng chọn nội dung cần tư vấn',
      'Vui lòng nhập nội dung',
      'Vui lòng nhập họ và tên',
      'Email không hợp lệ',
    ])
      await page.getByText(message, { exact: true }).waitFor();

    await page.getByText('Trả góp', { exact: true }).click();
    await page.getByLabel('Nội dung').fill('Tôi muốn trả góp 3 năm, trả trước 30%.');
    await page.getByLabel('Họ và tên').fill('Mai Thị Hồng Nhung');
    await page.getByLabel('Số điện thoại').fill('0977 888 999');
    await page.getByLabel('Email').fill('nhung.mai@example.com');
    await page.getByRole('button', { name: 'Gửi yêu cầu tư vấn' }).click();
    await page.getByRole('heading', { name: 'Gửi thành công!' }).waitFor();
    expect(await page.locator('dd.font-mono').textContent()).toMatch(/^TV-/);
    const found = await leadsNamed('consulting', 'Mai Thị Hồng Nhung');
    expect(found.totalElements).toBe(1);
    expect(found.content[0]).toMatchObject({ topic: 'INSTALLMENT', email: 'nhung.mai@example.com' });
  });
});

describe('service management', () => {
  it('pages by 5, filters by search, status and date; assigns, notes and cancels in the drawer', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);

    await page.goto(`${server.url}/dashboard/testdriveManagement`);
    await page.getByRole('heading', { level: 1, name: 'Quản lý lái thử' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    const all = (await api.call('GET', 'test-drives/admin', { token: adminToken })).json as LeadPage;
    expect(all.size).toBe(5);
    expect(await page.locator('tbody tr').count()).toBe(Math.min(5, all.totalElements));
    if (all.totalPages > 1) await page.getByRole('button', { name: 'Trang 2' }).waitFor();

    // Maintenance: search, date range on the booked day, status.
    await page.goto(`${server.url}/dashboard/maintenanceManagement`);
    await page.getByRole('heading', { level: 1, name: 'Quản lý bảo dưỡng' }).waitFor();
    await page.getByRole('searchbox', { name: 'Tìm yêu cầu' }).fill('truong van bao');
    const row = page.locator('tbody tr', { hasText: 'Trương Văn Bảo' });
    await row.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await row.getByText(formatDate(`${tomorrow()}T00:00:00+07:00`)).waitFor();
    await row.getByText('Ngày mai').waitFor();
    await page.getByLabel('Ngày hẹn từ').fill(typedTomorrow());
    await page.getByLabel('Ngày hẹn đến').fill(typedTomorrow());
    await page.waitForURL(/from=.*&to=|to=.*&from=/);
    await row.waitFor();
    await page.getByLabel('Lọc theo trạng thái').selectOption('DONE');
    await page.locator('table').getByText('Không có yêu cầu phù hợp').waitFor();
    await page.getByLabel('Lọc theo trạng thái').selectOption('NEW');
    await row.waitFor();

    // The drawer: take the lead, write a note, cancel it (with a confirmation).
    await row.getByRole('button', { name: /^Xem yêu cầu BD-/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Trương Văn Bảo' });
    await drawer.waitFor();
    await drawer.getByText('51G-123.45').waitFor();
    await drawer.getByLabel('Nhân viên phụ trách').selectOption(String(admin.userId));
    await page.getByText(`Đã giao cho ${admin.name}`).waitFor();
    await drawer.getByRole('list', { name: 'Lịch sử xử lý' }).getByText(`Giao cho ${admin.name}`).waitFor();

    await drawer.getByRole('button', { name: 'Thêm ghi chú' }).click();
    await drawer.getByText('Vui lòng nhập ghi chú').waitFor();
    await drawer.getByLabel('Ghi chú mới').fill('Khách muốn thay dầu và kiểm tra phanh.');
    await drawer.getByRole('button', { name: 'Thêm ghi chú' }).click();
    await drawer
      .getByRole('list', { name: 'Lịch sử xử lý' })
      .getByText('Khách muốn thay dầu và kiểm tra phanh.')
      .waitFor();

    await drawer.getByRole('button', { name: 'Hủy yêu cầu' }).click();
    const confirm = page.getByRole('dialog', { name: 'Hủy yêu cầu này?' });
    await confirm.getByRole('button', { name: 'Quay lại' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: 'Hủy yêu cầu' }).click();
    await confirm.getByRole('button', { name: 'Hủy yêu cầu' }).click();
    await drawer.getByText('Yêu cầu đã bị hủy.').waitFor();
    expect(await drawer.getByRole('button', { name: /^Chuyển sang/ }).count()).toBe(0);
    const found = (await leadsNamed('maintenance', 'Trương Văn Bảo')).content[0];
    expect(found).toMatchObject({ status: 'CANCELLED', assignee: { userId: admin.userId } });

    // A lead opens straight from its address (the notification link).
    const consult = (await leadsNamed('consulting', 'Mai Thị Hồng Nhung')).content[0];
    await page.goto(`${server.url}/dashboard/consultantManagement?id=${consult.leadId}`);
    const consultDrawer = page.getByRole('dialog', { name: 'Mai Thị Hồng Nhung' });
    await consultDrawer.waitFor();
    await consultDrawer.getByText('Tôi muốn trả góp 3 năm, trả trước 30%.').waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL(`${server.url}/dashboard/consultantManagement`);
  });

  it('refuses the pages to a staff member without MANAGE_SERVICE', async () => {
    const blogger = await api.createStaff(adminToken, ['MANAGE_BLOG']);
    const page = await browser.newPage();
    await signIn(page, server.url, blogger.username, blogger.password);
    await page.goto(`${server.url}/dashboard/testdriveManagement`);
    await page.getByText('Bạn không có quyền truy cập vào trang này!').waitFor();
  });
});
