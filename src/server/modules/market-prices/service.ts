import { and, count, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { BodyType, Fuel, Origin, Transmission } from '../../../contract/cars';
import type { Page } from '../../../contract/common';
import type {
  ImportFormat,
  ImportResult,
  MarketImportsQuery,
  MarketImportView,
  MarketPricesQuery,
  MarketPriceView,
} from '../../../contract/market-prices';
import { compactFold, foldVietnamese } from '../../../contract/text';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import { importPriceList } from './import';
import { marketPriceImports, marketPrices } from './schema';

/** A stored market price as the valuation engine reads it. */
export interface MarketPriceRecord {
  id: number;
  title: string;
  brand: string;
  model: string;
  version: string;
  year: number;
  odo: number;
  price: number;
  transmission: Transmission | null;
  fuel: Fuel | null;
  bodyType: BodyType | null;
  origin: Origin | null;
  province: string;
  source: string;
  /** The day the price was seen, or the day it was imported when the file did not say. */
  seenOn: string;
}

type Row = typeof marketPrices.$inferSelect;

function view(r: Row): MarketPriceView {
  return {
    id: r.id,
    batchId: r.batchId,
    title: r.title,
    brand: r.brand,
    model: r.model,
    version: r.version,
    year: r.year,
    odo: r.odo,
    price: r.price,
    transmission: r.transmission as Transmission | null,
    fuel: r.fuel as Fuel | null,
    bodyType: r.bodyType as BodyType | null,
    origin: r.origin as Origin | null,
    province: r.province,
    source: r.source,
    listedOn: r.listedOn,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * The market prices staff import: the import itself (import.ts), the lists of rows and of imports, and
 * deletions. Every change tells its listeners once committed (the valuation engine rebuilds its index).
 */
export class MarketPricesService {
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Called after every committed change of the stored prices. */
  onChange(listener: () => void) {
    this.listeners.push(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  async importFile(file: { name: string; bytes: Buffer }, actor: Actor): Promise<ImportResult> {
    const result = await importPriceList(this.db, this.clock, file, actor);
    if (result.imported > 0) this.changed();
    return result;
  }

  async list(q: MarketPricesQuery): Promise<Page<MarketPriceView>> {
    const words = foldVietnamese(q.search ?? '')
      .split(' ')
      .filter(Boolean)
      .slice(0, 8);
    const where = and(
      q.batchId ? eq(marketPrices.batchId, q.batchId) : undefined,
      q.brand ? eq(marketPrices.brandKey, compactFold(q.brand)) : undefined,
      ...words.map((w): SQL => like(marketPrices.searchText, `%${escapeLike(w)}%`)),
    );
    const [[{ total }], rows] = await Promise.all([
      this.db.select({ total: count() }).from(marketPrices).where(where),
      this.db
        .select()
        .from(marketPrices)
        .where(where)
        .orderBy(desc(marketPrices.createdAt), desc(marketPrices.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    return pageOf(rows.map(view), total, q);
  }

  async imports(q: MarketImportsQuery): Promise<Page<MarketImportView>> {
    const [[{ total }], batches] = await Promise.all([
      this.db.select({ total: count() }).from(marketPriceImports),
      this.db
        .select()
        .from(marketPriceImports)
        .orderBy(desc(marketPriceImports.createdAt), desc(marketPriceImports.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size),
    ]);
    const ids = batches.map((b) => b.id);
    const counts = ids.length
      ? await this.db
          .select({ batchId: marketPrices.batchId, n: count() })
          .from(marketPrices)
          .where(inArray(marketPrices.batchId, ids))
          .groupBy(marketPrices.batchId)
      : [];
    const remaining = new Map(counts.map((c) => [c.batchId, c.n]));
    return pageOf(
      batches.map((b) => ({
        batchId: b.id,
        fileName: b.fileName,
        format: b.format as ImportFormat,
        rowCount: b.rowCount,
        imported: b.imported,
        duplicates: b.duplicates,
        refused: b.refused,
        remaining: remaining.get(b.id) ?? 0,
        createdBy: b.createdByName,
        createdAt: b.createdAt.toISOString(),
      })),
      total,
      q,
    );
  }

  async remove(id: number, actor: Actor): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx.delete(marketPrices).where(eq(marketPrices.id, id)).returning();
      if (!row) throw notFound('Không tìm thấy giá thị trường này');
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'market_price',
        entityId: id,
        before: {
          title: row.title,
          year: row.year,
          odo: row.odo,
          price: row.price,
          source: row.source,
          batchId: row.batchId,
        },
      });
    });
    this.changed();
  }

  /** Deletes an import and every row it brought. */
  async removeBatch(batchId: number, actor: Actor): Promise<{ removed: number }> {
    const removed = await this.db.transaction(async (tx) => {
      const [{ n }] = await tx
        .select({ n: count() })
        .from(marketPrices)
        .where(eq(marketPrices.batchId, batchId));
      const [batch] = await tx
        .delete(marketPriceImports)
        .where(eq(marketPriceImports.id, batchId))
        .returning();
      if (!batch) throw notFound('Không tìm thấy lần nhập này');
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'market_price_import',
        entityId: batchId,
        before: { fileName: batch.fileName, format: batch.format, rows: batch.rowCount, removedRows: n },
      });
      return n;
    });
    this.changed();
    return { removed };
  }

  /** Every stored price, for the valuation engine's index. */
  async records(): Promise<MarketPriceRecord[]> {
    const rows = await this.db
      .select({
        id: marketPrices.id,
        title: marketPrices.title,
        brand: marketPrices.brand,
        model: marketPrices.model,
        version: marketPrices.version,
        year: marketPrices.year,
        odo: marketPrices.odo,
        price: marketPrices.price,
        transmission: marketPrices.transmission,
        fuel: marketPrices.fuel,
        bodyType: marketPrices.bodyType,
        origin: marketPrices.origin,
        province: marketPrices.province,
        source: marketPrices.source,
        listedOn: marketPrices.listedOn,
        createdAt: marketPrices.createdAt,
      })
      .from(marketPrices);
    return rows.map(({ listedOn, createdAt, ...r }) => ({
      ...r,
      transmission: r.transmission as Transmission | null,
      fuel: r.fuel as Fuel | null,
      bodyType: r.bodyType as BodyType | null,
      origin: r.origin as Origin | null,
      seenOn: listedOn ?? createdAt.toISOString().slice(0, 10),
    }));
  }
}
