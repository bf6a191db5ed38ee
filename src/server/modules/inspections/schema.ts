import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { InspectionSummary, Pledge } from '../../../contract/inspections-labels';
import { cars } from '../cars/schema';

/** The inspection template: items in seven groups (contract INSPECTION_GROUPS). Retired, never deleted. */
export const inspectionItems = pgTable(
  'inspection_items',
  {
    id: serial('id').primaryKey(),
    group: text('group').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    retired: boolean('retired').notNull().default(false),
    pledges: jsonb('pledges').$type<Pledge[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_items_group_idx').on(t.group, t.position)],
);

/** One report per car; its summary (derived on save) is also kept on the car row for the lists. */
export const inspectionReports = pgTable('inspection_reports', {
  carId: integer('car_id')
    .primaryKey()
    .references(() => cars.id, { onDelete: 'cascade' }),
  inspectorName: text('inspector_name').notNull(),
  inspectedOn: date('inspected_on', { mode: 'string' }).notNull(),
  odometerKm: integer('odometer_km').notNull(),
  conclusion: text('conclusion').notNull().default(''),
  staffNote: text('staff_note').notNull().default(''),
  summary: jsonb('summary').$type<InspectionSummary>().notNull(),
  updatedBy: integer('updated_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A report's items as they were when it was saved: label, group, position and pledges are copied from
 * the template, so renaming or retiring an item never rewrites an old report. result null: not checked.
 */
export const inspectionResults = pgTable(
  'inspection_results',
  {
    carId: integer('car_id')
      .notNull()
      .references(() => inspectionReports.carId, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => inspectionItems.id),
    group: text('group').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    pledges: jsonb('pledges').$type<Pledge[]>().notNull().default([]),
    result: text('result'),
    note: text('note').notNull().default(''),
    photoId: integer('photo_id'),
  },
  (t) => [primaryKey({ columns: [t.carId, t.itemId] })],
);

/** Photos of noted items, stored through the image pipeline before the report that names them is saved. */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inspection_photos_car_idx').on(t.carId)],
);

/** Numbered defect markers on one of the car's photos, x and y in percent of the photo (0..100). */
export const inspectionMarkers = pgTable(
  'inspection_markers',
  {
    carId: integer('car_id')
      .notNull()
      .references(() => inspectionReports.carId, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    x: real('x').notNull(),
    y: real('y').notNull(),
    label: text('label').notNull(),
    // A car photo (cars module); a marker whose photo was removed is not shown.
    photoId: integer('photo_id').notNull(),
  },
  (t) => [uniqueIndex('inspection_markers_car_number_idx').on(t.carId, t.number)],
);
