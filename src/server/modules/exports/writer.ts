import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { VN_OFFSET_MS } from '../../../contract/vn-time';

/**
 * Spreadsheet writers for the exports: rows arrive page by page and leave at once, so an export of any
 * size holds one page in memory. XLSX through exceljs' streaming WorkbookWriter (real number and date
 * cells, a bold frozen header row, column widths, a filter on the header); CSV as UTF-8 with a BOM
 * (Excel then reads Vietnamese correctly), RFC 4180 quoting.
 */

/** decimal: a number shown as it is (General), for a column mixing days, counts, money and percentages. */
export type CellKind = 'text' | 'int' | 'number' | 'decimal' | 'money' | 'date' | 'datetime';

export interface ExportColumn<T> {
  header: string;
  /** Width in characters (XLSX). */
  width: number;
  kind: CellKind;
  /** text: a string; int/number/money: a number; date: 'yyyy-mm-dd'; datetime: an ISO moment. */
  value: (row: T) => string | number | null | undefined;
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  int: '0',
  number: '#,##0',
  money: '#,##0',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/** The cell value for XLSX: dates as Date cells showing the Vietnamese calendar day and clock. */
function xlsxValue(kind: CellKind, raw: string | number | null | undefined): ExcelJS.CellValue {
  if (raw === null || raw === undefined || raw === '') return null;
  switch (kind) {
    case 'int':
    case 'number':
    case 'decimal':
    case 'money':
      return typeof raw === 'number' ? raw : Number(raw);
    case 'date':
      // Excel dates have no time zone: the day itself, at midnight.
      return new Date(`${String(raw).slice(0, 10)}T00:00:00Z`);
    case 'datetime':
      // The Vietnamese wall clock (UTC+7, no daylight saving) written as the cell's time.
      return new Date(new Date(raw).getTime() + VN_OFFSET_MS);
    default:
      return String(raw);
  }
}

/**
 * Excel and other spreadsheets run text starting with these as a formula: such text gets a leading
 * quote. Excel set to Vietnamese splits a CSV line on ';', so a formula after a ';' inside a cell is
 * defused the same way, and a cell holding ';' is quoted so that it stays one cell.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const FORMULA_AFTER_SEMICOLON = /;(\s*)(?=[=+\-@\t\r])/g;

function csvField(kind: CellKind, raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  let text: string;
  switch (kind) {
    case 'int':
    case 'number':
    case 'decimal':
    case 'money':
      text = String(raw);
      break;
    case 'date': {
      const d = String(raw).slice(0, 10);
      text = `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
      break;
    }
    case 'datetime': {
      const iso = new Date(new Date(raw).getTime() + VN_OFFSET_MS).toISOString();
      text = `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`;
      break;
    }
    default:
      text = String(raw);
      if (FORMULA_START.test(text)) text = `'${text}`;
      text = text.replace(FORMULA_AFTER_SEMICOLON, ";$1'");
  }
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_BOM = '\uFEFF';

/** Waits while the reader is behind, so a slow download does not pile the export up in memory. */
async function drained(out: Writable) {
  if (out.writableNeedDrain && !out.destroyed) await once(out, 'drain');
}

/** Writes a CSV (BOM, header row, one line per row); resolves with the number of rows written. */
export async function writeCsv<T>(
  out: Writable,
  columns: ExportColumn<T>[],
  pages: AsyncIterable<T[]>,
): Promise<number> {
  let n = 0;
  out.write(`${CSV_BOM}${columns.map((c) => csvField('text', c.header)).join(',')}\r\n`);
  for await (const rows of pages) {
    if (out.destroyed) break;
    for (const row of rows) {
      const line = columns.map((c) => csvField(c.kind, c.value(row))).join(',');
      if (!out.write(`${line}\r\n`)) await drained(out);
      n++;
    }
  }
  out.end();
  return n;
}

/** Writes an XLSX workbook with one sheet; resolves with the number of rows written. */
export async function writeXlsx<T>(
  out: Writable,
  sheetName: string,
  columns: ExportColumn<T>[],
  pages: AsyncIterable<T[]>,
): Promise<number> {
  // Loaded on the first export, not at start (a few hundred milliseconds of modules).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Showroom';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width,
    style: NUMBER_FORMATS[c.kind] ? { numFmt: NUMBER_FORMATS[c.kind] } : {},
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } };
  header.alignment = { vertical: 'middle' };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  header.commit();
  let n = 0;
  for await (const rows of pages) {
    if (out.destroyed) break;
    for (const row of rows) {
      sheet.addRow(columns.map((c) => xlsxValue(c.kind, c.value(row)))).commit();
      n++;
    }
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return n;
}
