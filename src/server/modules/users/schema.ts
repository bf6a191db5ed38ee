import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    email: text('email'),
    /**
     * The address the owner last confirmed: set it in the profile with the current password, used a
     * code mailed to it, or reported a change from it. Codes a manager triggers go only there.
     */
    confirmedEmail: text('confirmed_email'),
    /** Who set the current address when it was someone other than its owner (an ADMIN, a creator). */
    emailSetBy: integer('email_set_by'),
    emailSetAt: timestamp('email_set_at', { withTimezone: true }),
    phone: text('phone'),
    role: text('role').notNull().default('STAFF'),
    active: boolean('active').notNull().default(true),
    /** "Nhận yêu cầu": takes part in the automatic hand-out of new leads (service staff and admins only). */
    receivesLeads: boolean('receives_leads').notNull().default(false),
    // Folded name, username, e-mail and phone, written on save: accent-insensitive search on any database.
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_search_idx').on(t.searchText)],
);

export const permissions = pgTable('permissions', {
  name: text('name').primaryKey(),
  label: text('label').notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission')
      .notNull()
      .references(() => permissions.name),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permission] })],
);

/** One row per signed-in token: logout, password change and deactivation revoke rows. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // Shown to the owner in the profile's list of sessions; the idle timeout counts from lastUsedAt.
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId).where(sql`revoked_at is null`)],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    // 'reset' (asked for by the owner or sent by a manager) or 'invite' (a new account's first password).
    purpose: text('purpose').notNull().default('reset'),
    /** The address the code was mailed to: the code is good only while the account still has it. */
    sentTo: text('sent_to'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);
