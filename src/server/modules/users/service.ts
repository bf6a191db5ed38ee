import { and, asc, count, desc, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Page } from '../../../contract/common';
import { PERMISSION_LABELS, PERMISSIONS, type Permission, type Role } from '../../../contract/permissions';
import { foldVietnamese } from '../../../contract/text';
import type { PermissionInfo, UserView } from '../../../contract/users';
import type { Db, Executor } from '../../db/client';
import { permissions, sessions, userPermissions, users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import { hashPassword } from '../../platform/password';
import { baseUsername, nextFreeUsername } from './username';

type UserRow = typeof users.$inferSelect;

function searchText(u: { fullName: string; username: string; email?: string | null; phone?: string | null }) {
  return foldVietnamese([u.fullName, u.username, u.email ?? '', u.phone ?? ''].join(' '));
}

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface NewUser {
  fullName: string;
  username?: string;
  email: string;
  phone?: string;
  password: string;
  role: Role;
  permissions: Permission[];
}

export interface UserChanges {
  fullName: string;
  email: string;
  phone?: string;
  role: Role;
  password?: string;
}

export const ADMIN_ONLY =
  'Chỉ quản trị viên mới được tạo, sửa, kích hoạt hoặc vô hiệu hóa tài khoản quản trị viên';
export const GRANT_OWN_ONLY = 'Bạn chỉ có thể cấp những quyền mà chính bạn đang có';

/**
 * No escalation through account management: staff holding MANAGE_USER manage staff accounts, but
 * only an ADMIN touches an ADMIN account or gives the ADMIN role, and staff grant only permissions
 * they hold themselves. Calls without a signed-in user (start-up, seeds) are the system's own.
 */
function assertMayManage(req: FastifyRequest | null, targetRole: string | null, newRole?: string) {
  const actor = req?.user;
  if (!actor || actor.role === 'ADMIN') return;
  if (targetRole === 'ADMIN' || newRole === 'ADMIN') throw forbidden(ADMIN_ONLY);
}

function assertMayGrant(
  req: FastifyRequest | null,
  granted: readonly Permission[],
  kept: readonly Permission[] = [],
) {
  const actor = req?.user;
  if (!actor || actor.role === 'ADMIN') return;
  if (granted.some((p) => !kept.includes(p) && !actor.permissions.includes(p)))
    throw forbidden(GRANT_OWN_ONLY);
}

export class UsersService {
  constructor(private readonly db: Db) {}

  /** Makes sure the seven permissions exist with their current labels. */
  async ensurePermissions() {
    for (const name of PERMISSIONS) {
      await this.db
        .insert(permissions)
        .values({ name, label: PERMISSION_LABELS[name] })
        .onConflictDoUpdate({ target: permissions.name, set: { label: PERMISSION_LABELS[name] } });
    }
  }

  allPermissions(): PermissionInfo[] {
    return PERMISSIONS.map((name) => ({ name, label: PERMISSION_LABELS[name] }));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return row.n;
  }

  async permissionsOf(exec: Executor, userIds: number[]): Promise<Map<number, Permission[]>> {
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

  private view(row: UserRow, perms: Permission[]): UserView {
    return {
      userId: row.id,
      fullName: row.fullName,
      username: row.username,
      email: row.email,
      phone: row.phone,
      role: row.role as Role,
      active: row.active,
      permissions: perms,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(q: { page: number; size: number; search?: string }): Promise<Page<UserView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const where = folded ? like(users.searchText, `%${escapeLike(folded)}%`) : undefined;
    const [{ total }] = await this.db.select({ total: count() }).from(users).where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const perms = await this.permissionsOf(
      this.db,
      rows.map((r) => r.id),
    );
    return {
      content: rows.map((r) => this.view(r, perms.get(r.id) ?? [])),
      totalElements: total,
      totalPages: Math.ceil(total / q.size),
      page: q.page,
      size: q.size,
    };
  }

  async findRow(exec: Executor, id: number): Promise<UserRow | undefined> {
    const [row] = await exec.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username.trim().toLowerCase()));
    return row;
  }

  async get(id: number): Promise<UserView> {
    const row = await this.findRow(this.db, id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    const perms = await this.permissionsOf(this.db, [id]);
    return this.view(row, perms.get(id) ?? []);
  }

  async generateUsername(fullName: string, exec: Executor = this.db): Promise<string> {
    const base = baseUsername(fullName);
    if (!base) throw badRequest('Họ và tên phải có ít nhất một chữ cái');
    const taken = await exec
      .select({ username: users.username })
      .from(users)
      .where(like(users.username, `${escapeLike(base)}%`));
    return nextFreeUsername(
      base,
      taken.map((t) => t.username),
    );
  }

  async create(input: NewUser, req: FastifyRequest | null): Promise<UserView> {
    assertMayManage(req, null, input.role);
    assertMayGrant(req, input.permissions);
    const passwordHash = await hashPassword(input.password);
    const id = await this.db.transaction(async (tx) => {
      const username = input.username ?? (await this.generateUsername(input.fullName, tx));
      const [clash] = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (clash) throw conflict('Tên đăng nhập đã tồn tại');
      const [row] = await tx
        .insert(users)
        .values({
          username,
          passwordHash,
          fullName: input.fullName,
          email: input.email,
          phone: input.phone ?? null,
          role: input.role,
          searchText: searchText({ ...input, username }),
        })
        .returning();
      if (input.permissions.length) {
        await tx
          .insert(userPermissions)
          .values(input.permissions.map((p) => ({ userId: row.id, permission: p })));
      }
      const { passwordHash: _h, ...after } = row;
      await writeAudit(tx, req, {
        action: 'create',
        entity: 'user',
        entityId: row.id,
        after: { ...after, permissions: input.permissions },
      });
      return row.id;
    });
    return this.get(id);
  }

  async update(id: number, changes: UserChanges, req: FastifyRequest | null): Promise<UserView> {
    const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
    await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy tài khoản');
      assertMayManage(req, before.role, changes.role);
      if (before.role === 'ADMIN' && changes.role !== 'ADMIN') await this.assertAnotherActiveAdmin(tx, id);
      const [after] = await tx
        .update(users)
        .set({
          fullName: changes.fullName,
          email: changes.email,
          phone: changes.phone ?? null,
          role: changes.role,
          searchText: searchText({ ...changes, username: before.username }),
          updatedAt: new Date(),
          ...(passwordHash ? { passwordHash } : {}),
        })
        .where(eq(users.id, id))
        .returning();
      // A new password signs the account out everywhere, except the caller's own session.
      if (passwordHash)
        await this.revokeSessions(tx, id, req?.user?.id === id ? req.user.sessionId : undefined);
      const pick = (u: UserRow) => ({ fullName: u.fullName, email: u.email, phone: u.phone, role: u.role });
      await writeAudit(tx, req, {
        action: passwordHash ? 'update+password' : 'update',
        entity: 'user',
        entityId: id,
        before: pick(before),
        after: pick(after),
      });
    });
    return this.get(id);
  }

  async updateContact(id: number, email: string, phone: string, req: FastifyRequest) {
    await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy tài khoản');
      await tx
        .update(users)
        .set({ email, phone, searchText: searchText({ ...before, email, phone }), updatedAt: new Date() })
        .where(eq(users.id, id));
      await writeAudit(tx, req, {
        action: 'change-info',
        entity: 'user',
        entityId: id,
        before: { email: before.email, phone: before.phone },
        after: { email, phone },
      });
    });
  }

  async setPassword(exec: Executor, id: number, passwordHash: string) {
    await exec.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Revokes every live session of a user, except one (the caller's own) when given. */
  async revokeSessions(exec: Executor, userId: number, keep?: string) {
    await exec
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      );
  }

  private async assertAnotherActiveAdmin(exec: Executor, exceptId: number) {
    const [row] = await exec
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true), ne(users.id, exceptId)));
    if (row.n === 0) throw conflict('Không thể bỏ quyền hoặc vô hiệu hóa quản trị viên cuối cùng');
  }

  async setActive(id: number, active: boolean, req: FastifyRequest) {
    await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy tài khoản');
      assertMayManage(req, before.role);
      if (!active) {
        if (req.user?.id === id) throw badRequest('Bạn không thể tự vô hiệu hóa tài khoản của mình');
        if (before.role === 'ADMIN') await this.assertAnotherActiveAdmin(tx, id);
      }
      await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
      if (!active) await this.revokeSessions(tx, id);
      await writeAudit(tx, req, {
        action: active ? 'activate' : 'deactivate',
        entity: 'user',
        entityId: id,
        before: { active: before.active },
        after: { active },
      });
    });
  }

  async getPermissions(id: number): Promise<Permission[]> {
    const row = await this.findRow(this.db, id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    return (await this.permissionsOf(this.db, [id])).get(id) ?? [];
  }

  async setPermissions(id: number, list: Permission[], req: FastifyRequest): Promise<Permission[]> {
    await this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, id);
      if (!row) throw notFound('Không tìm thấy tài khoản');
      assertMayManage(req, row.role);
      const before = (await this.permissionsOf(tx, [id])).get(id) ?? [];
      assertMayGrant(req, list, before);
      await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
      if (list.length)
        await tx.insert(userPermissions).values(list.map((p) => ({ userId: id, permission: p })));
      await writeAudit(tx, req, {
        action: 'set-permissions',
        entity: 'user',
        entityId: id,
        before: { permissions: before },
        after: { permissions: [...list].sort() },
      });
    });
    return this.getPermissions(id);
  }

  /** Active staff holding a permission (or ADMIN): who gets notified of a new lead, for example. */
  async idsWithPermission(permission: Permission): Promise<number[]> {
    const rows = await this.db
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
}
