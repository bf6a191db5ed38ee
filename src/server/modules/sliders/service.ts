import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Page } from '../../../contract/common';
import type { SliderInput, SliderView } from '../../../contract/sliders';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
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
import { sliders } from './schema';

type SliderRow = typeof sliders.$inferSelect;

function searchText(s: { title: string; subtitle: string; buttonText: string; link: string }) {
  return foldVietnamese([s.title, s.subtitle, s.buttonText, s.link].join(' '));
}

export class SlidersService {
  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly log?: FastifyBaseLogger,
  ) {}

  private view(row: SliderRow): SliderView {
    const img = row.image as StoredImage | null;
    return {
      overviewId: row.id,
      title: row.title,
      subtitle: row.subtitle,
      link: row.link,
      buttonText: row.buttonText,
      order: row.sortOrder,
      image: img ? imageView(this.storage, img.key, img.width, img.height) : null,
      active: row.active,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The home page carousel: active banners in their order. */
  async listPublic(): Promise<SliderView[]> {
    const rows = await this.db
      .select()
      .from(sliders)
      .where(eq(sliders.active, true))
      .orderBy(asc(sliders.sortOrder), asc(sliders.id));
    return rows.map((r) => this.view(r));
  }

  async listAdmin(q: {
    page: number;
    size: number;
    search?: string;
    active?: boolean;
  }): Promise<Page<SliderView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const where = and(
      folded ? like(sliders.searchText, `%${escapeLike(folded)}%`) : undefined,
      q.active === undefined ? undefined : eq(sliders.active, q.active),
    );
    const [{ total }] = await this.db.select({ total: count() }).from(sliders).where(where);
    const rows = await this.db
      .select()
      .from(sliders)
      .where(where)
      .orderBy(asc(sliders.sortOrder), desc(sliders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return pageOf(
      rows.map((r) => this.view(r)),
      total,
      q,
    );
  }

  private async findRow(exec: Executor, id: number): Promise<SliderRow | undefined> {
    const [row] = await exec.select().from(sliders).where(eq(sliders.id, id));
    return row;
  }

  async get(id: number): Promise<SliderView> {
    const row = await this.findRow(this.db, id);
    if (!row) throw notFound('Không tìm thấy banner');
    return this.view(row);
  }

  /** The image of the first active banner: the site's default share picture. */
  async firstActiveImage(): Promise<StoredImage | null> {
    const [row] = await this.db
      .select({ image: sliders.image })
      .from(sliders)
      .where(eq(sliders.active, true))
      .orderBy(asc(sliders.sortOrder), asc(sliders.id))
      .limit(1);
    return (row?.image as StoredImage | null) ?? null;
  }

  async lastModified(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: sliders.updatedAt })
      .from(sliders)
      .where(eq(sliders.active, true))
      .orderBy(desc(sliders.updatedAt))
      .limit(1);
    return row?.at ?? null;
  }

  /** Stores the image first, then writes the row; the files are removed again if the row is not written. */
  async create(input: SliderInput, image: PreparedImage | null, actor: Actor): Promise<SliderView> {
    if (!image) throw badRequest('Vui lòng chọn ảnh banner', { image: 'Vui lòng chọn ảnh banner' });
    const row = await withStoredImage(
      this.storage,
      'banners',
      image,
      (stored) =>
        this.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(sliders)
            .values({
              title: input.title,
              subtitle: input.subtitle,
              link: input.link,
              buttonText: input.buttonText,
              sortOrder: input.order,
              active: input.active,
              image: stored,
              searchText: searchText(input),
            })
            .returning();
          await writeAudit(tx, actor, {
            action: 'create',
            entity: 'slider',
            entityId: created.id,
            after: created,
          });
          return created;
        }),
      this.log,
    );
    return this.view(row);
  }

  /** Changes the fields given; a new image replaces the old one, whose files go after the commit. */
  async update(
    id: number,
    input: Partial<SliderInput>,
    image: PreparedImage | null,
    actor: Actor,
  ): Promise<SliderView> {
    let replaced: StoredImage | null = null;
    const row = await withStoredImage(
      this.storage,
      'banners',
      image,
      (stored) =>
        this.db.transaction(async (tx) => {
          const before = await this.findRow(tx, id);
          if (!before) throw notFound('Không tìm thấy banner');
          const next = {
            title: input.title ?? before.title,
            subtitle: input.subtitle ?? before.subtitle,
            link: input.link ?? before.link,
            buttonText: input.buttonText ?? before.buttonText,
            sortOrder: input.order ?? before.sortOrder,
            active: input.active ?? before.active,
          };
          const [after] = await tx
            .update(sliders)
            .set({
              ...next,
              ...(stored ? { image: stored } : {}),
              searchText: searchText(next),
              updatedAt: new Date(),
            })
            .where(eq(sliders.id, id))
            .returning();
          await writeAudit(tx, actor, { action: 'update', entity: 'slider', entityId: id, before, after });
          if (stored) replaced = before.image as StoredImage | null;
          return after;
        }),
      this.log,
    );
    await discardImages(this.storage, [replaced], this.log);
    return this.view(row);
  }

  async setActive(id: number, active: boolean, actor: Actor): Promise<SliderView> {
    const row = await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy banner');
      const [after] = await tx
        .update(sliders)
        .set({ active, updatedAt: new Date() })
        .where(eq(sliders.id, id))
        .returning();
      await writeAudit(tx, actor, {
        action: active ? 'activate' : 'inactivate',
        entity: 'slider',
        entityId: id,
        before: { active: before.active },
        after: { active },
      });
      return after;
    });
    return this.view(row);
  }
}
