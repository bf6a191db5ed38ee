import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { InspectionSummary } from '../../../contract/inspections-labels';

const VISIBLE = sql`status in ('available', 'pending')`;

/** The inventory. Enumerations hold the contract's keys (src/contract/cars.ts). */
export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    carName: text('car_name').notNull(),
    brand: text('brand').notNull(),
    model: text('model').notNull(),
    version: text('version').notNull().default(''),
    year: integer('year').notNull(),
    sellPrice: bigint('sell_price', { mode: 'number' }).notNull(),
    odo: integer('odo').notNull(),
    bodyType: text('body_type').notNull(),
    size: integer('size').notNull(),
    fuel: text('fuel').notNull(),
    transmission: text('transmission').notNull(),
    drivetrain: text('drivetrain'),
    engine: text('engine').notNull().default(''),
    exteriorColor: text('exterior_color').notNull(),
    interiorColor: text('interior_color').notNull(),
    origin: text('origin').notNull(),
    licensePlateRegion: text('license_plate_region').notNull().default(''),
    previousOwners: integer('previous_owners').notNull().default(1),
    description: text('description').notNull().default(''),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('available'),
    // Written on save (contract matchKey / carSearchText): exact and accent-insensitive matching on any database.
    brandKey: text('brand_key').notNull(),
    exteriorColorKey: text('exterior_color_key').notNull(),
    interiorColorKey: text('interior_color_key').notNull(),
    searchText: text('search_text').notNull().default(''),
    searchCompact: text('search_compact').notNull().default(''),
    // The first photo, kept with the car so lists need no join.
    coverKey: text('cover_key'),
    coverWidth: integer('cover_width'),
    coverHeight: integer('cover_height'),
    photoCount: integer('photo_count').notNull().default(0),
    // The last price drop, kept from car_price_changes for lists ("Vừa giảm X triệu"): the price before
    // the drops of the last 30 days, and when the latest one happened.
    priceDropFrom: bigint('price_drop_from', { mode: 'number' }),
    priceDroppedAt: timestamp('price_dropped_at', { withTimezone: true }),
    // The inspection report's summary, written by the inspections module through the cars service when a
    // report is saved: the list shows "Đã kiểm định" and the pledges, and filters on it, without a join.
    inspection: jsonb('inspection').$type<InspectionSummary>(),
    // The public deal label (GREAT, GOOD, FAIR, HIGH) and how many market comparables it rests on: derived
    // by the valuations module from price ÷ market and written through the cars service, never typed.
    priceRating: text('price_rating'),
    priceRatingComparables: integer('price_rating_comparables'),
    // A car bought from the public: the buy-in lead it came from and what the showroom paid.
    originLeadId: integer('origin_lead_id'),
    purchasePrice: bigint('purchase_price', { mode: 'number' }),
    // The moment the car first became visible to the public (on sale or pending), null while it has
    // never been listed: the end of its "time to line" (docs/statistics.md). Kept when it goes back.
    listedAt: timestamp('listed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cars_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // The public list's sorts over visible cars (available, pending): the first page without a filter reads
    // a dozen index entries instead of sorting the whole stock.
    index('cars_visible_created_idx').on(t.createdAt.desc(), t.id.desc()).where(VISIBLE),
    index('cars_visible_price_idx').on(t.sellPrice, t.id).where(VISIBLE),
    index('cars_visible_odo_idx').on(t.odo, t.id).where(VISIBLE),
    index('cars_visible_year_idx').on(t.year.desc(), t.createdAt.desc(), t.id.desc()).where(VISIBLE),
    // The newest cars of a brand or a body type (the common filters) without sorting every match.
    index('cars_visible_brand_created_idx').on(t.brandKey, t.createdAt.desc(), t.id.desc()).where(VISIBLE),
    index('cars_visible_body_created_idx').on(t.bodyType, t.createdAt.desc(), t.id.desc()).where(VISIBLE),
    // The most common visitor search, brand and body type (and a price range): its count is an
    // index-only scan and its first page an ordered scan of the pair (docs/performance.md).
    index('cars_visible_brand_body_price_idx').on(t.brandKey, t.bodyType, t.sellPrice).where(VISIBLE),
    index('cars_visible_brand_body_created_idx')
      .on(t.brandKey, t.bodyType, t.createdAt.desc(), t.id.desc())
      .where(VISIBLE),
    index('cars_brand_status_price_idx').on(t.brandKey, t.status, t.sellPrice),
    index('cars_body_status_price_idx').on(t.bodyType, t.status, t.sellPrice),
    index('cars_ext_color_idx').on(t.exteriorColorKey),
    index('cars_int_color_idx').on(t.interiorColorKey),
    index('cars_year_idx').on(t.year),
    index('cars_size_idx').on(t.size),
    // "Vừa giảm giá" first: the latest drops, newest first.
    index('cars_visible_dropped_idx').on(t.priceDroppedAt.desc(), t.id.desc()).where(VISIBLE),
    // Dashboard statistics: cars by the day they entered stock, counted and valued from the index alone.
    index('cars_created_status_price_idx').on(t.createdAt, t.status, t.sellPrice),
  ],
);

/** Photos of a car in order; position 0 is the cover. `key` is the stored image's base key. */
export const carPhotos = pgTable(
  'car_photos',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_photos_car_idx').on(t.carId, t.position)],
);

/** Every change of a car's sell price: when, who, from what, to what (public without the who). */
export const carPriceChanges = pgTable(
  'car_price_changes',
  {
    id: serial('id').primaryKey(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    oldPrice: bigint('old_price', { mode: 'number' }).notNull(),
    newPrice: bigint('new_price', { mode: 'number' }).notNull(),
    changedBy: integer('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('car_price_changes_car_idx').on(t.carId, t.changedAt)],
);
