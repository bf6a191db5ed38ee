import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Job postings. */
export const recruitments = pgTable(
  'recruitments',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    position: text('position').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('OPEN'),
    location: text('location').notNull(),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryText: text('salary_text').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    description: text('description').notNull(),
    requirements: text('requirements').notNull(),
    benefits: text('benefits').notNull().default(''),
    // The last day to apply, as a Vietnamese calendar day: open through the end of that day.
    deadline: date('deadline', { mode: 'string' }).notNull(),
    searchText: text('search_text').notNull().default(''),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('recruitments_status_deadline_idx').on(t.status, t.deadline)],
);

/** Applications to a posting; the CV file lives in storage under cvKey and is never served publicly. */
export const candidates = pgTable(
  'candidates',
  {
    id: serial('id').primaryKey(),
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    letter: text('letter').notNull().default(''),
    status: text('status').notNull().default('NEW'),
    cvKey: text('cv_key').notNull(),
    cvFileName: text('cv_file_name').notNull(),
    cvSize: integer('cv_size').notNull(),
    cvKind: text('cv_kind').notNull(),
    ip: text('ip'),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidates_recruitment_idx').on(t.recruitmentId, t.createdAt),
    index('candidates_status_idx').on(t.status),
  ],
);
