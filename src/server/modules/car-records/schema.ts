import { boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { cars } from '../cars/schema';

/** A car's papers, one row per car (absent: nothing known yet). Enumerations hold the contract's keys. */
export const carPapers = pgTable('car_papers', {
  carId: integer('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  /** personal | company (contract OWNER_TYPES) */
  ownerType: text('owner_type'),
  vatInvoice: boolean('vat_invoice'),
  registrationUntil: date('registration_until', { mode: 'string' }),
  liabilityInsuranceUntil: date('liability_insurance_until', { mode: 'string' }),
  bodyInsuranceUntil: date('body_insurance_until', { mode: 'string' }),
  /** none | mortgaged | released (contract LOAN_STATUSES) */
  loanStatus: text('loan_status'),
  fineCheckedOn: date('fine_checked_on', { mode: 'string' }),
  /** none | paid (contract FINE_RESULTS) */
  fineResult: text('fine_result'),
  /** Staff only: never in the public answer. */
  staffNote: text('staff_note').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Work done on a car before the showroom sold it: entered by staff or imported from a brand's history. */
export const carServiceRecords = pgTable(
  'car_service_records',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    servicedOn: date('serviced_on', { mode: 'string' }).notNull(),
    km: integer('km').notNull(),
    work: text('work').notNull(),
    place: text('place').notNull().default(''),
    /** Brought in by an import: its odometer reading is kept even when it goes backwards (and flags the car). */
    imported: boolean('imported').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_service_records_car_idx').on(t.carId, t.servicedOn)],
);
