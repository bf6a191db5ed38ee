import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every Zalo (ZNS) message the showroom meant to send: queued in the transaction of the step that
 * causes it, sent by a stored job (once across processes, retried with backoff), its state kept here
 * and on the customer's timeline, updated by Zalo's delivery callback.
 */
export const zaloMessages = pgTable(
  'zalo_messages',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id'),
    /** `84…`, as ZNS takes it. */
    phone: text('phone').notNull(),
    kind: text('kind').notNull(),
    templateId: text('template_id'),
    templateData: jsonb('template_data').$type<Record<string, string | number>>().notNull(),
    /** Our id in ZNS's `tracking_id`: the delivery callback names the message by it. */
    trackingId: text('tracking_id').notNull(),
    /** One message per cause ("booking-confirmed:lead:12"): a step told twice queues one message. */
    dedupeKey: text('dedupe_key').notNull(),
    /** QUEUED, SENT, DELIVERED, FAILED, SKIPPED, OUTBOX. */
    state: text('state').notNull().default('QUEUED'),
    /** Why it failed or was skipped, in Vietnamese, with Zalo's error code. */
    reason: text('reason'),
    errorCode: integer('error_code'),
    /** ZNS's msg_id of a sent message. */
    zaloMsgId: text('zalo_msg_id'),
    attempts: integer('attempts').notNull().default(0),
    /** Who sent it by hand, null for the showroom's automatic messages. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('zalo_messages_tracking_idx').on(t.trackingId),
    uniqueIndex('zalo_messages_dedupe_idx').on(t.dedupeKey),
    index('zalo_messages_phone_idx').on(t.phone, t.createdAt),
    index('zalo_messages_msg_idx').on(t.zaloMsgId).where(sql`zalo_msg_id is not null`),
  ],
);

/**
 * The OA's access token and the refresh token that renews it (Zalo hands out a new refresh token with
 * each renewal and the old one stops working, so it lives here, not only in ZALO_REFRESH_TOKEN).
 * `seed`: the ZALO_REFRESH_TOKEN this row started from; a new value in the environment starts again.
 */
export const zaloTokens = pgTable('zalo_tokens', {
  appId: text('app_id').primaryKey(),
  accessToken: text('access_token'),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  seed: text('seed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
