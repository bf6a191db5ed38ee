import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportResult, MarketImportView, MarketPriceView } from '../../src/contract/market-prices';
import { auditLog, marketPrices } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { multipart } from './cars-fixtures';

let t: TestApp;
let staff: { token: string; username: string };
/** The answer of the first import of MIXED. */
let first: ImportResult;

const upload = (data: Buffer, filename = 'bang-gia.csv', token = staff.token, field = 'file') => {
  const form = multipart([{ name: field, filename, type: 'application/octet-stream', data }]);
  return t.call('POST', '/api/market-prices/import', { token, body: form.payload, headers: form.headers });
};

/** A price list as staff collect it: good rows in every usual form, bad ones, and a repeat. */
const MIXED = [
  'Tên xe,Năm sản xuất,Số km,Giá,Hộp số,Nhiên liệu,Tỉnh/thành,Nguồn,Ngày đăng',
  'Toyota Vios 1.5G CVT 2020,2020,45.000,450 triệu,Số tự động,Xăng,TP.HCM,Chợ xe,01/10/2026',
  'Mazda CX-5 2.0 Premium,2021,"45,000 Km",2 Tỷ 90 Triệu,AT,Xăng,Hà Nội,Đại lý,02/10/2026',
  'Kia Seltos 1.4 Turbo,2022,30000,"1,25 tỷ",Tự động,Xăng,,,',
  'Honda City RS,2021,52000,210.000.000 đ,CVT,Xăng,,,',
  'Hyundai Accent 1.4 AT,2019,70000,420000000,,,,,',
  'Xe đẹp giá rẻ,2020,40000,500 triệu,,,,,',
  'Toyota Camry 2.5Q,2020,50000,liên hệ,,,,,',
  'Ford Ranger XLS,2019,,600 triệu,,,,,',
  'Mitsubishi Xpander 1.5 AT,1890,40000,500 triệu,,,,,',
  'Toyota Vios 1.5G CVT 2020,2020,45.000,450 triệu,Số tự động,Xăng,TP.HCM,Chợ xe,01/10/2026',
  'VinFast Fadil 1.4 Plus,2099,20000,350 triệu,,,,,',
].join('\n');

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

describe('POST /api/market-prices/import', () => {
  it('imports the good rows and refuses the others with their row number and a Vietnamese reason', async () => {
    const res = await upload(Buffer.from(MIXED));
    expect(res.status, res.body).toBe(200);
    first = res.json;
    expect(first).toMatchObject({ format: 'csv', rows: 11, imported: 5, duplicates: 1, refused: 5 });
    expect(first.batchId).toEqual(expect.any(Number));
    expect(first.duplicateRows).toEqual([11]);
    expect(first.refusals).toEqual([
      { row: 7, reason: 'Không nhận ra hãng xe trong “Xe đẹp giá rẻ”' },
      { row: 8, reason: expect.stringContaining('Không đọc được giá “liên hệ”') },
      { row: 9, reason: 'Thiếu số km' },
      { row: 10, reason: 'Năm sản xuất “1890” không hợp lệ' },
      { row: 12, reason: 'Năm sản xuất 2099 lớn hơn năm sau' },
    ]);
    expect(first.columns.map((c) => c.field)).toEqual(
      expect.arrayContaining(['Tên xe', 'Năm sản xuất', 'Số km', 'Giá', 'Hộp số', 'Nhiên liệu']),
    );

    const rows = (await t.call('GET', '/api/market-prices', { token: staff.token, query: { size: 50 } })).json
      .content as MarketPriceView[];
    const by = (model: string) => rows.find((r) => r.model === model)!;
    expect(by('Vios')).toMatchObject({
      brand: 'Toyota',
      version: '1.5G CVT',
      year: 2020,
      odo: 45_000,
      price: 450_000_000,
      transmission: 'AUTOMATIC',
      fuel: 'PETROL',
      province: 'TP.HCM',
      listedOn: '2026-10-01',
    });
    expect(by('CX-5')).toMatchObject({ brand: 'Mazda', odo: 45_000, price: 2_090_000_000 });
    expect(by('Seltos')).toMatchObject({ price: 1_250_000_000, odo: 30_000 });
    expect(by('City')).toMatchObject({ price: 210_000_000, version: 'RS' });
    expect(by('Accent')).toMatchObject({ price: 420_000_000, transmission: null });
  });

  it('skips every row already stored when the same file comes again, and creates no batch', async () => {
    const res = await upload(Buffer.from(MIXED));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ batchId: null, imported: 0, duplicates: 6, refused: 5 });
    expect(res.json.duplicateRows).toEqual([2, 3, 4, 5, 6, 11]);
  });

  it('reads an XLSX with separate brand, model and version columns, numbers, dates and a price in millions', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Giá');
    ws.addRow([
      'Hãng',
      'Dòng xe',
      'Phiên bản',
      'Năm SX',
      'ODO',
      'Giá (triệu)',
      'Kiểu dáng',
      'Xuất xứ',
      'Ngày',
    ]);
    ws.addRow([
      'mercedes',
      'GLC',
      'GLC 300 4MATIC',
      2021,
      32000,
      1890,
      'SUV',
      'Lắp ráp',
      new Date('2026-09-15T05:00:00Z'),
    ]);
    ws.addRow(['Kia', 'cerato', '1.6 AT', '2018', '62.500', 455, 'Sedan', 'Trong nước', '20/09/2026']);
    ws.addRow(['Ford', 'Ranger', 'Wildtrak', 2020, 80000, 'abc', 'Bán tải', 'Nhập khẩu', '']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(bytes, 'gia.xlsx');
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ format: 'xlsx', rows: 3, imported: 2, refused: 1 });
    expect(res.json.refusals[0]).toMatchObject({
      row: 4,
      reason: expect.stringContaining('Không đọc được giá “abc”'),
    });
    const list = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { batchId: res.json.batchId },
    });
    const glc = list.json.content.find((r: MarketPriceView) => r.model === 'GLC');
    expect(glc).toMatchObject({
      brand: 'Mercedes-Benz',
      price: 1_890_000_000,
      bodyType: 'SUV',
      origin: 'DOMESTIC',
      listedOn: '2026-09-15',
    });
    const k3 = list.json.content.find((r: MarketPriceView) => r.brand === 'Kia');
    expect(k3).toMatchObject({
      model: 'K3',
      odo: 62_500,
      price: 455_000_000,
      year: 2018,
      listedOn: '2026-09-20',
    });
  });

  it('reads a semicolon CSV saved with a BOM, English headers and quoted names', async () => {
    const csv =
      '\uFEFFtitle;year;mileage;price\r\n"Toyota Fortuner 2.4 4x2 AT; máy dầu";2019;"85.000 km";"890tr"\r\n';
    const res = await upload(Buffer.from(csv));
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ imported: 1, refused: 0 });
  });

  it('answers 400 in Vietnamese when the file lacks the columns a price needs, or has no file', async () => {
    const res = await upload(Buffer.from('Tên xe,Năm sản xuất\nToyota Vios,2020\n'));
    expect(res.status).toBe(400);
    expect(res.json.message).toContain('Không tìm thấy cột Số km, Giá');
    const none = multipart([{ name: 'note', value: 'x' }]);
    const empty = await t.call('POST', '/api/market-prices/import', {
      token: staff.token,
      body: none.payload,
      headers: none.headers,
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('Vui lòng chọn tệp CSV hoặc XLSX để nhập');
    expect((await upload(Buffer.from(MIXED), 'x.csv', staff.token, 'other')).status).toBe(400);
  });

  it('refuses a PDF or an old XLS with 415, and a 20 MB file with 413, storing nothing', async () => {
    const before = (await t.ctx.db.select({ id: marketPrices.id }).from(marketPrices)).length;
    const pdf = await upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'bang-gia.pdf');
    expect(pdf.status).toBe(415);
    const xls = Buffer.alloc(2048);
    xls.writeUInt32BE(0xd0cf11e0, 0);
    expect((await upload(xls, 'cu.xls')).status).toBe(415);
    // 20 MB of valid rows: too large to read at all.
    const line = 'Toyota Vios 1.5G CVT,2020,45000,450 triệu\n';
    const big = Buffer.from(
      `Tên xe,Năm sản xuất,Số km,Giá\n${line.repeat(Math.ceil((20 * 1024 * 1024) / line.length))}`,
    );
    const res = await upload(big, 'lon.csv');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Tệp vượt quá dung lượng tối đa 10 MB');
    expect((await t.ctx.db.select({ id: marketPrices.id }).from(marketPrices)).length).toBe(before);
  });

  it('answers 401 without a session and 403 without MANAGE_CAR, on every market price route', async () => {
    const other = await t.createStaff(['MANAGE_SERVICE']);
    expect((await upload(Buffer.from(MIXED), 'a.csv', '')).status).toBe(401);
    expect((await upload(Buffer.from(MIXED), 'a.csv', other.token)).status).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/market-prices'],
      ['GET', '/api/market-prices/imports'],
      ['DELETE', '/api/market-prices/1'],
      ['DELETE', '/api/market-prices/imports/1'],
    ] as const) {
      expect((await t.call(method, url)).status).toBe(401);
      expect((await t.call(method, url, { token: other.token })).status).toBe(403);
    }
  });

  it('audits every import, with the counts', async () => {
    const rows = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'market_price_import'));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.find((r) => r.entityId === String(first.batchId))).toMatchObject({
      action: 'import',
      username: staff.username,
      after: expect.objectContaining({
        fileName: 'bang-gia.csv',
        importedRows: 5,
        duplicateRows: 1,
        refusedRows: 5,
      }),
    });
  });
});

describe('GET /api/market-prices and the imports, DELETE a row or a batch', () => {
  it('searches without accents, filters by brand, pages', async () => {
    const search = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { search: 'vios ho chi' },
    });
    expect(search.status).toBe(200);
    const all = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { search: 'toyota' },
    });
    expect(all.json.content.every((r: MarketPriceView) => r.brand === 'Toyota')).toBe(true);
    const kia = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { brand: 'kia', size: 1 },
    });
    expect(kia.json).toMatchObject({ totalElements: 2, totalPages: 2, size: 1 });
    const bad = await t.call('GET', '/api/market-prices', { token: staff.token, query: { batchId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Mã lần nhập không hợp lệ');
  });

  it('lists the imports newest first with what each still holds; deletes a row, then a whole batch', async () => {
    const imports = await t.call('GET', '/api/market-prices/imports', { token: staff.token });
    expect(imports.status).toBe(200);
    const batches = imports.json.content as MarketImportView[];
    const csvBatch = batches.find((b) => b.batchId === first.batchId)!;
    expect(batches[0].createdAt >= batches[batches.length - 1].createdAt).toBe(true);
    expect(csvBatch).toMatchObject({
      imported: 5,
      duplicates: 1,
      refused: 5,
      remaining: 5,
      createdBy: staff.username,
    });

    const rows = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { batchId: csvBatch.batchId },
    });
    const one = rows.json.content[0] as MarketPriceView;
    const del = await t.call('DELETE', `/api/market-prices/${one.id}`, { token: staff.token });
    expect(del.status).toBe(200);
    expect((await t.call('DELETE', `/api/market-prices/${one.id}`, { token: staff.token })).status).toBe(404);
    const after = (await t.call('GET', '/api/market-prices/imports', { token: staff.token })).json.content;
    expect(after.find((b: MarketImportView) => b.batchId === csvBatch.batchId).remaining).toBe(4);

    const gone = await t.call('DELETE', `/api/market-prices/imports/${csvBatch.batchId}`, {
      token: staff.token,
    });
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ message: 'Đã xóa lần nhập và 4 dòng giá', removed: 4 });
    const left = await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { batchId: csvBatch.batchId },
    });
    expect(left.json.totalElements).toBe(0);
    expect(
      (await t.call('DELETE', `/api/market-prices/imports/${csvBatch.batchId}`, { token: staff.token }))
        .status,
    ).toBe(404);
    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(audit.map((a) => a.entity)).toEqual(
      expect.arrayContaining(['market_price', 'market_price_import']),
    );
  });
});
