import { and, asc, eq, inArray, ne, notExists, notInArray, sql } from 'drizzle-orm';
import type { Permission } from '../../../contract/permissions';
import type { Db, Executor } from '../../db/client';
import type { StaffActor } from '../../platform/actor';
import { userPermissions, users } from './schema';

/** Reads of accounts that other modules make through the service (names, holders of a permission). */

export type UserRow = typeof users.$inferSelect;

export async function findUserRow(exec: Executor, id: number): Promise<UserRow | undefined> {
  const [row] = await exec.select().from(users).where(eq(users.id, id));
  return row;
}

/** Each user's permissions, sorted, in one query. */
export async function permissionsOf(exec: Executor, userIds: number[]): Promise<Map<number, Permission[]>> {
  const map = new Map<number, Permission[]>();
  if (userIds.length === 0) return map;
  const rows = await exec
    .select()
    .from(userPermissions)
    .where(inArray(userPermissions.userId, userIds))
    .orderBy(asc(userPermissions.permission));
  for (const row of rows) {
    const list = map.get(row.userId) ?? [];
    list.push(row.permission as Permission);
    map.set(row.userId, list);
  }
  return map;
}

/** Full names of the given users, in one query: how other modules show who did something. */
export async function namesOf(
  db: Db,
  ids: Iterable<number | null | undefined>,
): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id != null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.fullName]));
}

/** Active staff holding a permission (or ADMIN): who gets notified of a new lead, for example. */
export async function idsWithPermission(db: Db, permission: Permission): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: users.id })
    .from(users)
    .leftJoin(userPermissions, eq(userPermissions.userId, users.id))
    .where(
      and(
        eq(users.active, true),
        sql`(${users.role} = 'ADMIN' or ${userPermissions.permission} = ${permission})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** The accounts the caller may manage: for a non-admin, no ADMIN and no permission beyond their own. */
export function manageableBy(db: Db, caller: StaffActor | null) {
  if (!caller || caller.role === 'ADMIN') return undefined;
  const own = caller.permissions.length ? caller.permissions : ['-'];
  return and(
    ne(users.role, 'ADMIN'),
    notExists(
      db
        .select({ one: sql`1` })
        .from(userPermissions)
        .where(and(eq(userPermissions.userId, users.id), notInArray(userPermissions.permission, [...own]))),
    ),
  );
}
