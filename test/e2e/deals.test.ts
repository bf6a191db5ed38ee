import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarSummary } from '../../src/contract/cars';
import type { ReservationAdminView } from '../../src/contract/reservations';
import {
  type apiClient,
  axeScan,
  DESKTOP,
  journeyFixture,
  PHONE,
  type RunningBrowser,
  type RunningServer,
  signIn,
  TOASTS,
} from './helpers';

// A sales person walks a deal from a paid reservation to "Hoàn tất sang tên" and downloads its PDFs.

const journey = journeyFixture(import.meta.url);
const SHOTS = '/tmp/shots-deals';
let server: RunningServer;
let browser: RunningBrowser;
let api: ReturnType<typeof apiClient>;
let adminToken: string;
const downloads = mkdtempSync(join(tmpdir(), 'deal-e2e-pdf-'));

beforeAll(async () => {
  ({ server, browser, api, adminToken } = journey);
  mkdirSync(SHOTS, { recursive: true });
});

/** A car on sale held by a visitor's reservation whose deposit staff confirmed: its code. */
async function paidReservation(): Promise<{ code: string; car: CarSummary }> {
  const list = (await api.call('GET', 'cars', { query: { sort: 'price_asc', pageSize: 24 } })).json as {
    content: CarSummary[];
  };
  const car = list.content.find((c) => c.status === 'available');
  if (!car) throw new Error('no car on sale in the demo showroom');
  const made = await api.call('POST', 'reservations', {
    body: { carId: car.carId, fullName: 'Lê Thị Thu Hà', phone: '0934 567 890', email: 'thuha@example.com' },
  });
  expect(made.status, made.body).toBe(201);
  const code = (made.json as { code: string }).code;
  const found = (await api.call('GET', 'reservations/admin', { token: adminToken, query: { search: code } }))
    .json as { content: ReservationAdminView[] };
  const paid = await api.call('POST', `reservations/admin/${found.content[0].reservationId}/mark-paid`, {
    token: adminToken,
    body: { bankReference: 'FT26112801' },
  });
  expect(paid.status, paid.body).toBe(200);
  return { code, car };
}

async function step(page: Page, button: string, status: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.locator('[aria-current="step"]', { hasText: status }).waitFor();
}

/** Downloads one document from the deal page and returns its text as pdftotext reads it. */
async function pdfText(page: Page, label: string): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Tải PDF ${label}` }).click(),
  ]);
  const file = join(downloads, download.suggestedFilename());
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .normalize('NFC')
    .replace(/\s+/g, ' ');
}

describe('a deal from a reservation to the ownership transfer', () => {
  it('starts from the reservation, moves through every status, records the sale, and prints its documents', async () => {
    const { code, car } = await paidReservation();
    const page = await browser.newPage({ viewport: DESKTOP });
    await signIn(page, server.url, server.adminUsername, server.adminPassword);

    // One click from the reservation: its drawer opens the new deal with the car and the buyer filled in.
    await page.goto(`${server.url}/dashboard/reservations`);
    const row = page.locator('tbody tr', { hasText: code });
    await row.getByRole('button', { name: /Xem đặt cọc/ }).click();
    await page.getByTestId('reservation-drawer').getByRole('link', { name: 'Lập giao dịch' }).click();
    await page.waitForURL(/\/dashboard\/deals\/new\?reservationCode=/);
    await expect.poll(() => page.getByLabel('Họ tên khách hàng').inputValue()).toBe('Lê Thị Thu Hà');
    expect(await page.getByLabel('Xe', { exact: true }).inputValue()).toBe(String(car.carId));
    await page.getByLabel('Số CCCD', { exact: true }).fill('079190001234');
    await page.getByLabel('Địa chỉ', { exact: true }).fill('45 Trần Hưng Đạo, Quận 5, TP. Hồ Chí Minh');
    await page.getByRole('button', { name: 'Lập giao dịch' }).click();
    await page.waitForURL(/\/dashboard\/deals\/\d+$/);
    const title = page.getByRole('heading', { level: 1, name: /^Giao dịch GD/ });
    await title.waitFor();
    const heading = await title.innerText();
    const dealCode = /GD[2-9A-Z]{6}/.exec(heading)?.[0];
    expect(dealCode).toBeTruthy();
    await page.locator('[aria-current="step"]', { hasText: 'Báo giá' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/deal-1366.png`, fullPage: true });
    expect(await axeScan(page, { exclude: [TOASTS] })).toEqual([]);

    // The reservation's deposit is in the ledger: the deposit step passes.
    await step(page, 'Xác nhận đặt cọc', 'Đặt cọc');
    await page.getByTestId('deal-money').getByText('Đã đặt cọc').waitFor();
    await step(page, 'Đã ký hợp đồng', 'Đã ký hợp đồng');
    // The bank loan: the form refuses what the bank's rules do not allow, then the bank says yes and pays.
    await page.getByLabel('Ngân hàng', { exact: true }).selectOption('Vietcombank');
    await page.getByLabel('Số tiền vay').fill(String(car.sellPrice));
    await page
      .getByText(/Vietcombank cho vay tối đa 70% giá trị xe, tức/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Lập hồ sơ vay' }).isDisabled()).toBe(true);
    const loanAmount = Math.floor((car.sellPrice * 0.5) / 1_000_000) * 1_000_000;
    await page.getByLabel('Số tiền vay').fill(String(loanAmount));
    await page.getByLabel('Thời hạn (tháng)').fill('36');
    await page.getByRole('button', { name: 'Lập hồ sơ vay' }).click();
    await page.getByText('Đã nộp', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ngân hàng duyệt' }).click();
    await page.getByText('Đã duyệt', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Đã giải ngân', exact: true }).click();
    await page.getByText('Ngân hàng giải ngân · Vay ngân hàng').waitFor();
    // Paying the rest: the balance due is derived, offered in one click.
    const short = page.getByRole('button', { name: 'Xác nhận đã thanh toán đủ', exact: true });
    await short.click();
    await page
      .getByText(/Khách còn thiếu/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: /Điền số còn phải thu/ }).click();
    await page.getByLabel('Mã giao dịch / chứng từ').fill('FT26112899');
    await page.getByRole('button', { name: 'Ghi nhận', exact: true }).click();
    await expect.poll(() => page.getByTestId('deal-balance').innerText()).toMatch(/^0\s?VNĐ$/);
    await step(page, 'Xác nhận đã thanh toán đủ', 'Đã thanh toán');

    // The handover record's details, then the handover: the sale is in sold history, the car sold.
    await page.getByRole('button', { name: 'Sửa thông tin' }).click();
    await page.getByLabel('Số khung (VIN)').fill('RLUBF3FC5LN067890');
    await page.getByLabel('Biển số', { exact: true }).fill('51K-678.90');
    await page.getByLabel('Tình trạng xe', { exact: true }).fill('Xe sạch, đủ đồ nghề');
    await page.getByLabel('Phụ kiện (mỗi dòng một món)').fill('Thảm lót sàn\nCamera hành trình');
    await page.getByRole('button', { name: 'Lưu', exact: true }).click();
    await page.getByText('Đã lưu thông tin giao dịch').waitFor();
    await step(page, 'Bàn giao xe', 'Đã bàn giao');
    const saleLink = page.getByRole('link', { name: /^#\d+$/ });
    await saleLink.waitFor();
    const carNow = (await api.call('GET', `cars/${car.carId}`)).json as { status: string };
    expect(carNow.status).toBe('sold');
    // Papers collected, then the transfer step by step; the buyer follows it on the signed page at 360 px.
    const dealId = Number(/\/dashboard\/deals\/(\d+)/.exec(page.url())?.[1]);
    const dealView = async () =>
      (await api.call('GET', `deals/${dealId}`, { token: adminToken })).json as {
        publicUrl: string;
        checklist: { item: string; status: string }[];
      };
    await page.getByLabel('Tải bản quét Cà vẹt (giấy đăng ký xe)').setInputFiles({
      name: 'cavet.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(
        '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
      ),
    });
    await page.getByText('Đã lưu bản quét: Cà vẹt (giấy đăng ký xe)').waitFor();
    await page.getByRole('button', { name: 'Xem bản quét Cà vẹt (giấy đăng ký xe)' }).waitFor();
    await page.getByLabel('CCCD của người mua', { exact: true }).selectOption('checked');
    await expect
      .poll(async () => (await dealView()).checklist[0])
      .toEqual(expect.objectContaining({ item: 'buyerId', status: 'checked' }));
    const view = await dealView();
    const buyerPath = new URL(view.publicUrl).pathname;
    const html = await fetch(`${server.url}${buyerPath}`);
    expect(html.headers.get('cache-control')).toContain('no-store');
    const transfer = page.getByTestId('transfer-steps');
    for (const label of ['Rút hồ sơ gốc', 'Nộp hồ sơ đăng ký', 'Nhận đăng ký, biển số mới']) {
      await transfer.getByRole('button', { name: 'Đánh dấu xong' }).click();
      await page.getByText(`Xong bước: ${label}`).waitFor();
    }
    const buyer = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await buyer.goto(`${server.url}${buyerPath}`);
    await buyer.getByRole('heading', { level: 1, name: car.carName }).waitFor();
    await buyer
      .getByTestId('public-steps')
      .getByText(/Đã xong ngày/)
      .first()
      .waitFor();
    expect(
      await buyer
        .getByTestId('public-steps')
        .getByText(/Đã xong ngày/)
        .count(),
    ).toBe(3);
    expect(await buyer.getByText(/VNĐ|079190001234/).count()).toBe(0);
    await buyer.screenshot({ path: `${SHOTS}/buyer-360.png`, fullPage: true });
    expect(await axeScan(buyer)).toEqual([]);
    await transfer.getByRole('button', { name: 'Đánh dấu xong' }).click();
    await page.getByText('Xong bước: Bàn giao giấy tờ cho khách').waitFor();
    await step(page, 'Hoàn tất sang tên', 'Hoàn tất sang tên');
    await buyer.reload();
    await buyer.getByText('Hoàn tất sang tên').first().waitFor();
    expect(await page.getByText('Giao dịch đã kết thúc.').count()).toBe(1);

    // Each document, downloaded and read back by a PDF text extractor.
    const quote = await pdfText(page, 'Báo giá lăn bánh');
    expect(quote).toContain('BÁO GIÁ XE LĂN BÁNH');
    expect(quote).toContain('Lê Thị Thu Hà');
    expect(quote).toContain('Lệ phí trước bạ');
    const deposit = await pdfText(page, 'Hợp đồng đặt cọc');
    expect(deposit).toContain('HỢP ĐỒNG ĐẶT CỌC MUA BÁN XE Ô TÔ');
    expect(deposit).toContain('Bằng chữ: Mười triệu đồng chẵn');
    expect(deposit).toContain('079190001234');
    const sale = await pdfText(page, 'Hợp đồng mua bán xe');
    expect(sale).toContain('HỢP ĐỒNG MUA BÁN XE Ô TÔ');
    expect(sale).toContain('RLUBF3FC5LN067890');
    expect(sale).toContain('Bên B còn phải thanh toán: 0 VNĐ');
    expect(sale).toContain('Khoản vay: Vietcombank (đã giải ngân)');
    const handover = await pdfText(page, 'Biên bản bàn giao xe');
    expect(handover).toContain('BIÊN BẢN BÀN GIAO XE');
    expect(handover).toContain('Camera hành trình');
    expect(handover).toContain('51K-678.90');

    // The same template previewed in the dashboard.
    await page.getByRole('button', { name: 'Xem trước Hợp đồng mua bán xe' }).click();
    await page.locator('iframe[title="Hợp đồng mua bán xe"]').waitFor();
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${SHOTS}/deal-done-1366.png`, fullPage: true });

    // The list by status finds it.
    await page.goto(`${server.url}/dashboard/deals?status=transferred`);
    await page.locator('tbody tr', { hasText: dealCode! }).getByText('Hoàn tất sang tên').waitFor();
    await page.screenshot({ path: `${SHOTS}/deals-1366.png`, fullPage: true });
    expect(await axeScan(page, { exclude: [TOASTS] })).toEqual([]);

    const phone = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await signIn(phone, server.url, server.adminUsername, server.adminPassword);
    await phone.goto(`${server.url}/dashboard/deals`);
    await phone.getByText(dealCode!).first().waitFor();
    await phone.screenshot({ path: `${SHOTS}/deals-360.png`, fullPage: true });
    await phone.getByText(dealCode!).first().click();
    await phone.locator('[aria-current="step"]').waitFor();
    await phone.screenshot({ path: `${SHOTS}/deal-360.png`, fullPage: true });
    expect(await axeScan(phone, { exclude: [TOASTS] })).toEqual([]);
  }, 180_000);
});
