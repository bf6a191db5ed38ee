import {
  type ImportFormat,
  type ImportRefusal,
  MARKET_IMPORT_LISTED_REFUSALS,
} from '../../../contract/market-prices';
import { dictionaryLookup } from '../../../contract/query/car-name';
import { type Columns, recogniseColumns } from './columns';
import { readRows } from './read-file';
import { type MarketRow, parseRow } from './row-parse';

/** A price list read and checked, before the database is asked which rows it already holds. */
export interface ParsedPriceList {
  format: ImportFormat;
  /** Data rows in the file (blank ones not counted). */
  rows: number;
  refused: number;
  /** The first refusals, in row order. */
  refusals: ImportRefusal[];
  /** The rows to store, each once (the first of rows repeated in the file), with their row number. */
  fresh: { line: number; row: MarketRow }[];
  /** Row numbers of the later copies of rows repeated in the file. */
  repeatedRows: number[];
  columns: Columns['recognised'];
}

/**
 * Reads a price list (CSV or XLSX) into rows to store and rows refused with their reason. Pure work on
 * the bytes, no database: it runs in a worker thread (parse-worker.ts), away from the requests.
 * `year` is the current year in Vietnam (a model year may be at most the next one).
 */
export async function parsePriceList(bytes: Buffer, year: number): Promise<ParsedPriceList> {
  // Each row is read as it comes and only what will be stored is kept: a wide sheet of notes costs
  // its fifteen useful columns, not its hundred.
  let cols: Columns | undefined;
  const ctx = { lookup: dictionaryLookup(), year, names: new Map() };
  const refusals: ImportRefusal[] = [];
  let rows = 0;
  let refused = 0;
  const fresh = new Map<string, { line: number; row: MarketRow }>();
  const repeatedRows: number[] = [];
  const format = await readRows(bytes, {
    // A file without the columns a price needs is refused at its header, before the rest is read.
    header: (cells) => {
      cols = recogniseColumns(cells);
    },
    row: (line, cells) => {
      rows++;
      const parsed = parseRow(cells, cols as Columns, ctx);
      if ('reason' in parsed) {
        refused++;
        if (refusals.length < MARKET_IMPORT_LISTED_REFUSALS)
          refusals.push({ row: line, reason: parsed.reason });
      } else if (fresh.has(parsed.fingerprint)) repeatedRows.push(line);
      else fresh.set(parsed.fingerprint, { line, row: parsed });
    },
  });
  return {
    format,
    rows,
    refused,
    refusals,
    fresh: [...fresh.values()],
    repeatedRows,
    columns: cols?.recognised ?? [],
  };
}
