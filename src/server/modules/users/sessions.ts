import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from './directory';
import { sessions, users } from './schema';

export type SessionRow = typeof sessions.$inferSelect;

/**
 * The `sessions` table, owned by the users module: auth's sign-in, token checks and the profile's list of
 * sessions read and write it only through these calls.
 */
export class SessionStore {
  constructor(private readonly db: Db) {}

  async create(exec: Executor, row: typeof sessions.$inferInsert): Promise<void> {
    await exec.insert(sessions).values(row);
  }

  /**
   * The session behind a token and its user, in one query (it runs on every signed-in request): only
   * when the session is not revoked, not expired, used since `idleSince`, and its user active.
   */
  async live(
    claims: { sessionId: string; userId: number },
    now: Date,
    idleSince: Date,
  ): Promise<{ user: UserRow; lastUsedAt: Date; ip: string | null } | undefined> {
    const [row] = await this.db
      .select({ user: users, lastUsedAt: sessions.lastUsedAt, ip: sessions.ip })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claims.sessionId),
          eq(sessions.userId, claims.userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastUsedAt, idleSince),
          eq(users.active, true),
        ),
      );
    return row;
  }

  /** Records a use of the session (and the address it came from, when known). */
  async touch(sessionId: string, now: Date, ip?: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastUsedAt: now, ...(ip ? { ip } : {}) })
      .where(eq(sessions.id, sessionId));
  }

  /** A user's live sessions (not revoked, not expired, not idle), most recently used first. */
  listLive(userId: number, now: Date, idleSince: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          gt(sessions.lastUsedAt, idleSince),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt));
  }

  /** Ends one session of the user; false when it is not theirs, unknown or already ended. */
  async end(exec: Executor, sessionId: string, userId: number, now: Date): Promise<boolean> {
    const ended = await exec
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return ended.length > 0;
  }

  /** Revokes every live session of a user, except one (the caller's own) when given. */
  async revokeAll(exec: Executor, userId: number, now: Date, keep?: string): Promise<void> {
    await exec
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      );
  }
}
