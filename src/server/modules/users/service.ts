import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, like, ne } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import { PERMISSION_LABELS, PERMISSIONS, type Permission, type Role } from '../../../contract/permissions';
import { foldVietnamese } from '../../../contract/text';
import type { PermissionInfo, UserView } from '../../../contract/users';
import type { Db, Executor } from '../../db/client';
import { type StaffActor, SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { type Clock, systemClock } from '../../platform/clock';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { escapeLike, pageOf } from '../../platform/paging';
import { hashPassword } from '../../platform/password';
import * as contact from './contact';
import {
  findUserRow,
  idsWithPermission,
  manageableBy,
  namesOf,
  permissionsOf,
  type UserRow,
} from './directory';
import * as receivers from './lead-receivers';
import { resetCodes } from './reset-codes';
import {
  assertMayChangeEmail,
  assertMayGrant,
  assertMayManage,
  emailConfirmed,
  emailSetBy,
  type NewUser,
  type StaffMember,
  searchText,
  type UserChanges,
} from './rules';
import { permissions, userPermissions, users } from './schema';
import { SessionStore } from './sessions';
import { baseUsername, nextFreeUsername } from './username';

export {
  ADMIN_ONLY,
  EMAIL_ADMIN_ONLY,
  EMAIL_NOT_CONFIRMED,
  emailConfirmed,
  GRANT_OWN_ONLY,
  managerMayMail,
  mayManage,
  type NewUser,
  OWN_EMAIL_IN_PROFILE,
  ownerRequestMayMail,
  type StaffMember,
  SUBSET_ONLY,
  type UserChanges,
} from './rules';

export class UsersService {
  /** The sessions and reset codes of these accounts, for auth's sign-in and password flows. */
  readonly sessions: SessionStore;
  readonly resetCodes = resetCodes;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {
    this.sessions = new SessionStore(db);
  }

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

  permissionsOf(exec: Executor, userIds: number[]): Promise<Map<number, Permission[]>> {
    return permissionsOf(exec, userIds);
  }

  private view(row: UserRow, perms: Permission[]): UserView {
    return {
      userId: row.id,
      fullName: row.fullName,
      username: row.username,
      email: row.email,
      emailConfirmed: emailConfirmed(row),
      phone: row.phone,
      role: row.role as Role,
      active: row.active,
      permissions: perms,
      receivesLeads: row.receivesLeads,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async list(
    q: { page: number; size: number; search?: string },
    caller: StaffActor | null = null,
  ): Promise<Page<UserView>> {
    const folded = q.search ? foldVietnamese(q.search) : '';
    const where = and(
      folded ? like(users.searchText, `%${escapeLike(folded)}%`) : undefined,
      manageableBy(this.db, caller),
    );
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
    return pageOf(
      rows.map((r) => this.view(r, perms.get(r.id) ?? [])),
      total,
      q,
    );
  }

  findRow(exec: Executor, id: number): Promise<UserRow | undefined> {
    return findUserRow(exec, id);
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.username, username.trim().toLowerCase()));
    return row;
  }

  async get(id: number, caller: StaffActor | null = null): Promise<UserView> {
    const row = await this.findRow(this.db, id);
    if (!row) throw notFound('Không tìm thấy tài khoản');
    const perms = (await this.permissionsOf(this.db, [id])).get(id) ?? [];
    assertMayManage(caller, { role: row.role, permissions: perms });
    return this.view(row, perms);
  }

  /** Refuses (403) a caller who may not manage the account; 404 when there is none. */
  async assertManageable(id: number, caller: StaffActor | null) {
    await this.get(id, caller);
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

  /**
   * A new account. Staff never choose its password: it starts unusable and its owner sets one from the
   * code mailed to them (auth's PasswordSetup). Only the server itself (the first admin, the demo
   * staff) passes a password.
   */
  async create(input: NewUser, caller: StaffActor | null, password?: string): Promise<UserView> {
    assertMayGrant(caller, input.permissions, input.role);
    receivers.assertMayReceiveLeads(input.receivesLeads ?? false, input.role, input.permissions);
    const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));
    // An address the server sets with the account's password (first admin, demo staff) is the owner's;
    // one a manager types is confirmed when its owner uses the invitation mailed there.
    const owned = !caller && password !== undefined;
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
          confirmedEmail: owned ? input.email : null,
          ...emailSetBy({ confirmedEmail: null }, input.email, caller?.userId ?? null, this.clock.now()),
          phone: input.phone ?? null,
          role: input.role,
          receivesLeads: input.receivesLeads ?? false,
          searchText: searchText({ ...input, username }),
        })
        .returning();
      if (input.permissions.length) {
        await tx
          .insert(userPermissions)
          .values(input.permissions.map((p) => ({ userId: row.id, permission: p })));
      }
      const { passwordHash: _h, ...after } = row;
      await writeAudit(tx, caller ?? SYSTEM_ACTOR, {
        action: 'create',
        entity: 'user',
        entityId: row.id,
        after: { ...after, permissions: input.permissions },
      });
      return row.id;
    });
    return this.get(id);
  }

  /** Name, e-mail, phone and role of an account; the answer carries the e-mail it had before. */
  async update(
    id: number,
    changes: UserChanges,
    caller: StaffActor | null,
  ): Promise<{ user: UserView; previousEmail: string | null }> {
    let previousEmail: string | null = null;
    await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy tài khoản');
      const perms = (await this.permissionsOf(tx, [id])).get(id) ?? [];
      assertMayManage(caller, { role: before.role, permissions: perms });
      assertMayGrant(caller, [], changes.role);
      assertMayChangeEmail(caller, id, before.email, changes.email);
      // The same address in other letter case is no change (the contract writes addresses in lower case).
      const email = (before.email ?? '').toLowerCase() === changes.email ? before.email : changes.email;
      previousEmail = before.email;
      if (before.role === 'ADMIN' && changes.role !== 'ADMIN') await this.assertAnotherActiveAdmin(tx, id);
      const [after] = await tx
        .update(users)
        .set({
          fullName: changes.fullName,
          email,
          ...(email === before.email
            ? {}
            : emailSetBy(before, email, caller?.userId ?? null, this.clock.now())),
          phone: changes.phone ?? null,
          role: changes.role,
          searchText: searchText({ ...changes, email, username: before.username }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      await receivers.dropFlagIfNotAllowed(tx, id, changes.role, perms);
      const pick = (u: UserRow) => ({ fullName: u.fullName, email: u.email, phone: u.phone, role: u.role });
      await writeAudit(tx, caller ?? SYSTEM_ACTOR, {
        action: 'update',
        entity: 'user',
        entityId: id,
        before: pick(before),
        after: pick(after),
      });
    });
    return { user: await this.get(id), previousEmail };
  }

  /** Puts back the e-mail an owner reported as changed without them (auth's report link). */
  restoreEmail(exec: Executor, id: number, email: string) {
    return contact.restoreEmail(exec, id, email, this.clock.now());
  }

  /** The signed-in user's own e-mail and phone (auth checks the current password first). */
  updateContact(caller: StaffActor, email: string, phone: string, confirm: boolean) {
    return contact.updateContact(this.db, caller, { email, phone, confirm }, this.clock.now());
  }

  /** A code mailed to `address` was used while the account had it (auth's password setup). */
  confirmEmail(exec: Executor, id: number, address: string) {
    return contact.confirmEmail(exec, id, address, this.clock.now());
  }

  async setPassword(exec: Executor, id: number, passwordHash: string) {
    await exec.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
  }

  /** Revokes every live session of a user, except one (the caller's own) when given. */
  revokeSessions(exec: Executor, userId: number, keep?: string) {
    return this.sessions.revokeAll(exec, userId, new Date(), keep);
  }

  private async assertAnotherActiveAdmin(exec: Executor, exceptId: number) {
    const [row] = await exec
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.active, true), ne(users.id, exceptId)));
    if (row.n === 0) throw conflict('Không thể bỏ quyền hoặc vô hiệu hóa quản trị viên cuối cùng');
  }

  async setActive(id: number, active: boolean, caller: StaffActor) {
    await this.db.transaction(async (tx) => {
      const before = await this.findRow(tx, id);
      if (!before) throw notFound('Không tìm thấy tài khoản');
      assertMayManage(caller, {
        role: before.role,
        permissions: (await this.permissionsOf(tx, [id])).get(id) ?? [],
      });
      if (!active) {
        if (caller.userId === id) throw badRequest('Bạn không thể tự vô hiệu hóa tài khoản của mình');
        if (before.role === 'ADMIN') await this.assertAnotherActiveAdmin(tx, id);
      }
      await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, id));
      if (!active) await this.revokeSessions(tx, id);
      await writeAudit(tx, caller ?? SYSTEM_ACTOR, {
        action: active ? 'activate' : 'deactivate',
        entity: 'user',
        entityId: id,
        before: { active: before.active },
        after: { active },
      });
    });
  }

  async getPermissions(id: number, caller: StaffActor | null = null): Promise<Permission[]> {
    return (await this.get(id, caller)).permissions;
  }

  async setPermissions(id: number, list: Permission[], caller: StaffActor): Promise<Permission[]> {
    await this.db.transaction(async (tx) => {
      const row = await this.findRow(tx, id);
      if (!row) throw notFound('Không tìm thấy tài khoản');
      const before = (await this.permissionsOf(tx, [id])).get(id) ?? [];
      assertMayManage(caller, { role: row.role, permissions: before });
      assertMayGrant(caller, list);
      await tx.delete(userPermissions).where(eq(userPermissions.userId, id));
      if (list.length)
        await tx.insert(userPermissions).values(list.map((p) => ({ userId: id, permission: p })));
      await receivers.dropFlagIfNotAllowed(tx, id, row.role, list);
      await writeAudit(tx, caller ?? SYSTEM_ACTOR, {
        action: 'set-permissions',
        entity: 'user',
        entityId: id,
        before: { permissions: before },
        after: { permissions: [...list].sort() },
      });
    });
    return this.getPermissions(id);
  }

  /**
   * What other modules may know of an account (never its password hash): who it is, how to reach
   * them, whether it is active, and what it may do.
   */
  async staffMember(id: number, exec: Executor = this.db): Promise<StaffMember | null> {
    const row = await this.findRow(exec, id);
    if (!row) return null;
    const perms = (await this.permissionsOf(exec, [id])).get(id) ?? [];
    return {
      userId: row.id,
      username: row.username,
      fullName: row.fullName,
      email: row.email,
      active: row.active,
      role: row.role as Role,
      permissions: perms,
    };
  }

  /** PUT users/{id}/receives-leads: "nhận yêu cầu" (service staff and admins only). */
  async setReceivesLeads(id: number, on: boolean, caller: StaffActor): Promise<UserView> {
    await receivers.setReceivesLeads(this.db, id, on, caller);
    return this.get(id);
  }
  /** Active accounts marked "nhận yêu cầu" that may handle leads, by id: the order of the automatic hand-out. */
  leadReceivers(): Promise<number[]> {
    return receivers.leadReceiverIds(this.db);
  }

  /** Active staff holding a permission (or ADMIN), by name: who can be picked as salesperson or assignee. */
  async staffWithPermission(permission: Permission): Promise<{ userId: number; fullName: string }[]> {
    const ids = await this.idsWithPermission(permission);
    const names = await this.namesOf(ids);
    return [...names]
      .map(([userId, fullName]) => ({ userId, fullName }))
      .sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi'));
  }

  /** Full names of the given users, in one query: how other modules show who did something. */
  namesOf(ids: Iterable<number | null | undefined>): Promise<Map<number, string>> {
    return namesOf(this.db, ids);
  }

  /** Active staff holding a permission (or ADMIN): who gets notified of a new lead, for example. */
  idsWithPermission(permission: Permission): Promise<number[]> {
    return idsWithPermission(this.db, permission);
  }
}
