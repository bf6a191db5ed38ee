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
import { cars } from '../cars/schema';
import { users } from '../users/schema';

/**
 * Online reservations: a visitor's deposit that holds a car. The car, its price and the bank account
 * are copied as they were, so a later edit of the car or the settings never changes what the visitor
 * was asked to pay. At most one open reservation (awaiting or paid) per car: the partial unique index
 * is the last guard behind the car's row lock.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'restrict' }),
    carName: text('car_name').notNull(),
    carPrice: bigint('car_price', { mode: 'number' }).notNull(),
    customerName: text('customer_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    bankBin: text('bank_bin').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    status: text('status').notNull().default('awaiting'),
    clientRequestId: text('client_request_id'),
    /** The digest of the submitted body: the same clientRequestId with another body is refused (422). */
    requestHash: text('request_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidVia: text('paid_via'),
    /** What the bank said arrived (a transfer may exceed the deposit). */
    paidAmount: bigint('paid_amount', { mode: 'number' }),
    bankReference: text('bank_reference'),
    saleId: integer('sale_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelReason: text('cancel_reason'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundAmount: bigint('refund_amount', { mode: 'number' }),
    refundReason: text('refund_reason'),
    refundReference: text('refund_reference'),
    note: text('note').notNull().default(''),
    /** The visitor's address: one unpaid hold per address, and the squatting signals staff see. */
    sourceIp: text('source_ip'),
    /** When the visitor pressed "Tôi đã chuyển khoản" (the hold then runs until a person can confirm). */
    claimedPaidAt: timestamp('claimed_paid_at', { withTimezone: true }),
    /** When staff were told a paid hold ran out (once). */
    lapseNotifiedAt: timestamp('lapse_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reservations_code_key').on(t.code),
    uniqueIndex('reservations_request_key').on(t.clientRequestId),
    uniqueIndex('reservations_one_open_per_car').on(t.carId).where(sql`status in ('awaiting', 'paid')`),
    index('reservations_status_idx').on(t.status, t.expiresAt),
    index('reservations_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // One visitor's holds, found by each of their marks (the one-unpaid-hold rule and the signals).
    index('reservations_phone_idx').on(t.phone, t.createdAt),
    index('reservations_email_idx').on(t.email, t.createdAt),
    index('reservations_ip_idx').on(t.sourceIp, t.createdAt),
  ],
);

/**
 * Every bank-transfer notification received, stored before it is acknowledged: the provider's id is
 * unique, so a redelivery is recognised and processed once.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    gateway: text('gateway').notNull(),
    accountNumber: text('account_number').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    content: text('content').notNull(),
    referenceCode: text('reference_code'),
    transferType: text('transfer_type').notNull(),
    transactionDate: text('transaction_date').notNull(),
    payload: jsonb('payload').notNull(),
    outcome: text('outcome').notNull(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledNote: text('handled_note'),
  },
  (t) => [
    uniqueIndex('payment_notifications_provider_key').on(t.provider, t.providerId),
    index('payment_notifications_received_idx').on(t.receivedAt.desc(), t.id.desc()),
  ],
);
