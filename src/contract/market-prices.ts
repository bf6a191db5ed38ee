import { z } from 'zod';
import { BODY_TYPES, FUELS, ORIGINS, TRANSMISSIONS } from './cars-labels';
import { optionalBlank, pageQuery, positiveId, text } from './common';

/**
 * Market prices: the price lists and listings staff collect, imported as CSV or XLSX
 * (POST /api/market-prices/import, multipart field "file"), listed, searched and deleted by row or by
 * import batch. The valuation engine reads them with the showroom's own stock and sales.
 */

/** The largest file an import reads (10.000 rows of CSV are about 1 MB). */
export const MARKET_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const MARKET_IMPORT_MAX_MB = MARKET_IMPORT_MAX_BYTES / 1024 / 1024;
/** At most this many data rows in one file. */
export const MARKET_IMPORT_MAX_ROWS = 50_000;
/** The import answer lists at most this many refusals one by one (the count is always complete). */
export const MARKET_IMPORT_LISTED_REFUSALS = 500;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** One imported price, as staff see it in the list. */
export const marketPriceViewSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  title: z.string(),
  brand: z.string(),
  model: z.string(),
  version: z.string(),
  year: z.number().int(),
  odo: z.number().int(),
  price: z.number().int(),
  transmission: z.enum(TRANSMISSIONS).nullable(),
  fuel: z.enum(FUELS).nullable(),
  bodyType: z.enum(BODY_TYPES).nullable(),
  origin: z.enum(ORIGINS).nullable(),
  province: z.string(),
  source: z.string(),
  /** The day the price was seen (yyyy-mm-dd), when the file says. */
  listedOn: z.string().nullable(),
  createdAt: z.string(),
});
export type MarketPriceView = z.infer<typeof marketPriceViewSchema>;

/** One import: the file, who imported it, what became of its rows, and how many rows it still holds. */
export const marketImportViewSchema = z.object({
  batchId: z.number().int(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  rowCount: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  /** Rows of the batch still stored (single rows may have been deleted since). */
  remaining: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type MarketImportView = z.infer<typeof marketImportViewSchema>;

export const importRefusalSchema = z.object({
  /** The row's number in the file as a spreadsheet shows it (the header is row 1). */
  row: z.number().int(),
  reason: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

/** The answer of an import: counts, the refusals with their reasons, and the columns recognised. */
export const importResultSchema = z.object({
  /** The batch created, or null when no row was imported. */
  batchId: z.number().int().nullable(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  rows: z.number().int(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  refused: z.number().int(),
  refusals: z.array(importRefusalSchema),
  /** Row numbers of a few duplicates skipped (already stored, or repeated in the file). */
  duplicateRows: z.array(z.number().int()),
  /** The file's headers that were read, with the field each one fills. */
  columns: z.array(z.object({ header: z.string(), field: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const marketPricesQuery = pageQuery(20).extend({
  batchId: optionalBlank(positiveId('Mã lần nhập không hợp lệ')),
  brand: optionalBlank(text('Hãng xe', 60)),
});
export type MarketPricesQuery = z.output<typeof marketPricesQuery>;

export const marketImportsQuery = pageQuery(10);
export type MarketImportsQuery = z.output<typeof marketImportsQuery>;

/** The fields an import recognises, with the Vietnamese name the result shows for each. */
export const IMPORT_FIELD_LABELS: Record<string, string> = {
  title: 'Tên xe',
  brand: 'Hãng',
  model: 'Dòng xe',
  version: 'Phiên bản',
  year: 'Năm sản xuất',
  odo: 'Số km',
  price: 'Giá',
  transmission: 'Hộp số',
  fuel: 'Nhiên liệu',
  bodyType: 'Kiểu dáng',
  origin: 'Xuất xứ',
  province: 'Tỉnh/thành',
  source: 'Nguồn',
  listedOn: 'Ngày',
};
