import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import {
  CUSTOMER_ENTRY_LABELS,
  type CustomerDetail,
  type CustomerEntryKind,
  type CustomerSummary,
  type CustomersQuery,
  customerCode,
  displayPhone,
  normalisePhone,
} from '../../../contract/customers';
import { foldVietnamese } from '../../../contract/text';
import type { Db, Executor } from '../../db/client';
import { escapeLike, pageOf } from '../../platform/paging';
import { byPhone, type CustomerRow, phonesOf } from './link';
import { customerEntries, customers } from './schema';

export interface CustomerQueryDeps {
  db: Db;
  /** Staff names by id (the users service). */
  namesOf(ids: number[]): Promise<Map<number, string>>;
}

async function summaries(deps: CustomerQueryDeps, rows: CustomerRow[]): Promise<CustomerSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const counts = await deps.db
    .select({ id: customerEntries.customerId, n: count() })
    .from(customerEntries)
    .where(
      and(
        inArray(customerEntries.customerId, ids),
        inArray(customerEntries.kind, ['LEAD', 'RESERVATION', 'ALERT', 'DEAL', 'MESSAGE']),
      ),
    )
    .groupBy(customerEntries.customerId);
  const byId = new Map(counts.map((c) => [c.id, Number(c.n)]));
  const owners = [...new Set(rows.map((r) => r.ownerId).filter((v): v is number => v !== null))];
  const names = owners.length ? await deps.namesOf(owners) : new Map<number, string>();
  return rows.map((r) => ({
    customerId: r.id,
    code: customerCode(r.id),
    fullName: r.fullName || 'Khách chưa rõ tên',
    phone: displayPhone(r.phone),
    emails: r.emails,
    ownerId: r.ownerId,
    ownerName: r.ownerId ? (names.get(r.ownerId) ?? null) : null,
    zaloConsent: r.zaloConsent && !r.zaloOptedOutAt,
    entries: byId.get(r.id) ?? 0,
    lastActivityAt: r.lastActivityAt.toISOString(),
  }));
}

/** Search by name (accents ignored), phone in any form, e-mail or code (KH-000042); newest activity first. */
export async function listCustomers(
  deps: CustomerQueryDeps,
  q: CustomersQuery,
): Promise<Page<CustomerSummary>> {
  const where = [isNull(customers.mergedIntoId)];
  const term = q.search?.trim();
  if (term) {
    const code = /^kh-?0*(\d+)$/i.exec(term);
    const phone = normalisePhone(term);
    // A number being typed ("0912 34") matches by its digits; anything else by its folded words.
    const digits = /^[\d\s.+-]+$/.test(term) ? term.replace(/\D/g, '') : null;
    const needle = phone ?? digits ?? foldVietnamese(term).replace(/\s+/g, ' ');
    const like = sql`${customers.searchText} like ${`%${escapeLike(needle)}%`}`;
    where.push(code ? sql`(${customers.id} = ${Number(code[1])} or ${like})` : like);
  }
  const filter = and(...where);
  const [{ total }] = await deps.db.select({ total: count() }).from(customers).where(filter);
  const rows = await deps.db
    .select()
    .from(customers)
    .where(filter)
    .orderBy(desc(customers.lastActivityAt), desc(customers.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return pageOf(await summaries(deps, rows), Number(total), q);
}

/** The record a merged customer went into (following a chain of merges), or the record itself. */
export async function liveCustomer(exec: Executor, id: number): Promise<CustomerRow | undefined> {
  let [row] = await exec.select().from(customers).where(eq(customers.id, id));
  for (let hops = 0; row?.mergedIntoId && hops < 20; hops++) {
    [row] = await exec.select().from(customers).where(eq(customers.id, row.mergedIntoId));
  }
  return row;
}

export async function customerDetail(deps: CustomerQueryDeps, row: CustomerRow): Promise<CustomerDetail> {
  const [summary] = await summaries(deps, [row]);
  const entries = await deps.db
    .select()
    .from(customerEntries)
    .where(eq(customerEntries.customerId, row.id))
    .orderBy(desc(customerEntries.occurredAt), desc(customerEntries.id));
  const merged = await deps.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.mergedIntoId, row.id));
  const phones = await phonesOf(deps.db, row.id);
  return {
    ...summary,
    phones: phones.map(displayPhone),
    notes: row.notes,
    zaloOptedOutAt: row.zaloOptedOutAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    mergedCodes: merged.map((m) => customerCode(m.id)),
    timeline: entries.map((e) => ({
      entryId: e.id,
      kind: e.kind as CustomerEntryKind,
      kindLabel: CUSTOMER_ENTRY_LABELS[e.kind as CustomerEntryKind] ?? e.kind,
      title: e.title,
      status: e.status,
      link: e.link,
      occurredAt: e.occurredAt.toISOString(),
      byName: e.byName,
    })),
  };
}

/** While staff type a phone: the customer it already belongs to. */
export async function lookupByPhone(deps: CustomerQueryDeps, phone: string): Promise<CustomerSummary | null> {
  const row = await byPhone(deps.db, phone);
  if (!row) return null;
  const [summary] = await summaries(deps, [row]);
  return summary;
}
