import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchKey } from '../../src/contract/cars';
import { auditLog, candidates, cars, leads, recruitments } from '../../src/server/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

/** Exports read back: the XLSX parsed with exceljs (cells, types, header, frozen row), the CSV's BOM and rows. */

let t: TestApp;
let carStaff: { id: number; token: string };
let serviceStaff: { id: number; token: string };
let recruiter: { id: number; token: string };
const TR = 1_000_000;
const BULK = 1_100;
let soldCarId: number;
let cancelledSaleId: number;

async function download(url: string, token?: string, query?: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    query,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, text: res.body };
}

async function workbook(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

/** RFC 4180 lines -> fields (enough for the exports: quoted fields may hold commas, quotes and newlines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  carStaff = await t.createStaff(['MANAGE_CAR']);
  serviceStaff = await t.createStaff(['MANAGE_SERVICE']);
  recruiter = await t.createStaff(['MANAGE_RECRUITMENT']);
  const newCar = async (over: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/cars/admin/add', { token: carStaff.token, body: carBody(over) });
    expect(res.status, res.body).toBe(201);
    return res.json.carId as number;
  };
  soldCarId = await newCar({ carName: 'Toyota Camry 2.5Q', sellPrice: 1_050_000_000 });
  const sold = await t.call('POST', '/api/soldhistory', {
    token: carStaff.token,
    body: {
      carId: soldCarId,
      buyerName: 'Nguyễn Thị "Hoa", Quận 1',
      buyerPhone: '0912 345 678',
      salePrice: 1_000_000_000,
      purchasePrice: 900_000_000,
      saleDate: '31/01/2024',
      paymentMethod: 'TRANSFER',
      note: 'Giao xe\ntại showroom',
    },
  });
  expect(sold.status, sold.body).toBe(201);
  const otherCar = await newCar({ carName: 'Kia Morning', sellPrice: 300_000_000 });
  const other = await t.call('POST', '/api/soldhistory', {
    token: carStaff.token,
    body: {
      carId: otherCar,
      buyerName: 'Trần Văn Bình',
      buyerPhone: '0987654321',
      salePrice: 290 * TR,
      paymentMethod: 'CASH',
      saleDate: '01/02/2024',
    },
  });
  cancelledSaleId = other.json.transactionId;
  await t.call('PUT', `/api/soldhistory/${cancelledSaleId}/cancel`, {
    token: carStaff.token,
    body: { reason: 'Khách đổi ý' },
  });

  // Enough cars for several pages of 500.
  const rows = Array.from({ length: BULK }, (_, i) => ({
    carName: `Xe số ${i + 1}`,
    brand: 'Hyundai',
    model: 'Accent',
    year: 2019,
    sellPrice: 400 * TR + i,
    odo: 10_000 + i,
    bodyType: 'SEDAN',
    size: 5,
    fuel: 'PETROL',
    transmission: 'AUTOMATIC',
    exteriorColor: 'Bạc',
    interiorColor: 'Đen',
    origin: 'DOMESTIC',
    status: 'available',
    brandKey: matchKey('Hyundai'),
    exteriorColorKey: matchKey('Bạc'),
    interiorColorKey: matchKey('Đen'),
    createdAt: new Date(Date.UTC(2023, 0, 1) + i * 60_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insert(cars).values(rows.slice(i, i + 500));

  const lead = (type: string, fullName: string, extra: Record<string, unknown>) => {
    const requestId = randomUUID();
    return {
      type,
      reference: `XX-${requestId.slice(0, 8).toUpperCase()}`,
      clientRequestId: requestId,
      fullName,
      phone: '0901234567',
      createdAt: new Date('2024-03-01T08:15:00+07:00'),
      ...extra,
    };
  };
  await t.ctx.db.insert(leads).values([
    lead('TEST_DRIVE', '=HYPERLINK("http://x")', {
      carLabel: 'Toyota Vios 2020;=HYPERLINK("http://y");  +cmd',
      preferredDate: '2024-03-05',
      timeSlot: '09:30',
    }),
    lead('TEST_DRIVE', 'Phạm Minh Đức', {
      status: 'DONE',
      carLabel: 'Mazda CX-5 2021',
      preferredDate: '2024-03-06',
    }),
    lead('MAINTENANCE', 'Lê Thu Hà', {
      licencePlate: '51G-123.45',
      make: 'Honda',
      model: 'City',
      year: 2019,
      odometer: 45_000,
      serviceType: 'PERIODIC',
      preferredDate: '2024-03-07',
    }),
    lead('CONSULTING', 'Võ Văn Tư', {
      email: 'tu@example.com',
      topic: 'INSTALLMENT',
      message: 'Trả góp 70%?',
    }),
  ]);
  const [job] = await t.ctx.db
    .insert(recruitments)
    .values({
      title: 'Nhân viên bán hàng',
      position: 'Sales',
      type: 'FULL_TIME',
      location: 'TP. Hồ Chí Minh',
      description: 'Mô tả',
      requirements: 'Yêu cầu',
      deadline: '2030-12-31',
    })
    .returning({ id: recruitments.id });
  await t.ctx.db.insert(candidates).values({
    recruitmentId: job.id,
    fullName: 'Đặng Thị Mai',
    phone: '0934567890',
    email: 'mai@example.com',
    letter: 'Tôi mong muốn được làm việc',
    cvKey: 'cv/test.pdf',
    cvFileName: 'CV Đặng Thị Mai.pdf',
    cvSize: 1234,
    cvKind: 'pdf',
    createdAt: new Date('2024-05-02T14:05:00+07:00'),
  });
});
afterAll(() => t.close());

describe('XLSX', () => {
  it('streams the sold history as a real workbook: header, frozen row, widths, number and date cells', async () => {
    const res = await download('/api/exports/sales.xlsx', carStaff.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="lich-su-ban-hang-\d{8}\.xlsx"/,
    );
    expect(res.bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const wb = await workbook(res.bytes);
    const sheet = wb.worksheets[0];
    expect(sheet.name).toBe('Lịch sử bán hàng');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(1, 10)).toEqual([
      'Mã giao dịch',
      'Ngày bán',
      'Xe',
      'Hãng',
      'Mã xe',
      'Giá niêm yết (đ)',
      'Giá bán (đ)',
      'Giá nhập (đ)',
      'Lợi nhuận (đ)',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(3).width).toBe(34);
    expect(sheet.rowCount).toBe(3);
    // Newest first: the cancelled sale of 01/02/2024, then the sale of 31/01/2024.
    const row = sheet.getRow(3);
    const cell = (header: string) => row.getCell((sheet.getRow(1).values as string[]).indexOf(header));
    expect(cell('Mã giao dịch').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Ngày bán').type).toBe(ExcelJS.ValueType.Date);
    expect((cell('Ngày bán').value as Date).toISOString()).toBe('2024-01-31T00:00:00.000Z');
    expect(cell('Ngày bán').numFmt).toBe('dd/mm/yyyy');
    expect(cell('Giá bán (đ)').value).toBe(1_000_000_000);
    expect(cell('Giá bán (đ)').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('Giá bán (đ)').numFmt).toBe('#,##0');
    expect(cell('Lợi nhuận (đ)').value).toBe(100_000_000);
    expect(cell('Xe').value).toBe('Toyota Camry 2.5Q');
    expect(cell('Người mua').value).toBe('Nguyễn Thị "Hoa", Quận 1');
    expect(cell('Điện thoại').value).toBe('0912345678');
    expect(cell('Điện thoại').type).toBe(ExcelJS.ValueType.String);
    expect(cell('Thanh toán').value).toBe('Chuyển khoản');
    expect(cell('Trạng thái').value).toBe('Đã bán');
    expect(sheet.getRow(2).getCell((sheet.getRow(1).values as string[]).indexOf('Trạng thái')).value).toBe(
      'Đã hủy',
    );
  });

  it('applies the list filters', async () => {
    const res = await download('/api/exports/sales.xlsx', carStaff.token, { status: 'cancelled' });
    const sheet = (await workbook(res.bytes)).worksheets[0];
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(cancelledSaleId);
  });

  it('pages through a large list: every car, once', async () => {
    const res = await download('/api/exports/cars.xlsx', carStaff.token, { brand: 'Hyundai' });
    expect(res.status).toBe(200);
    const sheet = (await workbook(res.bytes)).worksheets[0];
    expect(sheet.name).toBe('Danh sách xe');
    expect(sheet.rowCount).toBe(BULK + 1);
    const names = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) names.add(String(row.getCell(2).value));
    });
    expect(names.size).toBe(BULK);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe(`Xe số ${BULK}`);
    expect(first.getCell(7).value).toBe(400 * TR + BULK - 1);
    expect(first.getCell(8).value).toBe(10_000 + BULK - 1);
    expect(first.getCell(15).value).toBe('Đang bán');
    // Entered stock at 00:00 UTC plus minutes: shown as the Vietnamese clock (07:00).
    const entered = first.getCell(18);
    expect(entered.type).toBe(ExcelJS.ValueType.Date);
    expect(entered.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect((entered.value as Date).toISOString()).toBe(
      new Date(Date.UTC(2023, 0, 1, 7) + (BULK - 1) * 60_000).toISOString(),
    );
  });

  it('exports each lead list with its own columns', async () => {
    const td = (
      await workbook((await download('/api/exports/leads/testdrive.xlsx', serviceStaff.token)).bytes)
    ).worksheets[0];
    expect(td.name).toBe('Lái thử');
    expect(td.rowCount).toBe(3);
    const headers = td.getRow(1).values as string[];
    expect(headers).toContain('Xe lái thử');
    expect(headers).toContain('Ngày hẹn');
    // A text cell, never a formula.
    const names = [td.getRow(2).getCell(3).value, td.getRow(3).getCell(3).value];
    expect(names).toContain('=HYPERLINK("http://x")');
    for (const r of [2, 3]) expect(td.getRow(r).getCell(3).type).toBe(ExcelJS.ValueType.String);

    const done = (
      await workbook(
        (
          await download('/api/exports/leads/testdrive.xlsx', serviceStaff.token, { status: 'DONE' })
        ).bytes,
      )
    ).worksheets[0];
    expect(done.rowCount).toBe(2);
    expect(done.getRow(2).getCell(3).value).toBe('Phạm Minh Đức');

    const m = (
      await workbook((await download('/api/exports/leads/maintenance.xlsx', serviceStaff.token)).bytes)
    ).worksheets[0];
    const mh = m.getRow(1).values as string[];
    expect(m.getRow(2).getCell(mh.indexOf('Biển số')).value).toBe('51G-123.45');
    expect(m.getRow(2).getCell(mh.indexOf('Số km đã đi')).value).toBe(45_000);
    expect(m.getRow(2).getCell(mh.indexOf('Dịch vụ')).value).toBe('Bảo dưỡng định kỳ');
    expect((m.getRow(2).getCell(mh.indexOf('Ngày hẹn')).value as Date).toISOString()).toBe(
      '2024-03-07T00:00:00.000Z',
    );

    const c = (
      await workbook((await download('/api/exports/leads/consulting.xlsx', serviceStaff.token)).bytes)
    ).worksheets[0];
    expect(c.getRow(1).values).toContain('Chủ đề');
    expect(c.getRow(2).getCell(3).value).toBe('Võ Văn Tư');
  });

  it('exports the candidates', async () => {
    const res = await download('/api/exports/candidates.xlsx', recruiter.token);
    const sheet = (await workbook(res.bytes)).worksheets[0];
    expect(sheet.getRow(2).getCell(2).value).toBe('Nhân viên bán hàng');
    expect(sheet.getRow(2).getCell(3).value).toBe('Đặng Thị Mai');
    expect(sheet.getRow(2).getCell(8).value).toBe('CV Đặng Thị Mai.pdf');
    expect((sheet.getRow(2).getCell(9).value as Date).toISOString()).toBe('2024-05-02T14:05:00.000Z');
  });
});

describe('CSV', () => {
  it('starts with a UTF-8 BOM, then the header and one quoted line per row', async () => {
    const res = await download('/api/exports/sales.csv', carStaff.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename="lich-su-ban-hang-\d{8}\.csv"/);
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parseCsv(res.bytes.subarray(3).toString('utf8'));
    expect(rows).toHaveLength(3);
    expect(rows[0].slice(0, 3)).toEqual(['Mã giao dịch', 'Ngày bán', 'Xe']);
    const sale = rows[2];
    const col = (h: string) => sale[rows[0].indexOf(h)];
    expect(col('Ngày bán')).toBe('31/01/2024');
    expect(col('Giá bán (đ)')).toBe('1000000000');
    expect(col('Người mua')).toBe('Nguyễn Thị "Hoa", Quận 1');
    expect(col('Ghi chú')).toBe('Giao xe\ntại showroom');
    expect(col('Trạng thái')).toBe('Đã bán');
    expect(res.text).toContain('"Nguyễn Thị ""Hoa"", Quận 1"');
  });

  it('defuses text a spreadsheet would run as a formula', async () => {
    const res = await download('/api/exports/leads/testdrive.csv', serviceStaff.token);
    const rows = parseCsv(res.bytes.subarray(3).toString('utf8'));
    expect(rows.map((r) => r[2])).toContain(`'=HYPERLINK("http://x")`);
  });

  it('defuses a formula after a ";" too (Excel in Vietnamese splits on it), and quotes such a cell', async () => {
    const res = await download('/api/exports/leads/testdrive.csv', serviceStaff.token);
    const text = res.bytes.subarray(3).toString('utf8');
    expect(text).toContain(`"Toyota Vios 2020;'=HYPERLINK(""http://y"");  '+cmd"`);
    // Read as Excel set to ';' would: no piece of the line starts a formula.
    const line = text.split('\n').find((l) => l.includes('Toyota Vios 2020'))!;
    for (const piece of line.split(';')) expect(piece.replace(/^"/, '').trimStart()).not.toMatch(/^[=+\-@]/);
  });

  it('writes every row of a large list', async () => {
    const res = await download('/api/exports/cars.csv', carStaff.token, {
      brand: 'Hyundai',
      sort: 'price_asc',
    });
    const rows = parseCsv(res.bytes.subarray(3).toString('utf8'));
    expect(rows).toHaveLength(BULK + 1);
    expect(rows[1][1]).toBe('Xe số 1');
    expect(rows[BULK][1]).toBe(`Xe số ${BULK}`);
    expect(rows[1][17]).toBe('01/01/2023 07:00');
  });
});

describe('audit and access', () => {
  it('writes each export to the audit log with its filters and row count', async () => {
    await download('/api/exports/sales.csv', carStaff.token, { status: 'cancelled', search: 'binh' });
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'export'), eq(auditLog.userId, carStaff.id), eq(auditLog.entity, 'sale')),
      )
      // Without an order PostgreSQL may hand the rows back in any order: the last written has the highest id.
      .orderBy(asc(auditLog.id));
    const last = rows.at(-1)!;
    expect(last.after).toMatchObject({
      format: 'csv',
      rows: 1,
      filters: { status: 'cancelled', search: 'binh' },
      file: expect.stringMatching(/^lich-su-ban-hang-\d{8}\.csv$/),
    });
    const leadsExport = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'lead')));
    expect(
      leadsExport.some((r) => (r.after as { filters: { type: string } }).filters.type === 'MAINTENANCE'),
    ).toBe(true);
  });

  it('refuses bad filters with a Vietnamese message before streaming', async () => {
    const res = await download('/api/exports/sales.xlsx', carStaff.token, { from: '32/01/2024' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).message).toMatch(/Từ ngày không hợp lệ/);
  });

  it('answers 401 without a token and 403 without the list’s permission on every export', async () => {
    const routes = t.routeTable.filter((r) => r.url.startsWith('/api/exports/'));
    expect(routes).toHaveLength(16);
    const staffFor: Record<string, { token: string }> = {
      MANAGE_CAR: carStaff,
      MANAGE_SERVICE: serviceStaff,
      MANAGE_RECRUITMENT: recruiter,
    };
    for (const r of routes) {
      expect((await download(r.url)).status, r.url).toBe(401);
      const wrong = Object.entries(staffFor).find(([perm]) => perm !== r.access)![1];
      expect((await download(r.url, wrong.token)).status, r.url).toBe(403);
      expect((await download(r.url, staffFor[r.access as string].token)).status, r.url).toBe(200);
      expect((await download(r.url, t.adminToken)).status, r.url).toBe(200);
    }
  });
});
