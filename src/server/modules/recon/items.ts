import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { InspectionGroup } from '../../../contract/inspections-labels';
import { hasPermission } from '../../../contract/permissions';
import {
  RECON_ITEM_NEXT,
  RECON_ITEM_STATUS_LABELS,
  type ReconEstimateUpdate,
  type ReconItem,
  type ReconItemData,
  type ReconItemGroup,
  type ReconItemStatus,
} from '../../../contract/recon';
import type { Executor } from '../../db/client';
import type { StaffActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { ReconDeps } from './deps';
import { reconItems } from './schema';

type ItemRow = typeof reconItems.$inferSelect;

export function itemView(r: ItemRow): ReconItem {
  return {
    itemId: r.id,
    carId: r.carId,
    title: r.title,
    group: r.group as ReconItemGroup,
    estimateParts: r.estimateParts,
    estimateLabour: r.estimateLabour,
    vendor: r.vendor,
    status: r.status as ReconItemStatus,
    actualCost: r.actualCost,
    inspectionItemId: r.inspectionItemId,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function itemsOf(exec: Executor, carId: number): Promise<ReconItem[]> {
  const rows = await exec
    .select()
    .from(reconItems)
    .where(eq(reconItems.carId, carId))
    .orderBy(asc(reconItems.createdAt), asc(reconItems.id));
  return rows.map(itemView);
}

/** Work may be planned on any car still in stock; a sold car's work is history. */
async function assertWorkable(deps: ReconDeps, carId: number) {
  const status = await deps.cars.statusOf(carId);
  if (!status) throw notFound('Không tìm thấy xe');
  if (status === 'sold') throw conflict('Xe đã bán: không thêm hạng mục sửa chữa được');
}

export async function addItem(
  deps: ReconDeps,
  carId: number,
  data: ReconItemData,
  actor: StaffActor,
): Promise<ReconItem> {
  await assertWorkable(deps, carId);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reconItems)
      .values({
        carId,
        title: data.title,
        group: data.group,
        estimateParts: data.estimate.parts,
        estimateLabour: data.estimate.labour,
        vendor: data.vendor ?? null,
        createdBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'recon_item',
      entityId: row.id,
      after: itemView(row),
    });
    return itemView(row);
  });
}

/**
 * Chờ duyệt → Đã duyệt → Hoàn thành, or Từ chối before completion. Approving and refusing are a
 * manager's (MANAGE_CAR); completing records what the work really cost.
 */
export async function updateItem(
  deps: ReconDeps,
  itemId: number,
  body: { status: ReconItemStatus; actualCost?: number },
  actor: StaffActor,
): Promise<ReconItem> {
  if ((body.status === 'APPROVED' || body.status === 'REJECTED') && !hasPermission(actor, 'MANAGE_CAR')) {
    throw forbidden('Chỉ quản lý (quyền quản lý xe) mới được duyệt hoặc từ chối hạng mục sửa chữa');
  }
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reconItems).where(eq(reconItems.id, itemId)).for('update');
    if (!before) throw notFound('Không tìm thấy hạng mục sửa chữa');
    const from = before.status as ReconItemStatus;
    if (from === body.status && body.status !== 'DONE') return itemView(before);
    if (!RECON_ITEM_NEXT[from].includes(body.status)) {
      throw conflict(
        `Không thể chuyển hạng mục từ "${RECON_ITEM_STATUS_LABELS[from]}" sang "${RECON_ITEM_STATUS_LABELS[body.status]}"`,
      );
    }
    const [after] = await tx
      .update(reconItems)
      .set({
        status: body.status,
        actualCost: body.status === 'DONE' ? (body.actualCost ?? null) : before.actualCost,
        updatedAt: deps.clock.now(),
      })
      .where(eq(reconItems.id, itemId))
      .returning();
    await writeAudit(tx, actor, {
      action: 'set-status',
      entity: 'recon_item',
      entityId: itemId,
      before: { status: before.status, actualCost: before.actualCost },
      after: { status: after.status, actualCost: after.actualCost, carId: after.carId },
    });
    return itemView(after);
  });
}

/** A pending item's estimate and garage, corrected before a manager approves it (audited). */
export async function updateEstimate(
  deps: ReconDeps,
  itemId: number,
  body: ReconEstimateUpdate,
  actor: StaffActor,
): Promise<ReconItem> {
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reconItems).where(eq(reconItems.id, itemId)).for('update');
    if (!before) throw notFound('Không tìm thấy hạng mục sửa chữa');
    if (before.status !== 'PENDING') {
      throw conflict(
        `Hạng mục đang "${RECON_ITEM_STATUS_LABELS[before.status as ReconItemStatus]}": chỉ sửa dự toán khi hạng mục còn chờ duyệt`,
      );
    }
    const [after] = await tx
      .update(reconItems)
      .set({
        estimateParts: body.parts,
        estimateLabour: body.labour,
        vendor: body.vendor ?? null,
        updatedAt: deps.clock.now(),
      })
      .where(eq(reconItems.id, itemId))
      .returning();
    const shown = (r: ItemRow) => ({ parts: r.estimateParts, labour: r.estimateLabour, vendor: r.vendor });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'recon_item',
      entityId: itemId,
      before: shown(before),
      after: { ...shown(after), carId: after.carId },
    });
    return itemView(after);
  });
}

/** Where an inspection finding goes on the workshop's list. */
const GROUP_OF: Record<InspectionGroup, ReconItemGroup> = {
  EXTERIOR: 'BODYWORK',
  INTERIOR: 'INTERIOR',
  ENGINE: 'ENGINE',
  UNDERCARRIAGE: 'UNDERBODY',
  ELECTRICAL: 'ELECTRICAL',
  ROAD_TEST: 'OTHER',
  PAPERS: 'PAPERS',
};

/**
 * Every "Cần lưu ý" of the car's inspection report becomes a work item awaiting approval, in one call;
 * a finding already on the list is not added twice. Answers the items made now.
 */
export async function itemsFromInspection(
  deps: ReconDeps,
  carId: number,
  actor: StaffActor,
): Promise<ReconItem[]> {
  await assertWorkable(deps, carId);
  const results = await deps.inspectionResults(carId);
  if (!results) throw conflict('Xe chưa có báo cáo kiểm định');
  const attention = results.filter((r) => r.result === 'ATTENTION');
  if (attention.length === 0) throw conflict('Báo cáo kiểm định không có hạng mục "Cần lưu ý"');
  return deps.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: reconItems.inspectionItemId })
      .from(reconItems)
      .where(and(eq(reconItems.carId, carId), isNotNull(reconItems.inspectionItemId)));
    const done = new Set(existing.map((e) => e.id));
    const fresh = attention.filter((r) => !done.has(r.itemId));
    if (fresh.length === 0) return [];
    const rows = await tx
      .insert(reconItems)
      .values(
        fresh.map((r) => ({
          carId,
          title: (r.note ? `${r.label}: ${r.note}` : r.label).slice(0, 200),
          group: GROUP_OF[r.group],
          inspectionItemId: r.itemId,
          createdBy: actor.userId,
        })),
      )
      .returning();
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'recon_item',
      entityId: null,
      after: { carId, fromInspection: rows.map((r) => r.title) },
    });
    return rows.map(itemView);
  });
}

/** The sum of the actual costs of a car's completed items, whole VND (0 without any). */
export async function reconCostOf(exec: Executor, carId: number): Promise<number> {
  const [row] = await exec
    .select({ total: sql<string | number>`coalesce(sum(${reconItems.actualCost}), 0)` })
    .from(reconItems)
    .where(and(eq(reconItems.carId, carId), eq(reconItems.status, 'DONE')));
  return Number(row?.total ?? 0);
}

/** How many of a car's items are approved and not yet done (the listing gate refuses while any are). */
export async function undoneApproved(exec: Executor, carId: number): Promise<number> {
  const [row] = await exec
    .select({ n: sql<number>`count(*)::int` })
    .from(reconItems)
    .where(and(eq(reconItems.carId, carId), eq(reconItems.status, 'APPROVED')));
  return Number(row?.n ?? 0);
}
