import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cars } from '../cars/schema';
import { users } from '../users/schema';

/**
 * Sold history: one row per sale. A cancelled sale keeps its row (cancelled_at set) and the car goes
 * back on sale; at most one sale per car is active, which the partial unique index enforces.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'restrict' }),
    // The car as it was sold, so history and statistics survive later edits.
    carName: text('car_name').notNull(),
    brand: text('brand').notNull(),
    listPrice: bigint('list_price', { mode: 'number' }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerPhone: text('buyer_phone').notNull(),
    buyerEmail: text('buyer_email'),
    salePrice: bigint('sale_price', { mode: 'number' }).notNull(),
    purchasePrice: bigint('purchase_price', { mode: 'number' }),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    salespersonId: integer('salesperson_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    note: text('note').notNull().default(''),
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    /** The online deposit kept on this sale (the car was held by a paid reservation), or null. */
    depositAmount: bigint('deposit_amount', { mode: 'number' }),
    reservationCode: text('reservation_code'),
    /**
     * What the car really cost the showroom on the sale day (its cost ledger plus holding cost,
     * docs/car-costs.md) and the sale price less it: fixed when the sale is recorded, null when unknown.
     */
    trueCost: bigint('true_cost', { mode: 'number' }),
    trueMargin: bigint('true_margin', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('sales_one_active_per_car').on(t.carId).where(sql`cancelled_at is null`),
    index('sales_car_idx').on(t.carId),
    index('sales_date_idx').on(t.saleDate.desc(), t.id.desc()),
    index('sales_salesperson_idx').on(t.salespersonId),
  ],
);
