import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Home page banners (overview / sliders). `image` holds the stored image's widths and URLs. */
export const sliders = pgTable(
  'sliders',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    link: text('link').notNull().default(''),
    buttonText: text('button_text').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    image: jsonb('image'),
    active: boolean('active').notNull().default(true),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sliders_active_order_idx').on(t.active, t.sortOrder)],
);
