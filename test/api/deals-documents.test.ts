import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vndInWords } from '../../src/contract/amount-words';
import { startTestApp, type TestApp } from '../helpers/app';
import { newCar } from './reservations-fixtures';

let t: TestApp;
let seller: { id: number; token: string };
let dealId: number;
let code: string;
const dir = mkdtempSync(join(tmpdir(), 'deal-pdf-'));

/** The PDF's text as poppler's pdftotext extracts it (layout kept, so a line reads as printed). */
function pdfText(bytes: Buffer, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).normalize(
    'NFC',
  );
}

async function document(kind: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/deals/${dealId}/documents/${kind}`,
    headers: { authorization: `Bearer ${seller.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('no-store');
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // A4 is 595.28 × 841.89 points.
  expect(bytes.toString('latin1')).toMatch(/MediaBox \[0 0 595\.28 841\.89\]/);
  return pdfText(bytes, kind);
}

beforeAll(async () => {
  t = await startTestApp();
  seller = await t.createStaff(['MANAGE_CAR']);
  const settings = await t.call('PUT', '/api/web-configuration', {
    token: t.adminToken,
    body: {
      showroomName: 'Ô tô Việt Đức',
      showroomAddress: '123 Nguyễn Văn Linh, Quận 7, TP. Hồ Chí Minh',
      showroomPhone: '028 3777 8888',
      showroomTaxCode: '0312345678',
      showroomRepresentative: 'Phạm Quốc Hưng',
      showroomRepresentativeTitle: 'Giám đốc',
    },
  });
  expect(settings.status, settings.body).toBe(200);
  const carId = await newCar(t, seller.token, { sellPrice: 580_000_000, exteriorColor: 'Đỏ', year: 2020 });
  const res = await t.call('POST', '/api/deals', {
    token: seller.token,
    body: {
      carId,
      customer: {
        fullName: 'Nguyễn Thị Hương',
        phone: '0912 345 678',
        idNumber: '001190012345',
        address: 'Số 5 ngõ 12 Phố Huế, Hai Bà Trưng, Hà Nội',
      },
      tradeIn: { description: 'Hyundai Grand i10 2017', value: 180_000_000 },
    },
  });
  expect(res.status, res.body).toBe(201);
  dealId = res.json.dealId;
  code = res.json.code;
  const edit = await t.call('PUT', `/api/deals/${dealId}`, {
    token: seller.token,
    body: {
      vehicle: { vin: 'RLUBF3FC5LN012345', engineNumber: '2NRX123456', plate: '51H-123.45' },
      handover: {
        odometerKm: 45_210,
        keys: 2,
        papers: ['Giấy chứng nhận đăng ký xe', 'Giấy chứng nhận kiểm định'],
        accessories: ['Thảm lót sàn', 'Camera hành trình'],
        condition: 'Xe sạch, không trầy xước mới',
      },
    },
  });
  expect(edit.status, edit.body).toBe(200);
  const deposit = await t.call('POST', `/api/deals/${dealId}/payments`, {
    token: seller.token,
    body: { kind: 'deposit', method: 'transfer', amount: 20_000_000, reference: 'FT2611' },
  });
  expect(deposit.status, deposit.body).toBe(201);
});
afterAll(() => t.close());

describe('deal documents as PDFs', () => {
  it('the quote: the showroom, the buyer, the price, fees line by line, the trade-in, the loan, in words', async () => {
    const text = await document('quote');
    expect(text).toContain('BÁO GIÁ XE LĂN BÁNH');
    expect(text).toContain('Ô TÔ VIỆT ĐỨC');
    expect(text).toContain('Mã số thuế: 0312345678');
    expect(text).toContain('Nguyễn Thị Hương');
    expect(text).toContain('Lệ phí trước bạ');
    expect(text).toContain('Bảo hiểm TNDS bắt buộc');
    expect(text).toContain('Xe đổi: Hyundai Grand i10 2017');
    expect(text).toContain('− 180.000.000');
    expect(text).toContain('Vay ngân hàng (tham khảo)');
    expect(text).toContain(`${code}/BG`);
    expect(text).toMatch(/Ngày \d{2}\/\d{2}\/\d{4}/);
  });

  it('the deposit contract: both parties, the car, the deposit policy from settings, amounts in words', async () => {
    const text = await document('deposit-contract');
    expect(text).toContain('HỢP ĐỒNG ĐẶT CỌC MUA BÁN XE Ô TÔ');
    expect(text).toContain('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM');
    expect(text).toContain('Phạm Quốc Hưng, Giám đốc');
    expect(text).toContain('001190012345');
    expect(text).toContain('RLUBF3FC5LN012345');
    expect(text).toContain('2NRX123456');
    expect(text).toContain('51H-123.45');
    expect(text).toContain('Đỏ');
    expect(text).toContain('580.000.000');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Bằng chữ: Năm trăm tám mươi triệu đồng chẵn');
    expect(flat).toContain('Bằng chữ: Hai mươi triệu đồng chẵn');
    expect(flat).toContain('Tiền cọc được hoàn lại toàn bộ nếu khách báo hủy');
    expect(text).toContain('(Ký, ghi rõ họ tên)');
  });

  it('the sale contract: the total and the balance in words, the warranty and handover clauses', async () => {
    const text = await document('sale-contract');
    const view = (await t.call('GET', `/api/deals/${dealId}`, { token: seller.token })).json;
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('HỢP ĐỒNG MUA BÁN XE Ô TÔ');
    expect(flat).toContain(`Bằng chữ: ${vndInWords(view.money.total)}`);
    expect(flat).toContain(`Bằng chữ: ${vndInWords(view.money.balanceDue)}`);
    expect(flat).toContain('Điều 3. Bảo hành');
    expect(flat).toContain('Điều 4. Bàn giao xe');
  });

  it('the handover record: odometer, keys, papers, accessories, condition', async () => {
    const flat = (await document('handover')).replace(/\s+/g, ' ');
    expect(flat).toContain('BIÊN BẢN BÀN GIAO XE');
    expect(flat).toContain('Số km: 45.210 km');
    expect(flat).toContain('Số chìa khóa: 2');
    expect(flat).toContain('Giấy chứng nhận kiểm định');
    expect(flat).toContain('Camera hành trình');
    expect(flat).toContain('Xe sạch, không trầy xước mới');
  });

  it('refuses an unknown kind in Vietnamese, and everyone without MANAGE_CAR', async () => {
    const bad = await t.call('GET', `/api/deals/${dealId}/documents/invoice`, { token: seller.token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Loại giấy tờ không hợp lệ');
    const missing = await t.call('GET', '/api/deals/999999/documents/quote', { token: seller.token });
    expect(missing.status).toBe(404);
    expect((await t.call('GET', `/api/deals/${dealId}/documents/quote`)).status).toBe(401);
    const blogger = await t.createStaff(['MANAGE_BLOG']);
    expect(
      (await t.call('GET', `/api/deals/${dealId}/documents/quote`, { token: blogger.token })).status,
    ).toBe(403);
  });
});
