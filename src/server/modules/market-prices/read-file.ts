import { type ImportFormat, MARKET_IMPORT_MAX_ROWS } from '../../../contract/market-prices';
import { ApiError, badRequest } from '../../platform/errors';
import { readXlsxRows } from './xlsx-read';

/** A cell as read: text from a CSV, or what a spreadsheet holds (a number, a date, text). */
export type Cell = string | number | Date | null;

export interface Table {
  format: ImportFormat;
  header: string[];
  /** Data rows, each with its number in the file as a spreadsheet shows it (the header is row 1). */
  rows: { line: number; cells: Cell[] }[];
}

/** Cells to the right of this many columns are not read: a price list has about fifteen. */
export const MAX_COLUMNS = 100;
/** A longer cell is cut to this many characters: no name, price or date is anywhere near it. */
export const MAX_CELL_CHARS = 1_000;

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
  // A header is a few hundred characters: a longer first line is not looked at whole.
  const line = (end < 0 ? text : text.slice(0, end)).slice(0, 65_536);
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

/**
 * RFC 4180 records, one at a time: quoted fields may hold separators, quotes ("") and line breaks. A
 * field is cut at MAX_CELL_CHARS and fields beyond MAX_COLUMNS are dropped, so one line of megabytes
 * costs no more than a normal one.
 */
export function* csvRecords(text: string): Generator<string[]> {
  const sep = separatorOf(text);
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let started = false;
  const push = () => {
    if (record.length < MAX_COLUMNS) record.push(field);
    field = '';
    started = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          if (field.length < MAX_CELL_CHARS) field += '"';
          i++;
        } else quoted = false;
      } else if (field.length < MAX_CELL_CHARS) field += ch;
    } else if (ch === '"' && !started) {
      quoted = true;
      started = true;
    } else if (ch === sep) push();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      push();
      yield record;
      record = [];
    } else {
      started = true;
      if (field.length < MAX_CELL_CHARS) field += ch;
    }
  }
  if (field !== '' || record.length) {
    push();
    yield record;
  }
}

/** Every record of a CSV text. */
export const parseCsv = (text: string): string[][] => [...csvRecords(text)];

const blank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && !c.trim()));

export interface RowHandlers {
  /** The header: the first row that is not blank. */
  header(cells: string[]): void;
  /** A data row that is not blank, with its number in the file as a spreadsheet shows it. */
  row(line: number, cells: Cell[]): void;
}

/**
 * Reads the file row by row: the header (the first row that is not blank), then each data row. Blank
 * rows are skipped (their numbers still count, so a refusal names the row staff see in their sheet).
 * Nothing is kept: reading stops at the first data row beyond the cap, and a file of millions of rows
 * costs what the cap does.
 */
export async function readRows(buf: Buffer, handlers: RowHandlers): Promise<ImportFormat> {
  const format = detectFormat(buf);
  let header = false;
  let rows = 0;
  const take = (line: number, cells: Cell[]) => {
    if (blank(cells)) return;
    if (!header) {
      header = true;
      handlers.header(cells.map((c) => (c === null ? '' : String(c).trim())));
      return;
    }
    if (++rows > MARKET_IMPORT_MAX_ROWS)
      throw new ApiError(
        413,
        `Tệp có hơn ${MARKET_IMPORT_MAX_ROWS.toLocaleString('vi-VN')} dòng: hãy chia thành nhiều tệp`,
      );
    handlers.row(line, cells);
  };
  if (format === 'xlsx')
    await readXlsxRows(buf, { maxColumns: MAX_COLUMNS, maxCellChars: MAX_CELL_CHARS }, take);
  else {
    let line = 0;
    for (const record of csvRecords(decodeText(buf))) take(++line, record);
  }
  if (!header) throw badRequest('Tệp không có dữ liệu');
  return format;
}

/** The whole file as a header and its data rows (the benchmark reads it so). */
export async function readTable(buf: Buffer): Promise<Table> {
  let header: string[] = [];
  const rows: Table['rows'] = [];
  const format = await readRows(buf, {
    header: (cells) => {
      header = cells;
    },
    row: (line, cells) => rows.push({ line, cells }),
  });
  return { format, header, rows };
}
