import { describe, expect, it } from 'vitest';
import { parseInWorker } from '../../src/server/modules/market-prices/parse-in-worker';
import { ApiError } from '../../src/server/platform/errors';
import { PRICE_HEADER, sheetChunks, workbook } from '../helpers/xlsx-files';

// The worker thread a price list is read in, from the sources (through tsx): its limits turn into
// Vietnamese refusals, and this process (the server's) goes on.
const CSV = Buffer.from('Tên xe,Năm sản xuất,Số km,Giá\nKia Morning 1.25 AT,2019,60000,285 triệu\n');
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => (err instanceof ApiError ? { status: err.status, message: err.message } : err),
  );
const TOO_BIG = {
  status: 413,
  message: 'Tệp quá lớn hoặc quá phức tạp để đọc: hãy chia thành nhiều tệp nhỏ hơn',
};

describe('reading a price list in a worker thread', () => {
  it('answers the rows read', async () => {
    const list = await parseInWorker(CSV, 2026);
    expect(list).toMatchObject({ format: 'csv', rows: 1, refused: 0 });
    expect(list.fresh[0]).toMatchObject({
      line: 2,
      row: { brand: 'Kia', model: 'Morning', price: 285_000_000 },
    });
  });

  it('reads a list of 49.999 rows and 26 columns, notes and all, within its limits', async () => {
    const header = [...PRICE_HEADER, ...Array.from({ length: 22 }, (_, i) => `Ghi chú ${i + 1}`)];
    const row = ['Toyota Vios 1.5G CVT', 2020, 45000, 450000000, ...Array(22).fill('xe gia đình, một chủ')];
    const list = await parseInWorker(await workbook(sheetChunks(header, row, 49_999)), 2026);
    expect(list).toMatchObject({ format: 'xlsx', rows: 49_999, refused: 0 });
    expect(list.fresh).toHaveLength(1);
    expect(list.repeatedRows).toHaveLength(49_998);
  }, 90_000);

  it('stops a worker that runs out of time or of its heap, and refuses the file with 413', async () => {
    expect(await refusal(parseInWorker(CSV, 2026, { timeoutMs: 1, heapMb: 160 }))).toEqual(TOO_BIG);
    const line = 'Toyota Vios 1.5G CVT,2020,45000,450 triệu\n';
    const big = Buffer.from(`Tên xe,Năm sản xuất,Số km,Giá\n${line.repeat(49_000)}`);
    expect(await refusal(parseInWorker(big, 2026, { timeoutMs: 60_000, heapMb: 12 }))).toEqual(TOO_BIG);
  }, 90_000);

  it('reads one file at a time, lets three wait and refuses a fifth with 429', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => refusal(parseInWorker(CSV, 2026))));
    expect(results.filter((r) => r === null)).toHaveLength(4);
    expect(results.filter((r) => r !== null)).toEqual([
      { status: 429, message: 'Máy chủ đang đọc các bảng giá khác, vui lòng thử lại sau ít phút' },
    ]);
  }, 60_000);
});
