import { sql } from 'drizzle-orm';
import {
  bigserial,
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
    /** What the visitor quotes on the phone: LT-/BD-/TV- and 8 characters of the request id. */
    reference: text('reference').notNull(),
    /** The form's idempotency key: a second submission of the same form finds this row. */
    clientRequestId: uuid('client_request_id').notNull(),
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
  },
  (t) => [
    uniqueIndex('leads_client_request_idx').on(t.clientRequestId),
    index('leads_type_created_idx').on(t.type, t.createdAt),
    index('leads_type_status_idx').on(t.type, t.status),
    index('leads_type_date_idx').on(t.type, t.preferredDate),
    index('leads_assignee_idx').on(t.assigneeId).where(sql`assignee_id is not null`),
  ],
);

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
    /** A move of the booking (SCHEDULE) or the reminder sent (REMINDER): the day and slot before and after. */
    detail: jsonb('detail').$type<BookingMove>(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_events_lead_idx').on(t.leadId, t.createdAt)],
);
