import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketPriceView } from '../../src/contract/market-prices';
import { startTestApp, type TestApp } from '../helpers/app';
import { PRICE_HEADER, PRICE_ROW, sheetChunks, workbook, zip } from '../helpers/xlsx-files';
import { multipart } from './cars-fixtures';

// What the import reads from a real spreadsheet (Excel's ways of storing a value), and how it refuses a
// file too big to read: the answers, in Vietnamese, on either database.
let t: TestApp;
let staff: { token: string };

const upload = (data: Buffer, filename: string) => {
  const form = multipart([{ name: 'file', filename, type: 'application/octet-stream', data }]);
  return t.call('POST', '/api/market-prices/import', {
    token: staff.token,
    body: form.payload,
    headers: form.headers,
  });
};
const rowsOf = async (batchId: number) =>
  (
    await t.call('GET', '/api/market-prices', {
      token: staff.token,
      query: { batchId, size: 50 },
    })
  ).json.content as MarketPriceView[];

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createStaff(['MANAGE_CAR']);
});
afterAll(() => t.close());

/** A list as Excel keeps it: an empty first sheet, rich text, formulas, links, dates, errors, blank rows. */
async function excelList(opts: { date1904?: boolean; sharedStrings?: boolean; km: number }) {
  const wb = new ExcelJS.Workbook();
  if (opts.date1904) wb.properties.date1904 = true;
  wb.addWorksheet('Ghi chú');
  const ws = wb.addWorksheet('Giá');
  ws.addRow(['Tên xe', 'Năm sản xuất', 'Số km', 'Giá (triệu)', 'Nguồn', 'Ngày đăng', 'Ghi chú', 'Còn bán']);
  ws.addRow([
    { richText: [{ text: 'Toyota ' }, { font: { bold: true }, text: 'Vios 1.5G CVT' }] },
    2020,
    opts.km,
    { formula: '400+50', result: 450 },
    { text: 'Chợ xe', hyperlink: 'https://choxe.example/1' },
    new Date(Date.UTC(2026, 9, 1)),
    'xe gia đình',
    true,
  ]);
  ws.getCell('F2').numFmt = 'dd/mm/yyyy';
  ws.addRow([]);
  ws.addRow([
    'Hyundai Accent 1.4 AT',
    '2019',
    `${(opts.km + 25_000) / 1000}.000`,
    420,
    'Bonbanh',
    new Date(Date.UTC(2026, 8, 20)),
    '',
    false,
  ]);
  ws.addRow(['Kia Seltos 1.4 Turbo', 2022, 30000, { error: '#N/A' }, '', null, '', true]);
  ws.addRow([
    'Mazda CX-5 2.0 Premium',
    2021,
    opts.km * 2,
    { formula: 'D2*2', result: 1_580 },
    '',
    null,
    '',
    true,
  ]);
  ws.addRow(['Ford Ranger XLS', 2019, 'không rõ', 600, '', null, '', true]);
  return Buffer.from(await wb.xlsx.writeBuffer({ useSharedStrings: opts.sharedStrings ?? true }));
}

describe('reading a spreadsheet as Excel writes it', () => {
  for (const variant of [
    { name: 'shared texts, dates from 1900', opts: { km: 45_000 } },
    { name: 'inline texts, dates from 1904', opts: { km: 46_000, date1904: true, sharedStrings: false } },
  ])
    it(`reads every kind of cell the same way (${variant.name})`, async () => {
      const res = await upload(await excelList(variant.opts), `excel-${variant.name}.xlsx`);
      expect(res.status, res.body).toBe(200);
      expect(res.json).toMatchObject({ format: 'xlsx', rows: 5, refused: 2 });
      expect(res.json.refusals).toEqual([
        { row: 5, reason: expect.stringContaining('giá') },
        { row: 7, reason: expect.stringContaining('km') },
      ]);
      const rows = await rowsOf(res.json.batchId);
      const by = (model: string) => rows.find((r) => r.model === model);
      expect(by('Vios')).toMatchObject({
        brand: 'Toyota',
        version: '1.5G CVT',
        year: 2020,
        odo: variant.opts.km,
        price: 450_000_000,
        source: 'Chợ xe',
        listedOn: '2026-10-01',
      });
      expect(by('Accent')).toMatchObject({
        year: 2019,
        odo: variant.opts.km + 25_000,
        price: 420_000_000,
        listedOn: '2026-09-20',
      });
      expect(by('CX-5')).toMatchObject({ odo: variant.opts.km * 2, price: 1_580_000_000 });
      expect(res.json).toMatchObject({ imported: 3, duplicates: 0 });
    });

  it('reads only the first hundred columns and the first thousand characters of a cell', async () => {
    const far = `${'Tên xe,Năm sản xuất,Số km,Giá'}${',x'.repeat(5_000)}\n`;
    const row = `Honda City RS ${'rất đẹp '.repeat(300)},2021,52000,555 triệu${',1'.repeat(5_000)}\n`;
    const res = await upload(Buffer.from(far + row), 'rong.csv');
    expect(res.status, res.body).toBe(200);
    expect(res.json).toMatchObject({ rows: 1, imported: 1 });
    const [city] = await rowsOf(res.json.batchId);
    expect(city).toMatchObject({ brand: 'Honda', model: 'City', price: 555_000_000 });
    expect(city.title.length).toBeLessThanOrEqual(1_000);
  });
});

describe('files too big to read', () => {
  it('refuses a CSV of more than 50.000 rows with 413', async () => {
    const line = 'Toyota Vios 1.5G CVT,2020,45000,450 triệu\n';
    const res = await upload(Buffer.from(`Tên xe,Năm sản xuất,Số km,Giá\n${line.repeat(50_001)}`), 'lon.csv');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Tệp có hơn 50.000 dòng: hãy chia thành nhiều tệp');
  });

  it('refuses a workbook whose ZIP declares more than 100 MB once inflated, before inflating it', async () => {
    const file = await workbook(sheetChunks(PRICE_HEADER, PRICE_ROW, 3), {
      declaredSheetSize: 200 * 1024 * 1024,
    });
    const res = await upload(file, 'khai-lon.xlsx');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe(
      'Tệp Excel sau khi giải nén lớn hơn 100 MB: hãy xóa bớt dữ liệu hoặc chia thành nhiều tệp',
    );
  });

  it('refuses more than a million distinct shared texts with 413', async () => {
    const strings = function* () {
      yield Buffer.from('<?xml version="1.0"?><sst>');
      for (let i = 0; i < 1_000_001; i += 10_000) {
        let chunk = '';
        for (let j = i; j < Math.min(i + 10_000, 1_000_001); j++) chunk += `<si><t>${j}</t></si>`;
        yield Buffer.from(chunk);
      }
      yield Buffer.from('</sst>');
    };
    const file = await zip([
      {
        name: 'xl/workbook.xml',
        data: Buffer.from(
          '<workbook xmlns:r="r"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: Buffer.from(
          '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/>' +
            '<Relationship Id="rId2" Type="x/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        ),
      },
      { name: 'xl/sharedStrings.xml', data: strings() },
      { name: 'xl/worksheets/sheet1.xml', data: sheetChunks(PRICE_HEADER, PRICE_ROW, 1) },
    ]);
    const res = await upload(file, 'nhieu-chu.xlsx');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Tệp Excel có hơn 1.000.000 đoạn chữ khác nhau: hãy chia thành nhiều tệp');
  });

  it('answers 400 for a ZIP that is not a workbook or is cut short', async () => {
    const notBook = await zip([{ name: 'readme.txt', data: Buffer.from('xin chào') }]);
    const cut = (await workbook(sheetChunks(PRICE_HEADER, PRICE_ROW, 100))).subarray(0, 600);
    for (const [file, name] of [
      [notBook, 'khong-phai.xlsx'],
      [cut, 'cut.xlsx'],
    ] as const) {
      const res = await upload(file, name);
      expect(res.status, name).toBe(400);
      expect(res.json.message, name).toBe('Không đọc được tệp Excel: tệp hỏng hoặc không phải XLSX');
    }
  });
});
