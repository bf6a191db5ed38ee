import { bigint, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cars } from '../cars/schema';
import { users } from '../users/schema';

/**
 * The cost ledger of a stock car: what the showroom paid out for it, one row per payment, typed by
 * staff. The buy-in's purchase price (kept on the car) and the reconditioning total (the recon module's
 * completed work items) are added when the ledger is read, never copied here.
 */
export const carCostLines = pgTable(
  'car_cost_lines',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** contract ENTERED_COST_CATEGORIES */
    category: text('category').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    incurredOn: date('incurred_on', { mode: 'string' }).notNull(),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_cost_lines_car_idx').on(t.carId, t.incurredOn)],
);
