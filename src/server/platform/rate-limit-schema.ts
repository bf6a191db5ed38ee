import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and sign-in counters, shared by every server process on the database: a limit is the
 * limit of the whole deployment, not of each process. One row per counted key (a form and an address,
 * a username and an address, ...), its fixed window, and the time before which the key is refused.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull().default(0),
    windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowEnds)],
);
