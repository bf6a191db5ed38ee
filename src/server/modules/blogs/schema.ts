import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/schema';

/** News posts. `content` is stored already sanitised to the allow-list. */
export const blogs = pgTable(
  'blogs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    summary: text('summary').notNull().default(''),
    content: text('content').notNull(),
    category: text('category').notNull(),
    coverImage: jsonb('cover_image'),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    viewCount: integer('view_count').notNull().default(0),
    searchText: text('search_text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blogs_active_published_idx').on(t.active, t.publishedAt),
    index('blogs_category_idx').on(t.category, t.active),
  ],
);
