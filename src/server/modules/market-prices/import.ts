import { inArray } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import {
  type ImportRefusal,
  type ImportResult,
  MARKET_IMPORT_LISTED_REFUSALS,
} from '../../../contract/market-prices';
import { dictionaryLookup } from '../../../contract/query/car-name';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { recogniseColumns } from './columns';
import { readTable } from './read-file';
import { type MarketRow, parseRow } from './row-parse';
import { marketPriceImports, marketPrices } from './schema';

/** Rows per INSERT: 22 parameters a row stays well under PostgreSQL's 65.535. */
const CHUNK = 1_000;
/** How many duplicate row numbers the answer lists. */
const LISTED_DUPLICATES = 50;

/**
 * Reads a price list (CSV or XLSX) and stores its good rows in one transaction with the import's own
 * record and its audit row: the batch lands whole or not at all. Rows that cannot be read are refused
 * with their row number and the reason; rows already stored (or repeated in the file) are skipped as
 * duplicates. Nothing is stored when no row is new, but the attempt is still audited.
 */
export async function importPriceList(
  db: Db,
  clock: Clock,
  file: { name: string; bytes: Buffer },
  actor: Actor,
): Promise<ImportResult> {
  const table = await readTable(file.bytes);
  const cols = recogniseColumns(table.header);
  const ctx = { lookup: dictionaryLookup(), year: Number(vnDayKey(clock.now()).slice(0, 4)) };

  const refusals: ImportRefusal[] = [];
  const fresh = new Map<string, { line: number; row: MarketRow }>();
  const duplicateRows: number[] = [];
  for (const { line, cells } of table.rows) {
    const parsed = parseRow(cells, cols, ctx);
    if ('reason' in parsed) refusals.push({ row: line, reason: parsed.reason });
    else if (fresh.has(parsed.fingerprint)) duplicateRows.push(line);
    else fresh.set(parsed.fingerprint, { line, row: parsed });
  }
  // Rows already stored by an earlier import: looked up first so the answer can name them.
  const fingerprints = [...fresh.keys()];
  for (let i = 0; i < fingerprints.length; i += CHUNK) {
    const stored = await db
      .select({ fingerprint: marketPrices.fingerprint })
      .from(marketPrices)
      .where(inArray(marketPrices.fingerprint, fingerprints.slice(i, i + CHUNK)));
    for (const s of stored) {
      const entry = fresh.get(s.fingerprint);
      if (entry) duplicateRows.push(entry.line);
      fresh.delete(s.fingerprint);
    }
  }

  const now = clock.now();
  const rows = [...fresh.values()].map((e) => e.row);
  const summary = {
    fileName: file.name,
    format: table.format,
    rows: table.rows.length,
    refusedRows: refusals.length,
  };
  const { batchId, imported } = await db.transaction(async (tx) => {
    let batchId: number | null = null;
    let imported = 0;
    if (rows.length > 0) {
      const [batch] = await tx
        .insert(marketPriceImports)
        .values({
          fileName: file.name,
          format: table.format,
          rowCount: table.rows.length,
          imported: 0,
          duplicates: 0,
          refused: refusals.length,
          createdBy: actor.userId,
          createdByName: actor.username,
          createdAt: now,
        })
        .returning({ id: marketPriceImports.id });
      batchId = batch.id;
      for (let i = 0; i < rows.length; i += CHUNK) {
        // A concurrent import of the same rows: the unique fingerprint skips them here too.
        const inserted = await tx
          .insert(marketPrices)
          .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, batchId: batch.id, createdAt: now })))
          .onConflictDoNothing({ target: marketPrices.fingerprint })
          .returning({ id: marketPrices.id });
        imported += inserted.length;
      }
      await tx
        .update(marketPriceImports)
        .set({ imported, duplicates: table.rows.length - refusals.length - imported })
        .where(inArray(marketPriceImports.id, [batch.id]));
    }
    await writeAudit(tx, actor, {
      action: 'import',
      entity: 'market_price_import',
      entityId: batchId,
      after: {
        ...summary,
        importedRows: imported,
        duplicateRows: table.rows.length - refusals.length - imported,
      },
    });
    return { batchId, imported };
  });

  return {
    batchId,
    fileName: file.name,
    format: table.format,
    rows: table.rows.length,
    imported,
    duplicates: table.rows.length - refusals.length - imported,
    refused: refusals.length,
    refusals: refusals.slice(0, MARKET_IMPORT_LISTED_REFUSALS),
    duplicateRows: duplicateRows.sort((a, b) => a - b).slice(0, LISTED_DUPLICATES),
    columns: cols.recognised,
  };
}
