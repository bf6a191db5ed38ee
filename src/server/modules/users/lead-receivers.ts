import { and, asc, eq, sql } from 'drizzle-orm';
import type { Permission } from '../../../contract/permissions';
import { RECEIVES_LEADS_NEEDS_SERVICE } from '../../../contract/users';
import type { Db, Executor } from '../../db/client';
import type { StaffActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, notFound } from '../../platform/errors';
import { findUserRow, permissionsOf } from './directory';
import { assertMayManage } from './rules';
import { userPermissions, users } from './schema';

/**
 * "Nhận yêu cầu": the per-account flag of who takes part in the automatic hand-out of new leads.
 * Only service staff (MANAGE_SERVICE) and admins may carry it; losing the right clears it.
 */

export const mayReceiveLeads = (role: string, permissions: readonly Permission[]) =>
  role === 'ADMIN' || permissions.includes('MANAGE_SERVICE');

export function assertMayReceiveLeads(on: boolean, role: string, permissions: readonly Permission[]) {
  if (on && !mayReceiveLeads(role, permissions))
    throw badRequest(RECEIVES_LEADS_NEEDS_SERVICE, { receivesLeads: RECEIVES_LEADS_NEEDS_SERVICE });
}

/** After a change of role or permissions: an account that may no longer receive leads stops receiving them. */
export async function dropFlagIfNotAllowed(
  exec: Executor,
  id: number,
  role: string,
  permissions: readonly Permission[],
) {
  if (mayReceiveLeads(role, permissions)) return;
  await exec.update(users).set({ receivesLeads: false }).where(eq(users.id, id));
}

/** Active accounts marked "nhận yêu cầu" that may handle leads, by id (the hand-out's fixed order). */
export async function leadReceiverIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(userPermissions, eq(userPermissions.userId, users.id))
    .where(
      and(
        eq(users.active, true),
        eq(users.receivesLeads, true),
        sql`(${users.role} = 'ADMIN' or ${userPermissions.permission} = 'MANAGE_SERVICE')`,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}

export async function setReceivesLeads(db: Db, id: number, on: boolean, caller: StaffActor) {
  await db.transaction(async (tx) => {
    const row = await findUserRow(tx, id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    const perms = (await permissionsOf(tx, [id])).get(id) ?? [];
    assertMayManage(caller, { role: row.role, permissions: perms });
    assertMayReceiveLeads(on, row.role, perms);
    if (row.receivesLeads === on) return;
    await tx.update(users).set({ receivesLeads: on, updatedAt: new Date() }).where(eq(users.id, id));
    await writeAudit(tx, caller, {
      action: 'set-receives-leads',
      entity: 'user',
      entityId: id,
      before: { receivesLeads: row.receivesLeads },
      after: { receivesLeads: on },
    });
  });
}
