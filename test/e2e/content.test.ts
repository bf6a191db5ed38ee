import type { BlogSummary } from '@contract/blogs';
import type { Page as Paged } from '@contract/common';
import type { RecruitmentView } from '@contract/recruitment';
import type { SliderView } from '@contract/sliders';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type apiClient,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
} from './helpers';

const journey = journeyFixture(import.meta.url);
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
beforeAll(() => {
  ({ server, browser, api, adminToken } = journey);
});

/** A picture made on the spot (no file on disk, nothing downloaded). */
function png(width: number, height: number, color: string) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A one-page PDF, enough for the server's content check (%PDF- at byte 0). */
function pdf(text: string) {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

const mainNav = (page: Page) => page.locator('header').getByRole('navigation', { name: 'Điều hướng chính' });

describe('site shell', () => {
  it('keeps a hover submenu open 100 ms after the pointer leaves and closes it after 200 ms', async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto(`${server.url}/about`);
    const nav = mainNav(page);
    const compare = nav.getByRole('link', { name: 'So sánh xe' });
    expect(await compare.isVisible()).toBe(false);

    await nav.getByRole('link', { name: 'Mua xe', exact: true }).hover();
    await compare.waitFor({ state: 'visible' });
    // Freeze the page's timers, leave, then move time by hand.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await page.mouse.move(5, 700);
    await page.clock.runFor(100);
    expect(await compare.isVisible()).toBe(true);
    await page.clock.runFor(120);
    await compare.waitFor({ state: 'hidden' });

    // Coming back before the delay keeps it open.
    await nav.getByRole('link', { name: 'Dịch vụ', exact: true }).hover();
    const testDrive = nav.getByRole('link', { name: 'Đăng ký lái thử' });
    await testDrive.waitFor({ state: 'visible' });
    await page.mouse.move(5, 700);
    await page.clock.runFor(150);
    await nav.getByRole('link', { name: 'Dịch vụ', exact: true }).hover();
    await page.clock.runFor(300);
    expect(await testDrive.isVisible()).toBe(true);
  });

  it('opens the slide-in menu on a 360 px phone, keeps focus inside, and navigates', async () => {
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/`);
    const menu = page.locator('#public-mobile-menu');
    expect(await mainNav(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Mở menu' }).click();
    await menu.waitFor({ state: 'visible' });
    // Focus is trapped in the modal: tabbing many times never leaves it.
    for (let i = 0; i < 20; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#public-mobile-menu') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Mở menu' }).click();
    await menu.getByRole('link', { name: 'Tin tức' }).click();
    await page.waitForURL(`${server.url}/blogs`);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Tin tức ô tô' }).waitFor();
  });

  it('shows new footer values after the web configuration changes', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/about`);
    const footer = page.locator('footer');
    await footer.getByText('268 Nguyễn Văn Linh', { exact: false }).waitFor();

    const res = await api.call('PUT', 'web-configuration', {
      token: adminToken,
      body: {
        showroomAddress: '12 Lê Lợi, Phường Bến Nghé, TP. Hồ Chí Minh',
        showroomPhone: '028 3822 9999',
        showroomEmail: 'hotro@autoviet.vn',
      },
    });
    expect(res.status).toBe(200);

    await page.reload();
    await footer.getByText('12 Lê Lợi, Phường Bến Nghé', { exact: false }).waitFor();
    expect(await footer.getByRole('link', { name: '028 3822 9999' }).getAttribute('href')).toBe(
      'tel:02838229999',
    );
    expect(await footer.getByRole('link', { name: 'hotro@autoviet.vn' }).getAttribute('href')).toBe(
      'mailto:hotro@autoviet.vn',
    );
    expect(await footer.getByText('268 Nguyễn Văn Linh', { exact: false }).count()).toBe(0);
    // The about page's contact block reads the same settings.
    await page.locator('#visit-title').waitFor();
    expect(await page.locator('main').getByText('12 Lê Lợi, Phường Bến Nghé', { exact: false }).count()).toBe(
      1,
    );
  });

  it('gives every content page one h1, alt text on every image, lang vi and no sideways scroll at 360 px', async () => {
    const posts = (await api.call('GET', 'blogs', { query: { size: 1 } })).json as Paged<BlogSummary>;
    const jobs = (await api.call('GET', 'recruitments')).json as RecruitmentView[];
    const paths = [
      '/',
      '/about',
      '/services',
      '/blogs',
      `/blogs/${posts.content[0].blogId}`,
      '/recruitment',
      `/recruitment?id=${jobs[0].recruitmentId}`,
    ];
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    for (const path of paths) {
      await page.goto(`${server.url}${path}`);
      await page.locator('h1').first().waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const facts = await page.evaluate(() => ({
        lang: document.documentElement.lang,
        h1: document.querySelectorAll('h1').length,
        noAlt: [...document.querySelectorAll('img')].filter((i) => !i.getAttribute('alt')?.trim()).length,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      }));
      expect({ path, ...facts }).toEqual({ path, lang: 'vi', h1: 1, noAlt: 0, overflow: 0 });
    }
  });
});

describe('banners', () => {
  it('shows the banners as a carousel, and a banner hidden in the dashboard leaves the home page', async () => {
    const sliders = (await api.call('GET', 'overview/sliders')).json as SliderView[];
    expect(sliders.length).toBeGreaterThan(1);
    const target = sliders[1];

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/`);
    const carousel = visitor.locator('[aria-roledescription="carousel"]');
    await carousel.waitFor();
    expect(await carousel.textContent()).toContain(target.title);
    // First picture loads at once with high priority, inside a box of fixed ratio.
    const first = carousel.locator('img').first();
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    expect(await first.getAttribute('loading')).toBe('eager');
    expect(await first.getAttribute('srcset')).toContain('960w');
    // Arrows and dots.
    const dots = carousel.getByRole('button', { name: /^Banner \d+:/ });
    expect(await dots.count()).toBe(sliders.length);
    expect(await dots.nth(0).getAttribute('aria-current')).toBe('true');
    await carousel.getByRole('button', { name: 'Banner tiếp theo' }).click();
    await visitor.waitForFunction(() =>
      document
        .querySelectorAll('[aria-roledescription="slide"]:not([aria-hidden])')[0]
        ?.getAttribute('aria-label')
        ?.startsWith('2 /'),
    );
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');

    const staff = await browser.newPage();
    await signIn(staff, server.url, server.adminUsername, server.adminPassword);
    await staff.getByRole('link', { name: 'Quản lý banner' }).first().click();
    await staff.getByRole('heading', { level: 1, name: 'Quản lý banner' }).waitFor();
    const row = staff.locator('tbody tr', { hasText: target.title });
    await row.getByText('Đang hiện').waitFor();
    await row.getByRole('button', { name: `Ẩn banner ${target.title}` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Ẩn banner?' });
    await dialog.getByRole('button', { name: 'Ẩn banner' }).click();
    await row.getByText('Đã ẩn').waitFor();

    await visitor.reload();
    await carousel.waitFor();
    await visitor.waitForFunction(
      (n) => document.querySelectorAll('[aria-roledescription="slide"]').length === n,
      sliders.length - 1,
    );
    expect(await carousel.textContent()).not.toContain(target.title);
    expect(await carousel.textContent()).toContain(sliders[0].title);

    // And back again.
    await row.getByRole('button', { name: `Hiện banner ${target.title}` }).click();
    await staff
      .getByRole('dialog', { name: 'Hiện banner?' })
      .getByRole('button', { name: 'Hiện banner' })
      .click();
    await row.getByText('Đang hiện').waitFor();
  });

  it('adds a banner with an image from the dashboard', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/sliders/add`);
    await page.getByRole('heading', { level: 1, name: 'Thêm banner' }).waitFor();
    await page.getByRole('button', { name: 'Thêm banner' }).click();
    await page.getByText('Vui lòng chọn ảnh banner').waitFor();
    await page.locator('#slider-image').setInputFiles({
      name: 'banner.png',
      mimeType: 'image/png',
      buffer: await png(1600, 640, '#1d4ed8'),
    });
    await page.getByRole('img', { name: /Ảnh xem trước/ }).waitFor();
    await page.getByLabel('Tiêu đề').fill('Tuần lễ xe gầm cao giảm đến 30 triệu');
    await page.getByLabel('Liên kết').fill('/cars?bodyType=SUV');
    await page.getByLabel('Chữ trên nút').fill('Xem SUV');
    await page.getByLabel('Thứ tự').fill('0');
    await page.getByRole('button', { name: 'Thêm banner' }).click();
    await page.getByText('Đã thêm banner').waitFor();
    await page.waitForURL(`${server.url}/dashboard/sliders`);

    const home = await browser.newPage();
    await home.goto(`${server.url}/`);
    const carousel = home.locator('[aria-roledescription="carousel"]');
    await carousel.getByText('Tuần lễ xe gầm cao giảm đến 30 triệu').first().waitFor({ state: 'attached' });
    expect(await carousel.getByRole('link', { name: 'Xem SUV' }).getAttribute('href')).toBe(
      '/cars?bodyType=SUV',
    );
  });
});

describe('news', () => {
  it('publishes a post with a cover and a picture in the body, shown on /blogs and the home page', async () => {
    const title = 'Xe điện đã qua sử dụng: có nên mua trong năm nay?';
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/blogs`);
    await page.getByRole('link', { name: 'Thêm bài viết' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thêm bài viết' }).waitFor();

    await page.getByRole('button', { name: 'Đăng bài viết' }).click();
    await page.getByText('Vui lòng nhập nội dung').waitFor();

    await page.getByLabel('Tiêu đề', { exact: true }).fill(title);
    await page
      .getByLabel('Tóm tắt')
      .fill('Pin, bảo hành và giá bán lại: ba điều cần biết trước khi xuống tiền.');
    await page.getByLabel('Chuyên mục').selectOption('CAR_REVIEW');
    await page.locator('#blog-image').setInputFiles({
      name: 'bia.png',
      mimeType: 'image/png',
      buffer: await png(1200, 675, '#0f766e'),
    });
    const editor = page.getByRole('textbox', { name: 'Nội dung' });
    await editor.click();
    await page.getByRole('button', { name: 'Tiêu đề lớn' }).click();
    await page.keyboard.type('Kiểm tra pin trước tiên');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Sức khỏe pin quyết định phần lớn giá trị của một chiếc xe điện cũ.');
    await page.keyboard.press('Enter');
    await page.getByTestId('editor-image-input').setInputFiles({
      name: 'pin.png',
      mimeType: 'image/png',
      buffer: await png(800, 450, '#f59e0b'),
    });
    await editor.locator('img[src^="/api/uploads/"]').waitFor();
    await page.getByRole('button', { name: 'Đăng bài viết' }).click();
    await page.getByText(`Đã thêm bài viết "${title}"`).waitFor();
    await page.waitForURL(`${server.url}/dashboard/blogs`);
    const row = page.locator('tbody tr', { hasText: title });
    await row.getByText('Đang hiện').waitFor();
    // The edit form starts with the saved body in the editor.
    await row.getByRole('link', { name: `Sửa bài viết ${title}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Sửa bài viết' }).waitFor();
    await editor.getByRole('heading', { level: 2, name: 'Kiểm tra pin trước tiên' }).waitFor();
    await editor.locator('img[src^="/api/uploads/"]').waitFor();
    await page.getByRole('link', { name: 'Danh sách bài viết' }).click();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/blogs`);
    const card = visitor.locator('article', { hasText: title });
    await card.waitFor();
    const cover = card.locator('img');
    expect(await cover.getAttribute('srcset')).toContain('w,');
    expect(await cover.getAttribute('alt')).toBe(title);
    await visitor.waitForFunction(
      (t) =>
        [...document.querySelectorAll('article')]
          .find((a) => a.textContent?.includes(t))
          ?.querySelector('img')?.naturalWidth ?? 0,
      title,
    );
    // Category tab.
    await visitor
      .getByRole('navigation', { name: 'Chuyên mục tin tức' })
      .getByRole('link', { name: /^Đánh giá xe/ })
      .click();
    await visitor.waitForURL(/category=car-review/);
    await visitor.locator('article', { hasText: title }).waitFor();

    await visitor.locator('article', { hasText: title }).getByRole('link').click();
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Kiểm tra pin trước tiên' }).waitFor();
    const inline = visitor.locator('main article img[src^="/api/uploads/"]').last();
    expect(await inline.getAttribute('alt')).toBeTruthy();
    await visitor.getByRole('heading', { name: 'Bài viết liên quan' }).waitFor();

    await visitor.goto(`${server.url}/`);
    const news = visitor.locator('section', {
      has: visitor.getByRole('heading', { level: 2, name: 'Tin tức' }),
    });
    await news.getByRole('link', { name: title }).waitFor();
    expect(await news.locator('article').count()).toBe(4);
  });
});

describe('recruitment', () => {
  it('applies to a job with a PDF, and staff find the candidate in the dashboard', async () => {
    const jobs = (await api.call('GET', 'recruitments')).json as RecruitmentView[];
    const job = jobs[0];
    const page = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto(`${server.url}/recruitment`);
    await page.getByText('Toàn thời gian').first().waitFor();
    await page.getByRole('link', { name: job.title }).click();
    await page.waitForURL(/\/recruitment\?id=\d+/);
    await page.getByRole('heading', { level: 2, name: job.title }).waitFor();

    const form = page.getByRole('form', { name: `Ứng tuyển: ${job.title}` });
    await form.getByRole('button', { name: 'Nộp hồ sơ' }).click();
    await form.getByText('Vui lòng đính kèm CV (PDF hoặc .docx)').waitFor();
    await form.getByLabel('Họ và tên').fill('Đỗ Minh Khoa');
    await form.getByLabel('Số điện thoại').fill('0912 345 678');
    await form.getByLabel('Email').fill('khoa.do@example.com');
    await form.getByLabel('Thư giới thiệu').fill('Tôi có 3 năm kinh nghiệm tư vấn bán ô tô.');
    // A text file named .pdf is refused on the client, like on the server.
    await form.locator('input[type="file"]').setInputFiles({
      name: 'cv.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('không phải pdf'),
    });
    await form.getByText('CV phải là tệp PDF hoặc Word (.docx)').waitFor();
    await form.locator('input[type="file"]').setInputFiles({
      name: 'CV Đỗ Minh Khoa.pdf',
      mimeType: 'application/pdf',
      buffer: pdf('Do Minh Khoa'),
    });
    await form.getByText('CV Đỗ Minh Khoa.pdf').waitFor();
    await form.getByRole('button', { name: 'Nộp hồ sơ' }).click();
    await page.getByText('Ứng tuyển thành công!').waitFor();

    const staff = await browser.newPage();
    await signIn(staff, server.url, server.adminUsername, server.adminPassword);
    await staff.goto(`${server.url}/dashboard/candidates`);
    await staff.getByRole('heading', { level: 1, name: 'Ứng viên' }).waitFor();
    await staff.getByLabel('Lọc theo tin tuyển dụng').selectOption(String(job.recruitmentId));
    await staff.waitForURL(new RegExp(`recruitmentId=${job.recruitmentId}`));
    const row = staff.locator('tbody tr', { hasText: 'Đỗ Minh Khoa' });
    await row.getByText('Mới').waitFor();
    await staff.getByLabel('Lọc theo trạng thái').selectOption('NEW');
    await row.waitFor();

    const [download] = await Promise.all([
      staff.waitForEvent('download'),
      row.getByRole('button', { name: 'Tải CV của Đỗ Minh Khoa' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await download.path();
    expect(saved).toBeTruthy();

    await staff.getByLabel('Lọc theo trạng thái').selectOption('');
    await row.getByRole('button', { name: 'Xem hồ sơ Đỗ Minh Khoa' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Đỗ Minh Khoa' });
    await dialog.getByText('Tôi có 3 năm kinh nghiệm tư vấn bán ô tô.').waitFor();
    await dialog.getByLabel('Trạng thái hồ sơ').selectOption('INTERVIEW');
    await dialog.getByRole('button', { name: 'Cập nhật trạng thái' }).click();
    await staff.getByText('Đã chuyển Đỗ Minh Khoa sang "Phỏng vấn"').waitFor();
    await dialog.getByRole('button', { name: 'Đóng' }).click();
    await row.getByText('Phỏng vấn').waitFor();

    // The CV address is not public.
    const candidates = (await api.call('GET', 'candidates', { token: adminToken, query: { search: 'Khoa' } }))
      .json as Paged<{ candidateId: number }>;
    expect((await api.call('GET', `candidates/${candidates.content[0].candidateId}/cv`)).status).toBe(401);
  });

  it('adds a posting with a salary range and a deadline, then closes it', async () => {
    const page = await browser.newPage();
    await signIn(page, server.url, server.adminUsername, server.adminPassword);
    await page.goto(`${server.url}/dashboard/recruitment`);
    await page.getByRole('heading', { level: 1, name: 'Quản lý tuyển dụng' }).waitFor();
    await page.getByRole('button', { name: 'Thêm tin tuyển dụng' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm tin tuyển dụng' });
    await dialog.getByLabel('Tiêu đề').fill('Tuyển nhân viên chăm sóc khách hàng');
    await dialog.getByLabel('Vị trí').fill('Chăm sóc khách hàng');
    await dialog.getByLabel('Nơi làm việc').fill('Quận 7, TP. Hồ Chí Minh');
    await dialog.getByLabel('Loại công việc').selectOption('PART_TIME');
    const min = dialog.getByLabel('Lương tối thiểu');
    await min.pressSequentially('8000000');
    expect(await min.inputValue()).toBe('8.000.000');
    await dialog.getByLabel('Lương tối đa').pressSequentially('6000000');
    await dialog
      .getByLabel('Mô tả công việc')
      .fill('Gọi điện hỏi thăm khách sau mua xe.\nNhắc lịch bảo dưỡng.');
    await dialog.getByLabel('Yêu cầu').fill('Giọng nói dễ nghe, kiên nhẫn.');
    await dialog.getByRole('button', { name: 'Thêm tin tuyển dụng' }).click();
    await dialog.getByText('Lương tối đa phải lớn hơn hoặc bằng lương tối thiểu').waitFor();
    await dialog.getByLabel('Lương tối đa').fill('');
    await dialog.getByLabel('Lương tối đa').pressSequentially('10000000');
    await dialog.getByRole('button', { name: 'Thêm tin tuyển dụng' }).click();
    await page.getByText('Đã thêm tin "Tuyển nhân viên chăm sóc khách hàng"').waitFor();

    const row = page.locator('tbody tr', { hasText: 'Tuyển nhân viên chăm sóc khách hàng' });
    await row.getByText('Bán thời gian').waitFor();
    await row.getByText('Hoạt động').waitFor();
    await row.getByText('8 triệu - 10 triệu').waitFor();

    const visitor = await browser.newPage();
    await visitor.goto(`${server.url}/recruitment?type=part_time`);
    await visitor.getByRole('link', { name: 'Tuyển nhân viên chăm sóc khách hàng' }).waitFor();

    await row.getByRole('button', { name: 'Đóng tin Tuyển nhân viên chăm sóc khách hàng' }).click();
    await page
      .getByRole('dialog', { name: 'Đóng tin tuyển dụng?' })
      .getByRole('button', { name: 'Đóng tin' })
      .click();
    await row.getByText('Đã đóng').waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { level: 2, name: /Vị trí đang tuyển/ }).waitFor();
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.getByRole('link', { name: 'Tuyển nhân viên chăm sóc khách hàng' }).count()).toBe(0);
  });
});
