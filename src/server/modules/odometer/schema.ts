import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cars } from '../cars/schema';

/**
 * Every odometer reading a car's records hold (the listing, the inspection, service records, imported
 * histories), on the day it was read. Readings in day order must never go down: a staff entry that would
 * make them go down is refused; an imported history that does is kept and flags the car.
 */
export const carOdometerReadings = pgTable(
  'car_odometer_readings',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    /** listing | inspection | service | import (contract ODOMETER_SOURCES). */
    source: text('source').notNull(),
    /** The owning record (a service record, a report); null for the listing. */
    sourceId: integer('source_id'),
    readOn: date('read_on', { mode: 'string' }).notNull(),
    km: integer('km').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_odometer_readings_car_idx').on(t.carId, t.readOn)],
);
