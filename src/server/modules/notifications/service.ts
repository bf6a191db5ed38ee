import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type NotificationView, notificationTopic } from '../../../contract/notifications';
import type { Permission } from '../../../contract/permissions';
import type { Db, Executor } from '../../db/client';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { RealtimeBus } from '../../platform/realtime';
import type { UsersService } from '../users/service';
import { notifications } from './schema';

type Row = typeof notifications.$inferSelect;

const MAX_MESSAGE = 1000;
/** The badge counts the unread list, so it is returned whole up to this bound. */
const MAX_UNREAD = 500;

export const NOTIFICATION_MESSAGES = {
  readOthers: 'Bạn chỉ được xem thông báo của chính mình',
  markOthers: 'Bạn chỉ được đánh dấu thông báo của chính mình',
  sendOthers: 'Chỉ quản trị viên được gửi thông báo cho người khác',
  notFound: 'Không tìm thấy thông báo',
  userNotFound: 'Không tìm thấy tài khoản',
  userInactive: 'Tài khoản đã bị vô hiệu hóa',
} as const;

export function toNotificationView(row: Row): NotificationView {
  return {
    notificationId: row.id,
    userId: row.userId,
    message: row.message,
    link: row.link,
    timestamp: row.createdAt.toISOString(),
    read: row.read,
  };
}

/**
 * Staff notifications: stored per user, pushed in real time to the user's STOMP topic. Other modules
 * call notify() / notifyHolders() after their own transaction has committed.
 */
export class NotificationsService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersService,
    private readonly bus: RealtimeBus,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async insert(
    exec: Executor,
    userIds: number[],
    message: string,
    link: string | null,
  ): Promise<Row[]> {
    const ids = [...new Set(userIds)].filter((id) => Number.isInteger(id) && id > 0);
    if (ids.length === 0) return [];
    const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
    return exec
      .insert(notifications)
      .values(ids.map((userId) => ({ userId, message: text, link })))
      .returning();
  }

  private async publish(rows: Row[]) {
    await this.bus.publish(
      rows.map((r) => ({ destination: notificationTopic(r.userId), body: toNotificationView(r) })),
    );
  }

  /**
   * Notifications from the past, as they were (the demo showroom's history): stored inside the caller's
   * transaction with their own time and read state, pushed to nobody.
   */
  async recordPast(
    exec: Executor,
    rows: { userId: number; message: string; link: string | null; read: boolean; createdAt: Date }[],
  ): Promise<void> {
    if (rows.length) await exec.insert(notifications).values(rows);
  }

  /**
   * Stores one notification per user and pushes each to its owner's sockets, in every server process.
   * Call it after the change it announces has been committed.
   */
  async notify(userIds: number[], message: string, link: string | null = null): Promise<NotificationView[]> {
    const rows = await this.insert(this.db, userIds, message, link);
    await this.publish(rows);
    return rows.map(toNotificationView);
  }

  /**
   * Stores the notifications inside the caller's transaction (they exist only if it commits, and a job
   * run twice finds its own mark and stores none again); the returned function pushes them to the
   * users' sockets once the transaction has committed, and never throws.
   */
  async notifyWithin(
    exec: Executor,
    userIds: number[],
    message: string,
    link: string | null = null,
  ): Promise<() => Promise<void>> {
    const rows = await this.insert(exec, userIds, message, link);
    return () => this.publish(rows).catch((err) => this.log.error({ err }, 'notification push failed'));
  }

  /** notify() every active user holding the permission, and every admin. */
  async notifyHolders(permission: Permission, message: string, link: string | null = null) {
    return this.notify(await this.users.idsWithPermission(permission), message, link);
  }

  /** Same as notify(), but never throws: for announcements that must not fail the caller's request. */
  async notifySafely(userIds: number[] | Promise<number[]>, message: string, link: string | null = null) {
    try {
      return await this.notify(await userIds, message, link);
    } catch (err) {
      this.log.error({ err }, 'notification failed');
      return [];
    }
  }

  private assertMayRead(current: CurrentUser, userId: number) {
    if (current.id !== userId && current.role !== 'ADMIN') throw forbidden(NOTIFICATION_MESSAGES.readOthers);
  }

  async unread(current: CurrentUser, userId: number): Promise<NotificationView[]> {
    this.assertMayRead(current, userId);
    const rows = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(MAX_UNREAD);
    return rows.map(toNotificationView);
  }

  async all(current: CurrentUser, userId: number, limit: number): Promise<NotificationView[]> {
    this.assertMayRead(current, userId);
    const rows = await this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return rows.map(toNotificationView);
  }

  /** Only the owner marks a notification (an admin reading someone's bell leaves it as it is). */
  async markAsRead(current: CurrentUser, id: number): Promise<NotificationView> {
    const [row] = await this.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
    if (row.userId !== current.id) throw forbidden(NOTIFICATION_MESSAGES.markOthers);
    if (row.read) return toNotificationView(row);
    const [updated] = await this.db
      .update(notifications)
      .set({ read: true, readAt: new Date() })
      .where(eq(notifications.id, id))
      .returning();
    return toNotificationView(updated);
  }

  /** Marks every unread notification of the caller; answers how many changed. */
  async markAllAsRead(current: CurrentUser, userId: number): Promise<{ updated: number }> {
    if (current.id !== userId) throw forbidden(NOTIFICATION_MESSAGES.markOthers);
    const rows = await this.db
      .update(notifications)
      .set({ read: true, readAt: new Date() })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return { updated: rows.length };
  }

  /** POST send/{userId}: an admin to anyone, anyone else only to themselves (a reminder). */
  async send(current: CurrentUser, userId: number, message: string, actor: Actor): Promise<NotificationView> {
    if (current.id !== userId && current.role !== 'ADMIN') throw forbidden(NOTIFICATION_MESSAGES.sendOthers);
    const target = await this.users.staffMember(userId);
    if (!target) throw notFound(NOTIFICATION_MESSAGES.userNotFound);
    if (!target.active) throw badRequest(NOTIFICATION_MESSAGES.userInactive);
    const rows = await this.db.transaction(async (tx) => {
      const inserted = await this.insert(tx, [userId], message, null);
      await writeAudit(tx, actor, {
        action: 'send',
        entity: 'notification',
        entityId: inserted[0].id,
        after: { userId, message },
      });
      return inserted;
    });
    await this.publish(rows);
    return toNotificationView(rows[0]);
  }
}
