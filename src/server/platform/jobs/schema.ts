import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Scheduled work (reminders, alerts, digests, clean-ups) stored in the database, so it survives a
 * restart and runs once whatever the number of server processes: a process claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds them for a lease; a process that dies mid-job lets its lease
 * run out and another (or the restarted one) runs the job again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which handler runs it ("lead.follow-up", "alerts.digest", ...). */
    name: text('name').notNull(),
    /** Unique while it exists: scheduling the same key twice keeps one job (a period's run, a lead's reminder). */
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** pending, done, failed (gave up after its attempts), cancelled. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_key_idx').on(t.key),
    index('jobs_due_idx').on(t.runAt).where(sql`state = 'pending'`),
  ],
);
