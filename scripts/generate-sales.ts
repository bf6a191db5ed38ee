/**
 * Sales and leads for the statistics benchmark (bench/stats.ts) and load trials, on top of generated cars
 * (scripts/generate-cars.ts):
 *
 *   npx tsx scripts/generate-sales.ts [SALES] [LEADS]        # the embedded database in DATA_DIR (server stopped)
 *   DATABASE_URL=postgres://… npx tsx scripts/generate-sales.ts 5000 5000
 *
 * SALES cars become sold with one active sale each (sale dates over the last three years, after the car
 * entered stock; 80% with a purchase price), about 6% more sales are cancelled ones on cars back on sale;
 * generated cars marked sold without a sale go back on sale. LEADS leads over the last two years, every
 * type and status, with their history (a first contact after 1 to 48 hours). Six salespeople are added.
 */
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { vnDayKey } from '../src/contract/format';
import { LEAD_STATUSES, LEAD_TYPES, type LeadStatus } from '../src/contract/leads';
import { loadConfig } from '../src/server/config';
import type { Db } from '../src/server/db/client';
import { openPglite, openPostgres } from '../src/server/db/client';
import { cars, leadEvents, leads, sales, users } from '../src/server/db/schema';
import { rng } from '../src/server/db/seed/demo-cars-data';

const DAY = 86_400_000;
const H = 3_600_000;
const SELLERS = [
  'Nguyễn Văn Bán',
  'Trần Thị Hàng',
  'Lê Minh Đạt',
  'Phạm Quốc Huy',
  'Hoàng Thu Trang',
  'Võ Đức Thắng',
];

async function chunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Adds `count` active sales (and ~6% cancelled ones) to the generated cars; returns the counts made. */
export async function generateSales(
  db: Db,
  count: number,
  seed = 7,
): Promise<{ sales: number; cancelled: number }> {
  const r = rng(seed);
  const stamp = Date.now().toString(36);
  const sellers = await db
    .insert(users)
    .values(
      SELLERS.map((fullName, i) => ({
        username: `bench.seller${i + 1}.${stamp}`,
        passwordHash: 'x',
        fullName,
        searchText: fullName.toLowerCase(),
      })),
    )
    .returning({ id: users.id });
  const withSale = db.select({ id: sales.carId }).from(sales);
  const all = await db
    .select({
      id: cars.id,
      carName: cars.carName,
      brand: cars.brand,
      sellPrice: cars.sellPrice,
      createdAt: cars.createdAt,
    })
    .from(cars)
    .where(notInArray(cars.id, withSale))
    .orderBy(asc(cars.id));
  // Shuffle, then the first `count` are sold and the next ones had a sale cancelled.
  for (let i = all.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [all[i], all[j]] = [all[j], all[i]];
  }
  const sold = all.slice(0, count);
  const cancelled = all.slice(count, count + Math.round(count * 0.06));
  const now = Date.now();
  const row = (c: (typeof all)[number], cancel: boolean) => {
    const created = c.createdAt.getTime();
    const day = Math.min(now, Math.max(created, now - 3 * 365 * DAY) + r.int(1, 120) * DAY);
    const salePrice = Math.round((c.sellPrice * (0.95 + r.next() * 0.05)) / 1_000_000) * 1_000_000;
    return {
      carId: c.id,
      carName: c.carName,
      brand: c.brand,
      listPrice: c.sellPrice,
      buyerName: `Khách hàng ${c.id}`,
      buyerPhone: `09${String(10_000_000 + c.id).slice(-8)}`,
      salePrice,
      purchasePrice: r.chance(0.8)
        ? Math.round((salePrice * (0.85 + r.next() * 0.08)) / 1_000_000) * 1_000_000
        : null,
      saleDate: vnDayKey(new Date(day)),
      paymentMethod: r.pick(['CASH', 'TRANSFER', 'INSTALLMENT']),
      salespersonId: r.pick(sellers).id,
      searchText: `khach hang ${c.id} ${c.carName.toLowerCase()}`,
      createdAt: new Date(day),
      cancelledAt: cancel ? new Date(Math.min(now, day + 3 * DAY)) : null,
      cancelReason: cancel ? 'Khách đổi ý' : null,
    };
  };
  await db.transaction(async (tx) => {
    await chunked(sold, 1000, (chunk) => tx.insert(sales).values(chunk.map((c) => row(c, false))));
    await chunked(cancelled, 1000, (chunk) => tx.insert(sales).values(chunk.map((c) => row(c, true))));
    const soldIds = sold.map((c) => c.id);
    await chunked(soldIds, 1000, (ids) =>
      tx.update(cars).set({ status: 'sold' }).where(inArray(cars.id, ids)),
    );
    // Generated cars marked sold without a sale go back on sale.
    await tx
      .update(cars)
      .set({ status: 'available' })
      .where(
        and(
          eq(cars.status, 'sold'),
          sql`not exists (select 1 from sales s where s.car_id = ${cars.id} and s.cancelled_at is null)`,
        ),
      );
  });
  return { sales: sold.length, cancelled: cancelled.length };
}

/** Adds `count` leads over the last two years, with their history. */
export async function generateLeads(db: Db, count: number, seed = 11): Promise<number> {
  const r = rng(seed);
  const now = Date.now();
  const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, () => {
      const type = r.pick([...LEAD_TYPES]);
      const created = new Date(now - r.int(0, 730 * 24) * H - r.int(0, 3_599) * 1000);
      let status = r.pick([...LEAD_STATUSES]);
      if (status === 'SCHEDULED' && type === 'CONSULTING') status = 'CONTACTED';
      const id = randomUUID();
      return {
        lead: {
          type,
          reference: `${type === 'TEST_DRIVE' ? 'LT' : type === 'MAINTENANCE' ? 'BD' : 'TV'}-${id.slice(0, 8).toUpperCase()}`,
          clientRequestId: id,
          status,
          fullName: `Khách ${id.slice(0, 6)}`,
          phone: '0901234567',
          preferredDate:
            type === 'CONSULTING' ? null : vnDayKey(new Date(created.getTime() + r.int(1, 14) * DAY)),
          createdAt: created,
          updatedAt: created,
        },
        firstContactHours: r.int(1, 48),
      };
    });
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(leads)
        .values(batch.map((b) => b.lead))
        .returning({ id: leads.id, status: leads.status, createdAt: leads.createdAt });
      const events = inserted.flatMap((l, i) => {
        const at = l.createdAt.getTime();
        const out: (typeof leadEvents.$inferInsert)[] = [
          { leadId: l.id, kind: 'CREATED', toStatus: 'NEW', createdAt: l.createdAt },
        ];
        const status = l.status as LeadStatus;
        if (status === 'NEW') return out;
        const steps =
          status === 'CANCELLED' ? ['NEW', 'CANCELLED'] : chain.slice(0, chain.indexOf(status) + 1);
        let t = at + batch[i].firstContactHours * H;
        for (let k = 1; k < steps.length; k++) {
          out.push({
            leadId: l.id,
            kind: 'STATUS',
            fromStatus: steps[k - 1],
            toStatus: steps[k],
            createdAt: new Date(Math.min(t, now)),
          });
          t += r.int(2, 72) * H;
        }
        return out;
      });
      await chunked(events, 1000, (chunk) => tx.insert(leadEvents).values(chunk));
    });
  }
  return count;
}

async function main() {
  const salesCount = Number(process.argv[2] ?? 5_000);
  const leadsCount = Number(process.argv[3] ?? 5_000);
  if (![salesCount, leadsCount].every((n) => Number.isInteger(n) && n >= 0 && n <= 1_000_000)) {
    console.error('Số giao dịch / yêu cầu không hợp lệ: dùng số nguyên từ 0 đến 1.000.000');
    process.exit(1);
  }
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl)
    : await openPglite(config.dataDir);
  try {
    const made = await generateSales(database.db, salesCount);
    await generateLeads(database.db, leadsCount);
    console.log(
      `Đã thêm ${made.sales} giao dịch bán, ${made.cancelled} giao dịch đã hủy và ${leadsCount} yêu cầu dịch vụ`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
