import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/**
 * Every lead of the three public forms in one table (type tells them apart): the dashboard lists,
 * the workflow and the statistics are the same for all three. Fields of another form stay null.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    /** What the visitor quotes on the phone: LT-/BD-/TV-/TM- and 8 random characters made by the server. */
    reference: text('reference').notNull(),
    /** The form's idempotency key: a second submission of the same form finds this row. */
    clientRequestId: uuid('client_request_id').notNull(),
    /** The digest of the submitted body (platform/fingerprint.ts): a key sent again with another body is refused. */
    requestHash: text('request_hash'),
    status: text('status').notNull().default('NEW'),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    carId: integer('car_id'),
    /** The car as it was named when the visitor chose it ("Toyota Vios 2020"). */
    carLabel: text('car_label'),
    preferredDate: date('preferred_date', { mode: 'string' }),
    timeSlot: text('time_slot'),
    licencePlate: text('licence_plate'),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    odometer: integer('odometer'),
    serviceType: text('service_type'),
    topic: text('topic'),
    message: text('message'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    /** Folded name, phone, e-mail, reference, car, plate: accent-insensitive search on any database. */
    searchText: text('search_text').notNull().default(''),
    sourceIp: text('source_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The response target counted in opening hours from arrival (sla.ts); null for leads sent before it. */
    responseDueAt: timestamp('response_due_at', { withTimezone: true }),
    /** When the lead first left "Mới": the first contact, which stops the clock. */
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    /** Set by the one alert a late lead gets: a second run of the job finds it set and stays silent. */
    slaAlertedAt: timestamp('sla_alerted_at', { withTimezone: true }),
    /** "Hẹn gọi lại": when staff promised to call back. */
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    followUpNote: text('follow_up_note'),
    /** The follow-up moment whose reminder was sent (a moved follow-up reminds again). */
    followUpRemindedFor: timestamp('follow_up_reminded_for', { withTimezone: true }),
    /** Where the visitor came from (LeadChannel) and the campaign or referring site; null before it was recorded. */
    sourceChannel: text('source_channel'),
    utmSource: text('utm_source'),
    utmCampaign: text('utm_campaign'),
    referrerHost: text('referrer_host'),
    /**
     * The chat so far, for a lead the visitor asked for from the advisor ([{role, content, fromServer}],
     * capped); fromServer: an advisor answer the server signed (absent in leads made before the mark).
     */
    transcript:
      jsonb('transcript').$type<{ role: 'user' | 'model'; content: string; fromServer?: boolean }[]>(),
  },
  (t) => [
    uniqueIndex('leads_client_request_idx').on(t.clientRequestId),
    index('leads_type_created_idx').on(t.type, t.createdAt),
    index('leads_type_status_idx').on(t.type, t.status),
    index('leads_type_date_idx').on(t.type, t.preferredDate),
    index('leads_assignee_idx').on(t.assigneeId).where(sql`assignee_id is not null`),
    index('leads_follow_up_idx').on(t.followUpAt).where(sql`follow_up_at is not null`),
  ],
);

/**
 * Whose turn it is to receive the next lead of a type (auto-assignment): one row per type, locked
 * by the transaction that hands a lead out, so two submissions at once never pick the same person.
 */
export const leadAssignmentTurns = pgTable('lead_assignment_turns', {
  leadType: text('lead_type').primaryKey(),
  lastUserId: integer('last_user_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/** The booked day and slot a history entry speaks of (from: before a move; to: after it, or the reminded one). */
export interface BookingMove {
  fromDate?: string | null;
  fromSlot?: string | null;
  toDate?: string | null;
  toSlot?: string | null;
}

/** The history of a lead: its creation, every status change, assignment and internal note, with who and when. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    assigneeId: integer('assignee_id'),
    assigneeName: text('assignee_name'),
    note: text('note'),
    /** A follow-up event's moment (null: the follow-up was removed). */
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    /** A move of the booking (SCHEDULE) or the reminder sent (REMINDER): the day and slot before and after. */
    detail: jsonb('detail').$type<BookingMove>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);

/**
 * What a buy-in lead ("Thu mua xe") carries beyond the shared columns (make, model, year, odometer,
 * preferred date, and the wanted car of a trade-in): the seller's answers, the engine's figures at
 * submission, the showroom's offer and, once bought, the stock car it became.
 */
export const purchaseLeads = pgTable('purchase_leads', {
  leadId: integer('lead_id')
    .primaryKey()
    .references(() => leads.id, { onDelete: 'cascade' }),
  version: text('version'),
  transmission: text('transmission'),
  fuel: text('fuel'),
  province: text('province'),
  owners: integer('owners'),
  accident: boolean('accident'),
  flood: boolean('flood'),
  serviceHistory: boolean('service_history'),
  estimate: bigint('estimate', { mode: 'number' }),
  estimateLow: bigint('estimate_low', { mode: 'number' }),
  estimateHigh: bigint('estimate_high', { mode: 'number' }),
  confidence: text('confidence'),
  tradeIn: boolean('trade_in').notNull().default(false),
  offerAmount: bigint('offer_amount', { mode: 'number' }),
  /** The offer's last day (Vietnam). */
  offerValidUntil: date('offer_valid_until', { mode: 'string' }),
  offeredAt: timestamp('offered_at', { withTimezone: true }),
  offerEmailed: boolean('offer_emailed').notNull().default(false),
  boughtCarId: integer('bought_car_id'),
});

/** The seller's photos (public storage, random keys), in the order sent; copied to the car when bought. */
export const purchasePhotos = pgTable(
  'purchase_photos',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [index('purchase_photos_lead_idx').on(t.leadId, t.position)],
);

/**
 * Submissions caught by the honeypot (a robot filled the hidden field): kept apart from the leads so
 * no staff list, count or job ever sees them, and only so the robot meets what a person would (its
 * link's page, moving and cancelling it, its slot taken when it looks again). The id is drawn from the
 * leads' own sequence, so the robot's link has the shape and the place of a real one.
 */
export const leadTraps = pgTable(
  'lead_traps',
  {
    id: integer('id').primaryKey(),
    type: text('type').notNull(),
    reference: text('reference').notNull(),
    clientRequestId: uuid('client_request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').notNull().default('NEW'),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    carId: integer('car_id'),
    carLabel: text('car_label'),
    preferredDate: date('preferred_date', { mode: 'string' }),
    timeSlot: text('time_slot'),
    licencePlate: text('licence_plate'),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    serviceType: text('service_type'),
    sourceIp: text('source_ip'),
    /** The customer-link move limit, as for a person: moves made on moveDay (Vietnam's day). */
    moveDay: text('move_day'),
    moveCount: integer('move_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lead_traps_request_idx').on(t.clientRequestId),
    index('lead_traps_ip_idx').on(t.sourceIp, t.type, t.preferredDate),
    index('lead_traps_created_idx').on(t.createdAt),
  ],
);
