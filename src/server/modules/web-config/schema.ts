import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The showroom's settings as one JSON document (validated by the contract on every write). */
export const webConfiguration = pgTable('web_configuration', {
  id: integer('id').primaryKey().default(1),
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
