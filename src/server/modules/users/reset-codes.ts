import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResetCodes } from './schema';

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/**
 * The `password_reset_codes` table, owned by the users module: auth's password setup stores, reads and
 * uses codes only through these calls. Codes are kept as HMACs; which code is right is auth's business.
 */
export const resetCodes = {
  async store(exec: Executor, row: typeof passwordResetCodes.$inferInsert): Promise<void> {
    await exec.insert(passwordResetCodes).values(row);
  },

  /** A user's codes not used and not expired, locked for the rest of the transaction. */
  liveForUpdate(exec: Executor, userId: number, now: Date): Promise<ResetCodeRow[]> {
    return exec
      .select()
      .from(passwordResetCodes)
      .where(
        and(
          eq(passwordResetCodes.userId, userId),
          isNull(passwordResetCodes.usedAt),
          gt(passwordResetCodes.expiresAt, now),
        ),
      )
      .for('update');
  },

  /** One code used voids every other of the user: a new password is set once. */
  async spendAll(exec: Executor, userId: number, now: Date): Promise<void> {
    await exec
      .update(passwordResetCodes)
      .set({ usedAt: now })
      .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
  },
};
