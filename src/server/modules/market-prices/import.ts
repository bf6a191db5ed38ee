import { inArray, sql } from 'drizzle-orm';
import { vnDayKey } from '../../../contract/format';
import type { ImportResult } from '../../../contract/market-prices';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { parseInWorker } from './parse-in-worker';
import type { MarketRow } from './row-parse';
import { marketPriceImports, marketPrices } from './schema';

/** Rows per INSERT: 22 parameters a row stays well under PostgreSQL's 65.535. */
const CHUNK = 1_000;
/** How many duplicate row numbers the answer lists. */
const LISTED_DUPLICATES = 50;

/** The stored columns of a row, in the order json_to_recordset reads them. */
const RECORD = sql.raw(
  [
    'title text',
    'brand text',
    'model text',
    'version text',
    'brand_key text',
    'model_key text',
    'version_key text',
    'year int',
    'odo int',
    'price bigint',
    'transmission text',
    'fuel text',
    'body_type text',
    'origin text',
    'province text',
    'source text',
    'listed_on date',
    'search_text text',
    'fingerprint text',
  ].join(', '),
);
const NAMES = sql.raw(
  'title, brand, model, version, brand_key, model_key, version_key, year, odo, price, transmission, fuel, ' +
    'body_type, origin, province, source, listed_on, search_text, fingerprint',
);

/**
 * Inserts rows as one JSON parameter read by json_to_recordset: one value to bind instead of twenty a
 * row, which is what makes 10.000 rows quick on the embedded database. A row stored meanwhile by a
 * concurrent import of the same list is skipped by its unique fingerprint. Answers how many went in.
 */
async function insertChunk(tx: Executor, batchId: number, now: Date, rows: MarketRow[]): Promise<number> {
  const records = rows.map((r) => ({
    title: r.title,
    brand: r.brand,
    model: r.model,
    version: r.version,
    brand_key: r.brandKey,
    model_key: r.modelKey,
    version_key: r.versionKey,
    year: r.year,
    odo: r.odo,
    price: r.price,
    transmission: r.transmission,
    fuel: r.fuel,
    body_type: r.bodyType,
    origin: r.origin,
    province: r.province,
    source: r.source,
    listed_on: r.listedOn,
    search_text: r.searchText,
    fingerprint: r.fingerprint,
  }));
  const result = await tx.execute(sql`
    insert into ${marketPrices} (batch_id, created_at, ${NAMES})
    select ${batchId}, ${now.toISOString()}::timestamptz, ${NAMES}
    from json_to_recordset(${JSON.stringify(records)}::json) as r(${RECORD})
    on conflict (fingerprint) do nothing
    returning id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/**
 * Reads a price list (CSV or XLSX, in a worker thread: parse-in-worker.ts) and stores its good rows in
 * one transaction with the import's own record and its audit row: the batch lands whole or not at all.
 * Rows that cannot be read are refused with their row number and the reason; rows already stored (or
 * repeated in the file) are skipped as duplicates. Nothing is stored when no row is new, but the attempt
 * is still audited.
 */
export async function importPriceList(
  db: Db,
  clock: Clock,
  file: { name: string; bytes: Buffer },
  actor: Actor,
): Promise<ImportResult> {
  const list = await parseInWorker(file.bytes, Number(vnDayKey(clock.now()).slice(0, 4)));
  const fresh = new Map(list.fresh.map((e) => [e.row.fingerprint, e]));
  const duplicateRows = [...list.repeatedRows];
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
    format: list.format,
    rows: list.rows,
    refusedRows: list.refused,
  };
  const { batchId, imported } = await db.transaction(async (tx) => {
    let batchId: number | null = null;
    let imported = 0;
    if (rows.length > 0) {
      const [batch] = await tx
        .insert(marketPriceImports)
        .values({
          fileName: file.name,
          format: list.format,
          rowCount: list.rows,
          imported: 0,
          duplicates: 0,
          refused: list.refused,
          createdBy: actor.userId,
          createdByName: actor.username,
          createdAt: now,
        })
        .returning({ id: marketPriceImports.id });
      batchId = batch.id;
      for (let i = 0; i < rows.length; i += CHUNK)
        imported += await insertChunk(tx, batch.id, now, rows.slice(i, i + CHUNK));
      await tx
        .update(marketPriceImports)
        .set({ imported, duplicates: list.rows - list.refused - imported })
        .where(inArray(marketPriceImports.id, [batch.id]));
    }
    await writeAudit(tx, actor, {
      action: 'import',
      entity: 'market_price_import',
      entityId: batchId,
      after: {
        ...summary,
        importedRows: imported,
        duplicateRows: list.rows - list.refused - imported,
      },
    });
    return { batchId, imported };
  });

  return {
    batchId,
    fileName: file.name,
    format: list.format,
    rows: list.rows,
    imported,
    duplicates: list.rows - list.refused - imported,
    refused: list.refused,
    refusals: list.refusals,
    duplicateRows: duplicateRows.sort((a, b) => a - b).slice(0, LISTED_DUPLICATES),
    columns: list.columns,
  };
}
