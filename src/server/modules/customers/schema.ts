import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * One person the showroom deals with. Found by phone (customer_phones, the `84…` form); a person known
 * only by an e-mail (an alert subscription) has no phone until one is learnt. A merged record stays,
 * pointing at the one it went into, so nothing it held is lost and its code still leads somewhere.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull().default(''),
    /** The main number (`84912345678`); every number is in customer_phones. */
    phone: text('phone'),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    /** Ticked "Nhận thông báo qua Zalo" on a form (or told staff so). */
    zaloConsent: boolean('zalo_consent').notNull().default(false),
    /** Said to stop: no Zalo message ever goes to this customer again, whatever a later form says. */
    zaloOptedOutAt: timestamp('zalo_opted_out_at', { withTimezone: true }),
    notes: text('notes'),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** Folded name, phones (both forms), e-mails and code: accent-insensitive search. */
    searchText: text('search_text').notNull().default(''),
    mergedIntoId: integer('merged_into_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_activity_idx').on(t.lastActivityAt).where(sql`merged_into_id is null`),
    index('customers_owner_idx').on(t.ownerId),
  ],
);

/** Every number a customer is known by; a number belongs to one customer. */
export const customerPhones = pgTable('customer_phones', {
  phone: text('phone').primaryKey(),
  customerId: integer('customer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The customer's timeline: what another module created for them (a lead, a reservation, an alert
 * subscription, a deal, a message: `refId` is that module's id, unique per kind) and what staff did
 * here (a call, a note, a merge).
 */
export const customerEntries = pgTable(
  'customer_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The other module's id (LEAD, RESERVATION, ALERT, DEAL, MESSAGE); null for this module's own. */
    refId: text('ref_id'),
    /** The lead type, the message kind, the call outcome. */
    subtype: text('subtype'),
    title: text('title').notNull(),
    status: text('status'),
    link: text('link'),
    /** The staff member who handles it (a lead's assignee) or did it (a call). */
    staffId: integer('staff_id'),
    byName: text('by_name'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customer_entries_ref_idx').on(t.kind, t.refId).where(sql`ref_id is not null`),
    index('customer_entries_customer_idx').on(t.customerId, t.occurredAt),
  ],
);
