import { and, count, desc, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
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
import type { Db, Executor } from '../../db/client';
import { blogs, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import {
  imageView,
  type PreparedImage,
  type StoredImage,
  storeImage,
  variantKeys,
} from '../../platform/images';
import { deleteQuietly, type Storage } from '../../platform/storage';
import { excerpt, plainText, sanitizePostHtml } from './sanitize';

type BlogRow = typeof blogs.$inferSelect;
type Row = { blog: BlogRow; authorName: string | null };

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
    private readonly log?: FastifyBaseLogger,
  ) {}

  private select(exec: Executor = this.db) {
    return exec
      .select({ blog: blogs, authorName: users.fullName })
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.authorId));
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
    const rows = await this.select()
      .where(where)
      .orderBy(
        ...(order === 'published'
          ? [desc(blogs.publishedAt), desc(blogs.id)]
          : [desc(blogs.createdAt), desc(blogs.id)]),
      )
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return {
      content: rows.map((r) => this.summary(r)),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
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
    const [row] = await this.select().where(eq(blogs.id, id));
    if (!row) throw notFound('Không tìm thấy bài viết');
    return this.view(row);
  }

  /** An active post without counting a view (share previews). */
  async findPublic(id: number): Promise<BlogView | null> {
    const [row] = await this.select().where(and(eq(blogs.id, id), this.publicWhere()));
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

  async create(input: BlogInput, image: PreparedImage | null, req: FastifyRequest | null): Promise<BlogView> {
    if (!image) throw badRequest('Vui lòng chọn ảnh bìa', { imageFile: 'Vui lòng chọn ảnh bìa' });
    const fields = this.prepare(input);
    const stored = await storeImage(this.storage, 'blogs', image);
    try {
      const id = await this.db.transaction(async (tx) => {
        const now = new Date();
        const [row] = await tx
          .insert(blogs)
          .values({
            ...fields,
            active: input.active,
            coverImage: stored,
            authorId: req?.user?.id ?? null,
            publishedAt: input.active ? now : null,
          })
          .returning();
        const { content: _c, ...after } = row;
        await writeAudit(tx, req, { action: 'create', entity: 'blog', entityId: row.id, after });
        return row.id;
      });
      return this.get(id);
    } catch (err) {
      await deleteQuietly(this.storage, variantKeys(stored.key), this.log);
      throw err;
    }
  }

  /** Replaces the post's fields; a new cover replaces the old one (removed after the commit). */
  async update(
    id: number,
    input: Omit<BlogInput, 'active'> & { active?: boolean },
    image: PreparedImage | null,
    req: FastifyRequest | null,
  ): Promise<BlogView> {
    const fields = this.prepare(input);
    const stored = image ? await storeImage(this.storage, 'blogs', image) : null;
    let oldImage: StoredImage | null = null;
    try {
      await this.db.transaction(async (tx) => {
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
        await writeAudit(tx, req, {
          action: stored ? 'update+image' : 'update',
          entity: 'blog',
          entityId: id,
          before: pick(before),
          after: pick({ ...fields, active }),
        });
        if (stored) oldImage = before.coverImage as StoredImage | null;
      });
    } catch (err) {
      if (stored) await deleteQuietly(this.storage, variantKeys(stored.key), this.log);
      throw err;
    }
    const old = oldImage as StoredImage | null;
    if (old) await deleteQuietly(this.storage, variantKeys(old.key), this.log);
    return this.get(id);
  }

  async setActive(id: number, active: boolean, req: FastifyRequest | null): Promise<BlogView> {
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
      await writeAudit(tx, req, {
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
  async uploadInlineImage(image: PreparedImage, req: FastifyRequest | null) {
    const stored = await storeImage(this.storage, 'blogs', image);
    try {
      await this.db.transaction(async (tx) => {
        await writeAudit(tx, req, { action: 'upload-image', entity: 'blog', after: stored });
      });
    } catch (err) {
      await deleteQuietly(this.storage, variantKeys(stored.key), this.log);
      throw err;
    }
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
