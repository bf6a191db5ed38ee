import ExcelJS from 'exceljs';
import { type ImportFormat, MARKET_IMPORT_MAX_ROWS } from '../../../contract/market-prices';
import { ApiError, badRequest } from '../../platform/errors';

/** A cell as read: text from a CSV, or what a spreadsheet holds (a number, a date, text). */
export type Cell = string | number | Date | null;

export interface Table {
  format: ImportFormat;
  header: string[];
  /** Data rows, each with its number in the file as a spreadsheet shows it (the header is row 1). */
  rows: { line: number; cells: Cell[] }[];
}

const unsupported = () =>
  new ApiError(
    415,
    'Chỉ nhận tệp CSV (UTF-8) hoặc Excel XLSX. Tệp XLS cũ: hãy lưu lại dưới dạng XLSX hoặc CSV',
  );

/** The file's kind by its first bytes, never by its name: a ZIP is XLSX, readable text is CSV. */
export function detectFormat(buf: Buffer): ImportFormat {
  if (buf.length >= 4 && buf.readUInt32BE(0) === 0x504b0304) return 'xlsx';
  // An old Excel file (OLE2), a PDF, an image: refused by name of the problem.
  if (buf.length >= 4 && (buf.readUInt32BE(0) === 0xd0cf11e0 || buf.subarray(0, 4).toString() === '%PDF'))
    throw unsupported();
  if (buf.subarray(0, 4096).includes(0)) throw unsupported();
  return 'csv';
}

/** UTF-8 (with or without BOM); a file Excel saved as "CSV" in the Vietnamese code page is read as such. */
function decodeText(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1258').decode(buf);
  }
}

/** The separator of the header line: the one of comma, semicolon and tab found most outside quotes. */
function separatorOf(text: string): string {
  const end = text.search(/\r?\n/);
  const line = end < 0 ? text : text.slice(0, end);
  let best = ',';
  let bestCount = 0;
  for (const sep of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const ch of line) {
      if (ch === '"') quoted = !quoted;
      else if (ch === sep && !quoted) count++;
    }
    if (count > bestCount) {
      best = sep;
      bestCount = count;
    }
  }
  return best;
}

/** RFC 4180 records: quoted fields may hold separators, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const sep = separatorOf(text);
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      record.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const blank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && !c.trim()));

/** A spreadsheet cell's value as a Cell: formulas by their result, rich text and links by their text. */
function cellValue(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String((value as { text: unknown }).text);
    if ('error' in value) return null;
  }
  return String(value);
}

async function readXlsx(buf: Buffer): Promise<Cell[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest('Không đọc được tệp Excel: tệp hỏng hoặc không phải XLSX');
  }
  // The first sheet that holds anything.
  const sheet = workbook.worksheets.find((s) => s.actualRowCount > 0);
  if (!sheet) return [];
  const out: Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    out[rowNumber - 1] = Array.from(cells, (c) => c ?? null);
  });
  return Array.from(out, (r) => r ?? []);
}

/**
 * The file as a header and numbered data rows. The header is the first row that is not blank; blank
 * rows are skipped (their numbers still count, so a refusal names the row staff see in their sheet).
 */
export async function readTable(buf: Buffer): Promise<Table> {
  const format = detectFormat(buf);
  const records: Cell[][] = format === 'xlsx' ? await readXlsx(buf) : parseCsv(decodeText(buf));
  const headerIndex = records.findIndex((r) => !blank(r));
  if (headerIndex < 0) throw badRequest('Tệp không có dữ liệu');
  const header = records[headerIndex].map((c) => (c === null ? '' : String(c).trim()));
  const rows: Table['rows'] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    if (blank(records[i])) continue;
    rows.push({ line: i + 1, cells: records[i] });
    if (rows.length > MARKET_IMPORT_MAX_ROWS)
      throw new ApiError(
        413,
        `Tệp có hơn ${MARKET_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng: hãy chia thành nhiều tệp`,
      );
  }
  return { format, header, rows };
}
