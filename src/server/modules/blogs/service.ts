import { and, count, desc, eq, isNotNull, like, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_LABELS,
  type BlogCategory,
  type BlogCategoryInfo,
  type BlogInput,
  type BlogSummary,
  type BlogView,
} from '../../../contract/blogs';
import type { Page } from '../../../contract/common';
import { foldVietnamese } from '../../../contract/text';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import {
  discardImages,
  imageView,
  type PreparedImage,
  type StoredImage,
  withStoredImage,
} from '../../platform/images';
import { escapeLike, pageOf } from '../../platform/paging';
import type { Storage } from '../../platform/storage';
import type { UsersService } from '../users/service';
import { excerpt, plainText, sanitizePostHtml } from './sanitize';
import { blogs } from './schema';

type BlogRow = typeof blogs.$inferSelect;
type Row = { blog: BlogRow; authorName: string | null };

/** "Đánh giá Toyota Vios 2021!" -> "danh-gia-toyota-vios-2021" */
export function slugify(title: string): string {
  return (
    foldVietnamese(title)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80)
      .replace(/-+$/, '') || 'bai-viet'
  );
}

interface PageQuery {
  page: number;
  size: number;
}

export class BlogsService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly people: Pick<UsersService, 'namesOf'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Posts with their authors' names (read from the users module in one query). */
  private async withAuthors(posts: BlogRow[]): Promise<Row[]> {
    const names = await this.people.namesOf(posts.map((b) => b.authorId));
    return posts.map((blog) => ({
      blog,
      authorName: blog.authorId ? (names.get(blog.authorId) ?? null) : null,
    }));
  }

  private async selectOne(where: SQL | undefined): Promise<Row | undefined> {
    const posts = await this.db.select().from(blogs).where(where);
    return (await this.withAuthors(posts))[0];
  }

  image(stored: unknown) {
    const img = stored as StoredImage | null;
    return img ? imageView(this.storage, img.key, img.width, img.height) : null;
  }

  private summary({ blog, authorName }: Row): BlogSummary {
    const category = blog.category as BlogCategory;
    return {
      blogId: blog.id,
      title: blog.title,
      slug: blog.slug,
      summary: blog.summary,
      category,
      categoryLabel: BLOG_CATEGORY_LABELS[category] ?? category,
      image: this.image(blog.coverImage),
      authorName,
      publishedAt: blog.publishedAt?.toISOString() ?? null,
      viewCount: blog.viewCount,
      active: blog.active,
      createdAt: blog.createdAt.toISOString(),
      updatedAt: blog.updatedAt.toISOString(),
    };
  }

  private view(row: Row): BlogView {
    return { ...this.summary(row), content: row.blog.content, authorId: row.blog.authorId };
  }

  private async page(
    where: ReturnType<typeof and>,
    q: PageQuery,
    order = 'published',
  ): Promise<Page<BlogSummary>> {
    const [{ total }] = await this.db.select({ total: count() }).from(blogs).where(where);
    const posts = await this.db
      .select()
      .from(blogs)
      .where(where)
      .orderBy(
        ...(order === 'published'
          ? [desc(blogs.publishedAt), desc(blogs.id)]
          : [desc(blogs.createdAt), desc(blogs.id)]),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const rows = await this.withAuthors(posts);
    return pageOf(
      rows.map((r) => this.summary(r)),
      total,
      q,
    );
  }

  private publicWhere() {
    return and(eq(blogs.active, true), isNotNull(blogs.publishedAt));
  }

  /** Active posts, newest first. */
  listPublic(q: PageQuery) {
    return this.page(this.publicWhere(), q);
  }

  listPublicByCategory(category: BlogCategory, q: PageQuery) {
    return this.page(and(this.publicWhere(), eq(blogs.category, category)), q);
  }

  async categories(): Promise<BlogCategoryInfo[]> {
    const rows = await this.db
      .select({ category: blogs.category, n: count() })
      .from(blogs)
      .where(this.publicWhere())
      .groupBy(blogs.category);
    const counts = new Map(rows.map((r) => [r.category, r.n]));
    return BLOG_CATEGORIES.map((value) => ({
      value,
      label: BLOG_CATEGORY_LABELS[value],
      count: counts.get(value) ?? 0,
    }));
  }

  listAdmin(q: PageQuery & { search?: string; category?: BlogCategory; active?: boolean }) {
    const folded = q.search ? foldVietnamese(q.search) : '';
    return this.page(
      and(
        folded ? like(blogs.searchText, `%${escapeLike(folded)}%`) : undefined,
        q.category ? eq(blogs.category, q.category) : undefined,
        q.active === undefined ? undefined : eq(blogs.active, q.active),
      ),
      q,
      'created',
    );
  }

  /** A visitor reading a post: active only; each read counts one view. */
  async readPublic(id: number): Promise<BlogView> {
    const [bumped] = await this.db
      .update(blogs)
      .set({ viewCount: sql`${blogs.viewCount} + 1` })
      .where(and(eq(blogs.id, id), this.publicWhere()))
      .returning({ id: blogs.id });
    if (!bumped) throw notFound('Không tìm thấy bài viết');
    return this.get(id);
  }

  /** Any post, active or not (staff). */
  async get(id: number): Promise<BlogView> {
    const row = await this.selectOne(eq(blogs.id, id));
    if (!row) throw notFound('Không tìm thấy bài viết');
    return this.view(row);
  }

  /** An active post without counting a view (share previews). */
  async findPublic(id: number): Promise<BlogView | null> {
    const row = await this.selectOne(and(eq(blogs.id, id), this.publicWhere()));
    return row ? this.view(row) : null;
  }

  /** Active posts for the sitemap. */
  async sitemapEntries(): Promise<{ blogId: number; slug: string; updatedAt: Date }[]> {
    const rows = await this.db
      .select({ blogId: blogs.id, slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(this.publicWhere())
      .orderBy(desc(blogs.publishedAt));
    return rows;
  }

  private prepare(input: Omit<BlogInput, 'active'> & { active?: boolean }) {
    const content = sanitizePostHtml(input.content);
    const text = plainText(content);
    if (!text && !/<img\s/i.test(content)) {
      throw badRequest('Nội dung bài viết không hợp lệ sau khi lọc', { content: 'Vui lòng nhập nội dung' });
    }
    const summary = input.summary || excerpt(text, 220);
    const category = input.category;
    return {
      title: input.title,
      slug: slugify(input.title),
      summary,
      content,
      category,
      active: input.active,
      searchText: foldVietnamese([input.title, summary, BLOG_CATEGORY_LABELS[category]].join(' ')),
    };
  }

  async create(input: BlogInput, image: PreparedImage | null, actor: Actor): Promise<BlogView> {
    if (!image) throw badRequest('Vui lòng chọn ảnh bìa', { imageFile: 'Vui lòng chọn ảnh bìa' });
    const fields = this.prepare(input);
    const id = await withStoredImage(
      this.storage,
      'blogs',
      image,
      (stored) =>
        this.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(blogs)
            .values({
              ...fields,
              active: input.active,
              coverImage: stored,
              authorId: actor.userId,
              publishedAt: input.active ? new Date() : null,
            })
            .returning();
          const { content: _c, ...after } = row;
          await writeAudit(tx, actor, { action: 'create', entity: 'blog', entityId: row.id, after });
          return row.id;
        }),
      this.log,
    );
    return this.get(id);
  }

  /** Replaces the post's fields; a new cover replaces the old one (removed after the commit). */
  async update(
    id: number,
    input: Omit<BlogInput, 'active'> & { active?: boolean },
    image: PreparedImage | null,
    actor: Actor,
  ): Promise<BlogView> {
    const fields = this.prepare(input);
    let replaced: StoredImage | null = null;
    await withStoredImage(
      this.storage,
      'blogs',
      image,
      (stored) =>
        this.db.transaction(async (tx) => {
          const [before] = await tx.select().from(blogs).where(eq(blogs.id, id));
          if (!before) throw notFound('Không tìm thấy bài viết');
          const active = fields.active ?? before.active;
          await tx
            .update(blogs)
            .set({
              ...fields,
              active,
              ...(stored ? { coverImage: stored } : {}),
              publishedAt: before.publishedAt ?? (active ? new Date() : null),
              updatedAt: new Date(),
            })
            .where(eq(blogs.id, id));
          const pick = (b: {
            title: string;
            summary: string;
            category: string;
            active: boolean;
            content: string;
          }) => ({
            title: b.title,
            summary: b.summary,
            category: b.category,
            active: b.active,
            contentLength: b.content.length,
          });
          await writeAudit(tx, actor, {
            action: stored ? 'update+image' : 'update',
            entity: 'blog',
            entityId: id,
            before: pick(before),
            after: pick({ ...fields, active }),
          });
          if (stored) replaced = before.coverImage as StoredImage | null;
        }),
      this.log,
    );
    await discardImages(this.storage, [replaced], this.log);
    return this.get(id);
  }

  /** A post as if written `at` and read `views` times (the demo showroom's history; no audit). */
  async backdate(id: number, at: Date, views: number): Promise<void> {
    await this.db
      .update(blogs)
      .set({ publishedAt: at, createdAt: at, updatedAt: at, viewCount: views })
      .where(eq(blogs.id, id));
  }

  async setActive(id: number, active: boolean, actor: Actor): Promise<BlogView> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(blogs).where(eq(blogs.id, id));
      if (!before) throw notFound('Không tìm thấy bài viết');
      await tx
        .update(blogs)
        .set({
          active,
          publishedAt: before.publishedAt ?? (active ? new Date() : null),
          updatedAt: new Date(),
        })
        .where(eq(blogs.id, id));
      await writeAudit(tx, actor, {
        action: active ? 'activate' : 'inactivate',
        entity: 'blog',
        entityId: id,
        before: { active: before.active },
        after: { active },
      });
    });
    return this.get(id);
  }

  /**
   * A picture inside a post's body (TipTap's image button): stored like covers, answered with its
   * addresses; the body then refers to one of them (/api/uploads/blogs/...), which the sanitiser keeps.
   */
  async uploadInlineImage(image: PreparedImage, actor: Actor) {
    const stored = await withStoredImage(
      this.storage,
      'blogs',
      image,
      async (img) => {
        await writeAudit(this.db, actor, { action: 'upload-image', entity: 'blog', after: img });
        return img as StoredImage;
      },
      this.log,
    );
    return imageView(this.storage, stored.key, stored.width, stored.height);
  }

  async lastModified(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: blogs.updatedAt })
      .from(blogs)
      .where(this.publicWhere())
      .orderBy(desc(blogs.updatedAt))
      .limit(1);
    return row?.at ?? null;
  }
}
