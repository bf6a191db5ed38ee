import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import type { Page } from '../../../contract/common';
import {
  CALL_OUTCOME_LABELS,
  CUSTOMER_MESSAGES,
  type CustomerCallBody,
  type CustomerDetail,
  type CustomerSummary,
  type CustomersQuery,
  type CustomerUpdateBody,
  normalisePhone,
} from '../../../contract/customers';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { notFound } from '../../platform/errors';
import {
  byPhone,
  type CustomerContact,
  type CustomerRow,
  findOrCreate,
  linkContact,
  touchEntry,
} from './link';
import { mergeCustomers } from './merge';
import { customerDetail, listCustomers, liveCustomer, lookupByPhone } from './queries';
import { customerEntries, customers } from './schema';

export type { CustomerContact } from './link';

/** How long a returning customer's new request goes to the person who handled the last one. */
export const SAME_OWNER_DAYS = 30;

export interface CustomersDeps {
  db: Db;
  clock: Clock;
  /** Staff names by id (the users service). */
  namesOf(ids: number[]): Promise<Map<number, string>>;
  /** Staff reached a lead's customer (a call logged for that lead): the leads module times its first response. */
  contacted?(leadId: number, what: string, at: Date, by: { userId: number; name: string }): Promise<void>;
}

/** Whether, and where, a customer may get a Zalo message. */
export interface ZaloTarget {
  customerId: number | null;
  phone: string;
  consent: boolean;
  optedOut: boolean;
}

/**
 * The customer record (docs/customers.md): one person found by phone, with every lead, reservation,
 * alert subscription, deal and message attached as it is created. Other modules call `link` inside the
 * transaction that creates their row (a port wired in app.ts), never these tables.
 */
export class CustomersService {
  constructor(private readonly deps: CustomersDeps) {}

  /** Attaches a new lead, reservation, subscription, deal or message to its customer (made when new). */
  link(exec: Executor, contact: CustomerContact): Promise<number | null> {
    return linkContact(exec, contact);
  }

  /** The linked item changed: its timeline entry shows the new status (or handler). */
  touch(
    exec: Executor,
    kind: CustomerContact['kind'],
    refId: string | number,
    patch: { status?: string | null; staffId?: number | null; title?: string },
  ): Promise<void> {
    return touchEntry(exec, kind, refId, patch);
  }

  /**
   * Who handled this phone's last lead within SAME_OWNER_DAYS (the customer's owner otherwise, if
   * they handled anything then): a repeat request goes to them. Null for a new or long-quiet customer.
   */
  async recentOwner(exec: Executor, phone: string, now = this.deps.clock.now()): Promise<number | null> {
    const customer = await byPhone(exec, phone);
    if (!customer) return null;
    const since = new Date(now.getTime() - SAME_OWNER_DAYS * 86_400_000);
    const [last] = await exec
      .select({ staffId: customerEntries.staffId })
      .from(customerEntries)
      .where(
        and(
          eq(customerEntries.customerId, customer.id),
          eq(customerEntries.kind, 'LEAD'),
          isNotNull(customerEntries.staffId),
          gte(customerEntries.occurredAt, since),
        ),
      )
      .orderBy(desc(customerEntries.occurredAt))
      .limit(1);
    return last?.staffId ?? null;
  }

  list(q: CustomersQuery): Promise<Page<CustomerSummary>> {
    return listCustomers(this.deps, q);
  }

  /** A merged record answers with the one it went into. */
  async detail(id: number): Promise<CustomerDetail> {
    const row = await liveCustomer(this.deps.db, id);
    if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
    return customerDetail(this.deps, row);
  }

  lookup(phone: string): Promise<CustomerSummary | null> {
    return lookupByPhone(this.deps, phone);
  }

  async merge(id: number, otherId: number, actor: Actor, byName: string | null): Promise<CustomerDetail> {
    await mergeCustomers(this.deps.db, id, otherId, actor, byName, this.deps.clock.now());
    return this.detail(id);
  }

  private async live(id: number): Promise<CustomerRow> {
    const [row] = await this.deps.db.select().from(customers).where(eq(customers.id, id));
    if (!row || row.mergedIntoId) throw notFound(CUSTOMER_MESSAGES.notFound);
    return row;
  }

  /** Notes, owner, Zalo consent; unticking consent is the customer's "stop" and holds for good. */
  async update(id: number, body: CustomerUpdateBody, actor: Actor): Promise<CustomerDetail> {
    const row = await this.live(id);
    const now = this.deps.clock.now();
    const set: Partial<CustomerRow> = { updatedAt: now };
    if (body.notes !== undefined) set.notes = body.notes?.trim() || null;
    if (body.ownerId !== undefined) set.ownerId = body.ownerId;
    if (body.zaloConsent === false && !row.zaloOptedOutAt) {
      set.zaloConsent = false;
      set.zaloOptedOutAt = now;
    }
    if (body.zaloConsent === true && !row.zaloOptedOutAt) set.zaloConsent = true;
    await this.deps.db.transaction(async (tx) => {
      await tx.update(customers).set(set).where(eq(customers.id, id));
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'customer',
        entityId: id,
        before: { notes: row.notes, ownerId: row.ownerId, zaloConsent: row.zaloConsent },
        after: {
          notes: set.notes ?? row.notes,
          ownerId: set.ownerId ?? row.ownerId,
          zaloConsent: set.zaloConsent,
        },
      });
    });
    return this.detail(id);
  }

  /** "Ghi cuộc gọi": the call and its outcome on the timeline (and a lead's first response, when one is named). */
  async logCall(
    id: number,
    body: CustomerCallBody,
    actor: Actor,
    byName: string | null,
  ): Promise<CustomerDetail> {
    await this.live(id);
    const now = this.deps.clock.now();
    const label = CALL_OUTCOME_LABELS[body.outcome];
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(customerEntries).values({
        customerId: id,
        kind: 'CALL',
        subtype: body.outcome,
        title: body.note ? `Cuộc gọi: ${body.note}` : 'Cuộc gọi',
        status: label,
        staffId: actor.userId,
        byName,
        occurredAt: now,
      });
      await tx.update(customers).set({ lastActivityAt: now }).where(eq(customers.id, id));
      await writeAudit(tx, actor, {
        action: 'log-call',
        entity: 'customer',
        entityId: id,
        after: { outcome: body.outcome, note: body.note ?? null, leadId: body.leadId ?? null },
      });
    });
    if (body.leadId && actor.userId !== null && this.deps.contacted) {
      const what = `Gọi điện: ${label}${body.note ? ` (${body.note})` : ''}`;
      await this.deps.contacted(body.leadId, what, now, { userId: actor.userId, name: byName ?? '' });
    }
    return this.detail(id);
  }

  /** The customer a phone belongs to, made when unknown (a message sent to a number not yet on file). */
  async ensure(exec: Executor, phone: string, fullName?: string): Promise<number | null> {
    const row = await findOrCreate(exec, { phone, fullName, occurredAt: this.deps.clock.now() });
    return row?.id ?? null;
  }

  /** Consent and "stop" for this phone; a number on no record has given no consent. */
  async zaloTarget(exec: Executor, phone: string): Promise<ZaloTarget | null> {
    const p = normalisePhone(phone);
    if (!p) return null;
    const row = await byPhone(exec, p);
    return {
      customerId: row?.id ?? null,
      phone: p,
      consent: Boolean(row?.zaloConsent) && !row?.zaloOptedOutAt,
      optedOut: Boolean(row?.zaloOptedOutAt),
    };
  }

  /** The name on the record of this phone ('' when none): for messages to people who gave none (alerts). */
  async nameOf(phone: string): Promise<string> {
    return (await byPhone(this.deps.db, phone))?.fullName ?? '';
  }

  /** The phone of a customer (the kept record of a merged one), or null. */
  async phoneOf(id: number): Promise<{ customerId: number; phone: string | null; fullName: string } | null> {
    const row = await liveCustomer(this.deps.db, id);
    return row ? { customerId: row.id, phone: row.phone, fullName: row.fullName } : null;
  }

  /** The customer said stop (a Zalo "unfollow" or the customer's own word): never messaged again. */
  async optOut(exec: Executor, phone: string, at: Date): Promise<void> {
    const row = await byPhone(exec, phone);
    if (!row || row.zaloOptedOutAt) return;
    await exec
      .update(customers)
      .set({ zaloConsent: false, zaloOptedOutAt: at, updatedAt: at })
      .where(eq(customers.id, row.id));
  }

  /**
   * Links what exists already (the demo showroom, rows made before the record existed): each contact
   * not yet on a timeline is attached. Safe to run again.
   */
  async backfill(contacts: CustomerContact[]): Promise<number> {
    let linked = 0;
    for (let i = 0; i < contacts.length; i += 200) {
      const chunk = contacts.slice(i, i + 200);
      await this.deps.db.transaction(async (tx) => {
        for (const c of chunk) if ((await linkContact(tx, c)) !== null) linked++;
      });
    }
    return linked;
  }
}
