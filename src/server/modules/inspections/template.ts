import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { templateItemInput, templateItemPatch } from '../../../contract/inspections';
import { INSPECTION_GROUPS, type InspectionGroup, type TemplateItem } from '../../../contract/inspections';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { inspectionItems } from './schema';
import { DEFAULT_TEMPLATE } from './template-data';

type ItemRow = typeof inspectionItems.$inferSelect;

export function itemView(r: ItemRow): TemplateItem {
  return {
    itemId: r.id,
    group: r.group as InspectionGroup,
    label: r.label,
    position: r.position,
    retired: r.retired,
    pledges: r.pledges ?? [],
  };
}

const groupOrder = (g: string) => INSPECTION_GROUPS.indexOf(g as InspectionGroup);

export function sortItems<T extends { group: string; position: number; itemId: number }>(items: T[]): T[] {
  return items.sort(
    (a, b) => groupOrder(a.group) - groupOrder(b.group) || a.position - b.position || a.itemId - b.itemId,
  );
}

/**
 * The inspection template: staff add, rename, move between groups, reorder and retire items. An item is
 * never deleted: reports keep a copy of its label, and its id ties old results to it.
 */
export class InspectionTemplate {
  constructor(private readonly db: Db) {}

  /** The default 176 items, written once on a database without a template (every start checks). */
  async ensure(): Promise<void> {
    await this.db.transaction(async (tx) => {
      // One starter at a time across processes: the count and the insert see the same table.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('inspection_items_default'))`);
      const [{ n }] = await tx.select({ n: count() }).from(inspectionItems);
      if (n > 0) return;
      await tx.insert(inspectionItems).values(DEFAULT_TEMPLATE);
    });
  }

  async list(exec: Executor = this.db, includeRetired = true): Promise<TemplateItem[]> {
    const rows = await exec
      .select()
      .from(inspectionItems)
      .where(includeRetired ? undefined : eq(inspectionItems.retired, false))
      .orderBy(asc(inspectionItems.position), asc(inspectionItems.id));
    return sortItems(rows.map(itemView));
  }

  async add(input: z.output<typeof templateItemInput>, actor: Actor): Promise<TemplateItem> {
    return this.db.transaction(async (tx) => {
      const [{ top }] = await tx
        .select({ top: max(inspectionItems.position) })
        .from(inspectionItems)
        .where(eq(inspectionItems.group, input.group));
      const [row] = await tx
        .insert(inspectionItems)
        .values({ ...input, position: top === null ? 0 : top + 1 })
        .returning();
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'inspection_item',
        entityId: row.id,
        after: itemView(row),
      });
      return itemView(row);
    });
  }

  async patch(
    itemId: number,
    patch: z.output<typeof templateItemPatch>,
    actor: Actor,
  ): Promise<TemplateItem> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(inspectionItems)
        .where(eq(inspectionItems.id, itemId))
        .for('update');
      if (!before) throw notFound('Không tìm thấy hạng mục kiểm định');
      let position = before.position;
      if (patch.group && patch.group !== before.group) {
        const [{ top }] = await tx
          .select({ top: max(inspectionItems.position) })
          .from(inspectionItems)
          .where(eq(inspectionItems.group, patch.group));
        position = top === null ? 0 : top + 1;
      }
      const [after] = await tx
        .update(inspectionItems)
        .set({
          ...(patch.label !== undefined ? { label: patch.label } : {}),
          ...(patch.group !== undefined ? { group: patch.group } : {}),
          ...(patch.pledges !== undefined ? { pledges: patch.pledges } : {}),
          ...(patch.retired !== undefined ? { retired: patch.retired } : {}),
          position,
          updatedAt: new Date(),
        })
        .where(eq(inspectionItems.id, itemId))
        .returning();
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'inspection_item',
        entityId: itemId,
        before: itemView(before),
        after: itemView(after),
      });
      return itemView(after);
    });
  }

  /** Sets the order of one group: the list must hold every item of the group exactly once. */
  async reorder(group: InspectionGroup, itemIds: number[], actor: Actor): Promise<TemplateItem[]> {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: inspectionItems.id, position: inspectionItems.position })
        .from(inspectionItems)
        .where(eq(inspectionItems.group, group))
        .for('update');
      const ids = new Set(rows.map((r) => r.id));
      if (
        itemIds.length !== ids.size ||
        new Set(itemIds).size !== itemIds.length ||
        itemIds.some((id) => !ids.has(id))
      )
        throw badRequest('Danh sách sắp xếp phải gồm đúng mọi hạng mục của nhóm');
      for (const [position, id] of itemIds.entries()) {
        await tx
          .update(inspectionItems)
          .set({ position })
          .where(and(eq(inspectionItems.id, id), eq(inspectionItems.group, group)));
      }
      await writeAudit(tx, actor, {
        action: 'reorder',
        entity: 'inspection_item',
        entityId: group,
        before: rows.sort((a, b) => a.position - b.position).map((r) => r.id),
        after: itemIds,
      });
    });
    return this.list();
  }

  async byIds(exec: Executor, ids: number[]): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    return exec.select().from(inspectionItems).where(inArray(inspectionItems.id, ids));
  }
}
