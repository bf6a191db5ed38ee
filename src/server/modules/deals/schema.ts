import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DocumentHandover } from '../../../contract/deal-documents';
import { cars } from '../cars/schema';
import { sales } from '../sales/schema';
import { users } from '../users/schema';

/**
 * Deals: one buyer, one car, from the quote to the ownership transfer. The buyer's details live on the
 * deal itself; the car's name and price are copied when the deal starts, its identity (VIN, engine
 * number, plate) is typed from its registration. At most one open deal per car (the partial index is
 * the last guard behind the car's row lock).
 */
export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    status: text('status').notNull().default('quote'),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'restrict' }),
    carName: text('car_name').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerEmail: text('customer_email'),
    customerIdNumber: text('customer_id_number'),
    customerAddress: text('customer_address'),
    reservationCode: text('reservation_code'),
    leadId: integer('lead_id'),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** The on-road fees as the car page computes them, line by line, when the price was set. */
    fees: jsonb('fees').$type<{ label: string; amount: number; basis: string }[]>().notNull().default([]),
    tradeInDescription: text('trade_in_description'),
    tradeInValue: bigint('trade_in_value', { mode: 'number' }).notNull().default(0),
    tradeInLeadId: integer('trade_in_lead_id'),
    vin: text('vin'),
    engineNumber: text('engine_number'),
    plate: text('plate'),
    handover: jsonb('handover').$type<DocumentHandover>(),
    note: text('note').notNull().default(''),
    salespersonId: integer('salesperson_id').references(() => users.id, { onDelete: 'set null' }),
    saleId: integer('sale_id').references(() => sales.id, { onDelete: 'set null' }),
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('deals_code_key').on(t.code),
    uniqueIndex('deals_one_open_per_car')
      .on(t.carId)
      .where(sql`status in ('quote', 'deposit', 'contract_signed', 'paid')`),
    index('deals_status_idx').on(t.status, t.updatedAt.desc()),
    index('deals_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** Every move of a deal's status: the timeline, with who and why. */
export const dealEvents = pgTable(
  'deal_events',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_events_deal_idx').on(t.dealId, t.at)],
);

/** The payments ledger: money in (deposit, balance, loan disbursement) and out (refunds). Never edited. */
export const dealPayments = pgTable(
  'deal_payments',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_payments_deal_idx').on(t.dealId, t.recordedAt)],
);

/**
 * Loan applications: one per bank asked (a refusal leaves its row, another bank may follow). The bank's
 * rate is copied from the settings when the application is made.
 */
export const dealLoans = pgTable(
  'deal_loans',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    bankName: text('bank_name').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    termMonths: integer('term_months').notNull(),
    interestRate: doublePrecision('interest_rate').notNull(),
    status: text('status').notNull().default('submitted'),
    conditions: text('conditions').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
  },
  (t) => [index('deal_loans_deal_idx').on(t.dealId, t.submittedAt)],
);

/** The papers collected for a deal, one row per item once staff touch it (none: "Chưa nhận"). */
export const dealChecklist = pgTable(
  'deal_checklist',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    item: text('item').notNull(),
    status: text('status').notNull(),
    /** The scan in private storage (PDF, JPEG or PNG), never public. */
    scanKey: text('scan_key'),
    scanType: text('scan_type'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_checklist_item_key').on(t.dealId, t.item)],
);

/** The ownership transfer's steps: who owns each, and the day it was done (Vietnam). */
export const dealTransferSteps = pgTable(
  'deal_transfer_steps',
  {
    id: serial('id').primaryKey(),
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    step: text('step').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    doneOn: date('done_on', { mode: 'string' }),
    /** The day staff were told the step is late (once per step). */
    lateNotifiedOn: date('late_notified_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deal_transfer_steps_step_key').on(t.dealId, t.step)],
);
