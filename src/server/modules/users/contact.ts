import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { StaffActor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { notFound } from '../../platform/errors';
import { findUserRow } from './directory';
import { searchText } from './rules';
import { users } from './schema';

/**
 * The owner's own address: what they set, what they proved by using a code, what they took back by
 * reporting a change. Each makes the address theirs (confirmed, set by nobody else).
 */
const owned = (email: string, now: Date) => ({
  email,
  confirmedEmail: email,
  emailSetBy: null,
  emailSetAt: now,
});

/**
 * The signed-in user's own e-mail and phone. `confirm`: auth has checked the current password, which
 * it does for a new e-mail and, when asked, to confirm the address as it is; without it only the phone
 * changes.
 */
export async function updateContact(
  db: Db,
  caller: StaffActor,
  contact: { email: string; phone: string; confirm: boolean },
  now: Date,
) {
  const id = caller.userId;
  await db.transaction(async (tx) => {
    const before = await findUserRow(tx, id);
    if (!before) throw notFound('Không tìm thấy tài khoản');
    const phone = contact.phone;
    const email = contact.confirm ? contact.email : before.email;
    const address = contact.confirm ? owned(contact.email, now) : {};
    await tx
      .update(users)
      .set({ ...address, phone, searchText: searchText({ ...before, email, phone }), updatedAt: now })
      .where(eq(users.id, id));
    await writeAudit(tx, caller, {
      action: 'change-info',
      entity: 'user',
      entityId: id,
      before: { email: before.email, phone: before.phone },
      after: { email, phone, ...(contact.confirm ? { emailConfirmed: true } : {}) },
    });
  });
}

/** Puts back the e-mail an owner reported as changed without them (the report link went there). */
export async function restoreEmail(exec: Executor, id: number, email: string, now: Date) {
  const row = await findUserRow(exec, id);
  if (!row) return;
  await exec
    .update(users)
    .set({ ...owned(email, now), searchText: searchText({ ...row, email }), updatedAt: now })
    .where(eq(users.id, id));
}

/** A code mailed to `address` was used while the account still had it: the owner reads that mailbox. */
export async function confirmEmail(exec: Executor, id: number, address: string, now: Date) {
  await exec.update(users).set(owned(address, now)).where(eq(users.id, id));
}
