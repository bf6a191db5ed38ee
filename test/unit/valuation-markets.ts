import { vnDayKey } from '../../src/contract/format';
import { dictionaryLookup } from '../../src/contract/query/car-name';
import { planDemoCars } from '../../src/server/db/seed/demo-cars';
import { generateListings, listingsCsv } from '../../src/server/db/seed/market-listings';
import { recogniseColumns } from '../../src/server/modules/market-prices/columns';
import { DEMO_MARKET_ROWS } from '../../src/server/modules/market-prices/demo';
import { readTable } from '../../src/server/modules/market-prices/read-file';
import { type MarketRow, parseRow } from '../../src/server/modules/market-prices/row-parse';
import { MarketIndex } from '../../src/server/modules/valuations/engine/market-index';
import type { EvidenceInput } from '../../src/server/modules/valuations/engine/types';
import { evidenceOf } from '../../src/server/modules/valuations/service';

/**
 * Markets the engine is tested on without a database: the demo showroom's (its imported price list,
 * read by the import's own parser, and its planned stock and sales) and a generated one of any size.
 */

async function marketRows(csv: string, now: Date): Promise<MarketRow[]> {
  const table = await readTable(Buffer.from(csv));
  const cols = recogniseColumns(table.header);
  const ctx = { lookup: dictionaryLookup(), year: Number(vnDayKey(now).slice(0, 4)), names: new Map() };
  const rows: MarketRow[] = [];
  for (const { cells } of table.rows) {
    const parsed = parseRow(cells, cols, ctx);
    if (!('reason' in parsed)) rows.push(parsed);
  }
  return rows;
}

const asRecord = (r: MarketRow, i: number, today: string) => ({
  id: i + 1,
  title: r.title,
  brand: r.brand,
  model: r.model,
  version: r.version,
  year: r.year,
  odo: r.odo,
  price: r.price,
  transmission: r.transmission,
  fuel: r.fuel,
  bodyType: r.bodyType,
  origin: r.origin,
  province: r.province,
  source: r.source,
  seenOn: r.listedOn ?? today,
});

/** The demo showroom's evidence as the service builds it: its price list, its stock and its sales. */
export async function demoEvidence(now: Date): Promise<EvidenceInput[]> {
  const today = vnDayKey(now);
  const listings = generateListings(DEMO_MARKET_ROWS, { seed: 20_261_001, now, months: 6 });
  const market = (await marketRows(listingsCsv(listings, 11), now)).map((r, i) => asRecord(r, i, today));
  const { plan } = planDemoCars(now);
  const cars = plan.map((p, i) => ({
    id: i + 1,
    ...p.data,
    status: p.status,
    createdAt: p.createdAt,
  }));
  // The seeder draws each sale's price from the asking price (0 to 3 % off); the middle of that is taken.
  const sold = new Map<number, { salePrice: number; saleDate: string }>();
  plan.forEach((p, i) => {
    if (p.sale && !p.sale.cancelled)
      sold.set(i + 1, {
        salePrice: Math.round((p.data.sellPrice * 0.985) / 1_000_000) * 1_000_000,
        saleDate: vnDayKey(p.sale.date),
      });
  });
  return evidenceOf(market, cars as never, sold, today);
}

/** A generated market of `rows` listings (the benchmark's generator). */
export async function generatedEvidence(rows: number, seed: number, now: Date): Promise<EvidenceInput[]> {
  const today = vnDayKey(now);
  const csv = listingsCsv(generateListings(rows, { seed, now }), seed);
  return (await marketRows(csv, now)).map((r, i) => ({
    kind: 'market' as const,
    ref: i + 1,
    carId: null,
    ...asRecord(r, i, today),
  }));
}

export const indexOf = (evidence: EvidenceInput[], now: Date) => new MarketIndex(evidence, now.getTime());
