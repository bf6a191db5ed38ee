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
import { users } from '../users/schema';

/** One import of a price list: the file, who brought it, and what became of its rows. */
export const marketPriceImports = pgTable(
  'market_price_imports',
  {
    id: serial('id').primaryKey(),
    fileName: text('file_name').notNull(),
    format: text('format').notNull(),
    rowCount: integer('row_count').notNull(),
    imported: integer('imported').notNull(),
    duplicates: integer('duplicates').notNull(),
    refused: integer('refused').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('market_price_imports_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * A price seen on the market: a car (brand, model and version as the dictionary names them, with their
 * folded keys for grouping), its year, odometer and price, and what the file said besides. A row's
 * fingerprint (its car, figures, place, source and day) is unique: the same listing imported twice is
 * skipped as a duplicate. Deleting an import deletes its rows.
 */
export const marketPrices = pgTable(
  'market_prices',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => marketPriceImports.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull().default(''),
    brandKey: text('brand_key').notNull(),
    modelKey: text('model_key').notNull(),
    versionKey: text('version_key').notNull(),
    year: integer('year').notNull(),
    odo: integer('odo').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    transmission: text('transmission'),
    fuel: text('fuel'),
    bodyType: text('body_type'),
    origin: text('origin'),
    province: text('province').notNull().default(''),
    source: text('source').notNull().default(''),
    listedOn: date('listed_on', { mode: 'string' }),
    searchText: text('search_text').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('market_prices_fingerprint_idx').on(t.fingerprint),
    index('market_prices_batch_idx').on(t.batchId),
    index('market_prices_model_idx').on(t.modelKey, t.year),
    index('market_prices_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
