import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cars } from '../cars/schema';
import { users } from '../users/schema';

/** The board's columns in order, each with its time limit in working hours and who answers for it. */
export const reconStages = pgTable('recon_stages', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
  maxHours: integer('max_hours').notNull(),
  ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
});

/** One row of settings: the listing gate's photo minimum. */
export const reconSettings = pgTable('recon_settings', {
  id: integer('id').primaryKey().default(1),
  minListingPhotos: integer('min_listing_photos').notNull().default(6),
});

/**
 * Where each car stands on the board. A preparing car without a row is in the first stage since it
 * entered stock; the row is written when it moves (or when the late sweep first looks at it).
 */
export const reconCars = pgTable('recon_cars', {
  carId: integer('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  stage: text('stage').notNull(),
  stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull(),
  // The day the car reached the showroom when it is not the day its stock record was made (a car
  // entered afterwards, the demo showroom); "days since purchase" counts from it.
  receivedAt: timestamp('received_at', { withTimezone: true }),
  // Set when the stage's owner was told the car is late; cleared by the next move.
  lateAlertedAt: timestamp('late_alerted_at', { withTimezone: true }),
});

/** The work a car needs: estimated, approved by a manager, done at an actual cost (or refused). */
export const reconItems = pgTable(
  'recon_items',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    group: text('group').notNull(),
    estimateParts: bigint('estimate_parts', { mode: 'number' }).notNull().default(0),
    estimateLabour: bigint('estimate_labour', { mode: 'number' }).notNull().default(0),
    vendor: text('vendor'),
    status: text('status').notNull().default('PENDING'),
    actualCost: bigint('actual_cost', { mode: 'number' }),
    inspectionItemId: integer('inspection_item_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recon_items_car_idx').on(t.carId, t.status)],
);
