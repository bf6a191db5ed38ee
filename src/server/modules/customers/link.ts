import { and, eq, isNull, sql } from 'drizzle-orm';
import { customerCode, displayPhone, normalisePhone } from '../../../contract/customers';
import { foldVietnamese } from '../../../contract/text';
import type { Executor } from '../../db/client';
import { customerEntries, customerPhones, customers } from './schema';

/** What another module made for a person, told to the customer record when it is created. */
export interface CustomerContact {
  kind: 'LEAD' | 'RESERVATION' | 'ALERT' | 'DEAL' | 'MESSAGE';
  /** The other module's id: one timeline entry per kind and id, however often it is told. */
  refId: string | number;
  subtype?: string | null;
  phone?: string | null;
  fullName?: string | null;
  email?: string | null;
  /** The visitor ticked "Nhận thông báo qua Zalo". */
  zaloConsent?: boolean;
  title: string;
  status?: string | null;
  link?: string | null;
  /** Who handles it (a lead's assignee): becomes the customer's owner when they have none. */
  staffId?: number | null;
  occurredAt: Date;
}

export type CustomerRow = typeof customers.$inferSelect;

/** The later (or sooner) of two moments. */
export const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
export const sooner = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

const cleanEmail = (e: string | null | undefined) => e?.trim().toLowerCase() || null;

/** Folded name, each phone in both forms, e-mails and the code: what the search box matches. */
export function searchTextOf(row: Pick<CustomerRow, 'id' | 'fullName' | 'emails'>, phones: string[]): string {
  const numbers = phones.flatMap((p) => [p, `0${p.slice(2)}`, displayPhone(p).replace(/\s/g, '')]);
  return [foldVietnamese(row.fullName), ...numbers, ...row.emails, customerCode(row.id).toLowerCase()]
    .filter(Boolean)
    .join(' ');
}

export async function phonesOf(exec: Executor, customerId: number): Promise<string[]> {
  const rows = await exec
    .select({ phone: customerPhones.phone })
    .from(customerPhones)
    .where(eq(customerPhones.customerId, customerId))
    .orderBy(customerPhones.createdAt);
  return rows.map((r) => r.phone);
}

export async function refreshSearch(exec: Executor, row: CustomerRow): Promise<void> {
  const phones = await phonesOf(exec, row.id);
  await exec
    .update(customers)
    .set({ searchText: searchTextOf(row, phones) })
    .where(eq(customers.id, row.id));
}

/** The live customer a phone (any form) belongs to, or undefined. */
export async function byPhone(exec: Executor, phone: string): Promise<CustomerRow | undefined> {
  const p = normalisePhone(phone);
  if (!p) return undefined;
  const [hit] = await exec
    .select({ c: customers })
    .from(customerPhones)
    .innerJoin(customers, eq(customers.id, customerPhones.customerId))
    .where(eq(customerPhones.phone, p));
  return hit?.c;
}

async function byEmail(exec: Executor, email: string): Promise<CustomerRow | undefined> {
  const [hit] = await exec
    .select()
    .from(customers)
    .where(and(isNull(customers.mergedIntoId), sql`${customers.emails} @> ${JSON.stringify([email])}::jsonb`))
    .orderBy(customers.id)
    .limit(1);
  return hit;
}

/**
 * The customer for this contact, created when unknown: by phone first, by e-mail when no phone is
 * given (a price alert). Runs in the caller's transaction, so the entry exists exactly when the lead,
 * reservation or subscription does. Null when the contact carries neither.
 */
export async function findOrCreate(
  exec: Executor,
  c: Pick<CustomerContact, 'phone' | 'email' | 'fullName' | 'occurredAt'>,
): Promise<CustomerRow | null> {
  const phone = normalisePhone(c.phone);
  const email = cleanEmail(c.email);
  if (!phone && !email) return null;
  const found = phone ? await byPhone(exec, phone) : await byEmail(exec, email!);
  if (found) return found;
  if (phone && email) {
    // Known so far by e-mail only (a price alert): the phone now given is theirs.
    const mailed = await byEmail(exec, email);
    if (mailed && !mailed.phone) {
      const [own] = await exec
        .insert(customerPhones)
        .values({ phone, customerId: mailed.id })
        .onConflictDoNothing()
        .returning();
      if (own) {
        await exec.update(customers).set({ phone }).where(eq(customers.id, mailed.id));
        await refreshSearch(exec, mailed);
        return { ...mailed, phone };
      }
    }
  }
  const [created] = await exec
    .insert(customers)
    .values({
      fullName: c.fullName?.trim() ?? '',
      phone,
      emails: email ? [email] : [],
      createdAt: c.occurredAt,
      lastActivityAt: c.occurredAt,
    })
    .returning();
  if (phone) {
    const [own] = await exec
      .insert(customerPhones)
      .values({ phone, customerId: created.id })
      .onConflictDoNothing()
      .returning();
    if (!own) {
      // Another transaction made this person a moment ago: theirs is the record.
      await exec.delete(customers).where(eq(customers.id, created.id));
      return (await byPhone(exec, phone)) ?? null;
    }
  }
  await refreshSearch(exec, created);
  return created;
}

/** Attaches what another module created to its customer (made when new); answers the customer's id. */
export async function linkContact(exec: Executor, c: CustomerContact): Promise<number | null> {
  const customer = await findOrCreate(exec, c);
  if (!customer) return null;
  const [entry] = await exec
    .insert(customerEntries)
    .values({
      customerId: customer.id,
      kind: c.kind,
      refId: String(c.refId),
      subtype: c.subtype ?? null,
      title: c.title,
      status: c.status ?? null,
      link: c.link ?? null,
      staffId: c.staffId ?? null,
      occurredAt: c.occurredAt,
    })
    .onConflictDoNothing()
    .returning({ id: customerEntries.id });
  if (!entry) return customer.id;
  // What the contact adds to the record: a name where none was known, a new e-mail, consent, an owner.
  const email = cleanEmail(c.email);
  const emails = email && !customer.emails.includes(email) ? [...customer.emails, email] : customer.emails;
  const next: CustomerRow = {
    ...customer,
    fullName: customer.fullName || c.fullName?.trim() || '',
    emails,
    zaloConsent: customer.zaloConsent || (Boolean(c.zaloConsent) && !customer.zaloOptedOutAt),
    ownerId: customer.ownerId ?? c.staffId ?? null,
    lastActivityAt: later(c.occurredAt, customer.lastActivityAt),
  };
  await exec
    .update(customers)
    .set({
      fullName: next.fullName,
      emails: next.emails,
      zaloConsent: next.zaloConsent,
      ownerId: next.ownerId,
      lastActivityAt: next.lastActivityAt,
      updatedAt: new Date(),
    })
    .where(eq(customers.id, customer.id));
  if (next.fullName !== customer.fullName || emails !== customer.emails) await refreshSearch(exec, next);
  return customer.id;
}

/** A linked item changed (a lead's status, a message delivered): its timeline entry shows it. */
export async function touchEntry(
  exec: Executor,
  kind: CustomerContact['kind'],
  refId: string | number,
  patch: { status?: string | null; staffId?: number | null; title?: string },
): Promise<void> {
  const set: Partial<typeof customerEntries.$inferInsert> = {};
  if (patch.status !== undefined) set.status = patch.status;
  if (patch.staffId !== undefined) set.staffId = patch.staffId;
  if (patch.title !== undefined) set.title = patch.title;
  if (Object.keys(set).length === 0) return;
  await exec
    .update(customerEntries)
    .set(set)
    .where(and(eq(customerEntries.kind, kind), eq(customerEntries.refId, String(refId))));
}
