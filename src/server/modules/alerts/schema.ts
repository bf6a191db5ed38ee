import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SavedSearchFilters } from '../../../contract/alerts-labels';
import { cars } from '../cars/schema';

/**
 * A visitor's saved search ('search': new cars matching the list's filters) or price alert ('price':
 * one car's price falling), by e-mail, without an account, and on Zalo when a phone was given with
 * consent. Nothing is sent before the owner confirms from the e-mail (double opt-in). One live (waiting or confirmed) subscription per address and
 * search: the partial unique index is the last guard behind the address's lock.
 */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The owner's mobile (0… form) when given with the sign-up: the same news reach it on Zalo. */
    phone: text('phone'),
    /** 'search' or 'price'. */
    kind: text('kind').notNull(),
    filters: jsonb('filters').$type<SavedSearchFilters>(),
    /** The normalised filters as text, or 'car:<id>': what makes two sign-ups the same. */
    matchKey: text('match_key').notNull(),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'cascade' }),
    /** 'pending' (waiting for confirmation), 'active', 'ended'. */
    status: text('status').notNull().default('pending'),
    /** A saved search's mark: cars with a higher id are new to it (the stock's last id when it was saved). */
    lastCarId: integer('last_car_id').notNull().default(0),
    /** A price alert's mark: the lowest price the owner has been told (the price when it was saved). */
    notifiedPrice: bigint('notified_price', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'unsubscribed' or 'sold'. */
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('alert_subscriptions_live_idx')
      .on(t.email, t.matchKey)
      .where(sql`status in ('pending', 'active')`),
    index('alert_subscriptions_email_idx').on(t.email),
    index('alert_subscriptions_status_created_idx').on(t.status, t.createdAt),
    index('alert_subscriptions_car_idx').on(t.carId),
  ],
);

/**
 * One row per address and day a digest was mailed (or is being mailed): taken before sending, so a
 * second run the same day, on this process or another, finds it and sends nothing.
 */
export const alertDigests = pgTable(
  'alert_digests',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The day in Vietnam (yyyy-mm-dd). */
    day: text('day').notNull(),
    /** 'sending', then 'sent'. */
    status: text('status').notNull().default('sending'),
    /** What the mail listed: car ids per subscription, for support and tests. */
    items: jsonb('items').$type<DigestItems>().notNull().default({ searches: {}, drops: [], sold: [] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_digests_email_day_idx').on(t.email, t.day),
    index('alert_digests_day_idx').on(t.day),
  ],
);

export interface DigestItems {
  /** Subscription id -> the new cars' ids listed. */
  searches: Record<string, number[]>;
  /** Watched cars whose drop was listed. */
  drops: { carId: number; from: number; to: number }[];
  /** Watched cars listed as sold (their alerts ended). */
  sold: number[];
}
