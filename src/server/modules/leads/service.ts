import type { ChatHandoffBody } from '../../../contract/chat-handoff';
import type { Page } from '../../../contract/common';
import {
  LEAD_RATE_LIMIT,
  type LeadByHandBody,
  type LeadDetail,
  type LeadEventView,
  type LeadReceipt,
  type LeadStatus,
  type LeadType,
  type LeadView,
  type ServiceRequestStats,
  type StaffRef,
} from '../../../contract/leads';
import type { Tx } from '../../db/client';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { RateLimiter } from '../../platform/rate-limit';
import { manageUrl } from './booking-mail';
import { BookingsService } from './bookings';
import { createByHand } from './by-hand';
import { recordContact } from './first-contact';
import { FOLLOW_UP_JOB, remindFollowUp, setFollowUp } from './follow-up';
import { addLeadNote, assignLead, changeLeadStatus, leadAssignees, leadDetail } from './handling';
import { handoffToPerson } from './handoff';
import { requestKeyOf } from './idempotency';
import { leadContact } from './lifecycle';
import { listLeads } from './list';
import { Purchases } from './purchase';
import { alertLateLead, RESPONSE_ALERT_JOB } from './sla';
import { leadStats } from './stats';
import { submitLead } from './submit';
import { dropOldTraps } from './traps';
import type { LeadInput, LeadRow, LeadsDeps, LeadsQueryParsed } from './types';
import { leadAnnouncement, leadLink } from './wording';

export type { LeadInput, LeadsDeps, LeadsQueryParsed } from './types';
export { LEAD_MESSAGES, leadReference, leadSearchText } from './wording';

/**
 * Leads of the three public forms and their handling by the service staff: submission (validated,
 * rate limited per IP and form, idempotent by the form's clientRequestId, honeypot; submit.ts), the
 * list (list.ts), the workflow with its history, assignment and notes (handling.ts), and the counts
 * the statistics read (stats.ts).
 */
export class LeadsService {
  readonly limiters: Record<LeadType, RateLimiter>;
  /** The chat's "Gặp nhân viên tư vấn", counted like one more form. */
  readonly handoffLimiter: RateLimiter;
  /** Slots, the calendar, reschedules, the customer's signed link and the reminder job. */
  readonly bookings: BookingsService;
  /** Buy-ins: the seller's submission, the offer, the bought car entering stock (purchase*.ts). */
  readonly purchases: Purchases;

  constructor(private readonly deps: LeadsDeps) {
    this.bookings = new BookingsService(deps);
    const limiter = (name: string) =>
      new RateLimiter(deps.counters, name, LEAD_RATE_LIMIT.limit, LEAD_RATE_LIMIT.windowMs);
    this.limiters = {
      TEST_DRIVE: limiter('lead-test-drive'),
      MAINTENANCE: limiter('lead-maintenance'),
      CONSULTING: limiter('lead-consulting'),
      PURCHASE: limiter('lead-purchase'),
    };
    this.purchases = new Purchases(deps, this.limiters.PURCHASE);
    this.handoffLimiter = limiter('lead-chat');
    deps.connectContacts?.((leadId, what, at, by) => recordContact(deps, leadId, what, at, by));
    // Handlers are safe to repeat: each marks its lead in the transaction that stores its notifications.
    deps.jobs.define(RESPONSE_ALERT_JOB, async (payload) => void (await alertLateLead(deps, payload)));
    deps.jobs.define(FOLLOW_UP_JOB, async (payload) => void (await remindFollowUp(deps, payload)));
    // The honeypot's catches are kept only as long as their links could be used (traps.ts).
    deps.jobs.every(
      'lead-traps.cleanup',
      async () => void (await dropOldTraps(deps)),
      86_400_000,
      4 * 3_600_000,
    );
  }

  /**
   * `idempotencyKey`: the Idempotency-Key header, an alternative to the body's clientRequestId. A booked
   * day's receipt carries the customer's own link, except for a keyless repeat (whoever repeats a phone
   * and slot has not shown they made the first).
   */
  async submit(
    input: LeadInput,
    actor: Actor,
    idempotencyKey?: string | string[],
  ): Promise<{ receipt: LeadReceipt; created: boolean }> {
    const key = requestKeyOf(idempotencyKey, input.body.clientRequestId);
    const keyed = { ...input, body: { ...input.body, clientRequestId: key } } as LeadInput;
    const { receipt, created, row } = await submitLead(this.deps, this.limiters, keyed, actor);
    if (!receipt.preferredDate) return { receipt, created };
    // A robot's receipt (honeypot) carries the link of its own catch, which answers like a person's.
    return { receipt: row ? { ...receipt, manageUrl: manageUrl(this.deps, row) } : receipt, created };
  }

  /** POST chat/handoff: a consulting lead from the chat, carrying the conversation so far. */
  handoff(body: ChatHandoffBody, actor: Actor): Promise<{ receipt: LeadReceipt; created: boolean }> {
    return handoffToPerson(this.deps, this.handoffLimiter, body, actor);
  }

  /** Attaches a lead written outside the forms (the demo showroom) to its customer, in the caller's transaction. */
  async linkCustomer(tx: Tx, row: LeadRow): Promise<void> {
    await this.deps.customers?.link(tx, leadContact(row));
  }

  /** "Khách hàng Nguyễn Văn A đăng ký lái thử Toyota Vios 2020 ngày 25/11/2026" */
  announcement(row: LeadRow): string {
    return leadAnnouncement(row);
  }

  link(row: Pick<LeadRow, 'type' | 'id'>): string {
    return leadLink(row);
  }

  list(type: LeadType, q: LeadsQueryParsed, now = this.deps.clock.now()): Promise<Page<LeadView>> {
    return listLeads(this.deps, type, q, now);
  }

  detail(type: LeadType, id: number): Promise<LeadDetail> {
    return leadDetail(this.deps, type, id);
  }

  changeStatus(
    type: LeadType,
    id: number,
    to: LeadStatus,
    note: string | undefined,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    return changeLeadStatus(this.deps, type, id, to, note, current, actor);
  }

  /** POST consulting/admin: a consulting request staff enter by hand (by-hand.ts). */
  createByHand(body: LeadByHandBody, current: CurrentUser, actor: Actor): Promise<LeadDetail> {
    return createByHand(this.deps, body, current, actor);
  }

  /** Staff who may handle leads: active holders of MANAGE_SERVICE and admins, by name. */
  assignees(): Promise<StaffRef[]> {
    return leadAssignees(this.deps);
  }

  assign(
    type: LeadType,
    id: number,
    assigneeId: number | null,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    return assignLead(this.deps, type, id, assigneeId, current, actor);
  }

  /** "Hẹn gọi lại": sets, moves or (at null) removes the follow-up and its reminder. */
  async setFollowUp(
    type: LeadType,
    id: number,
    at: Date | null,
    note: string | undefined,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadDetail> {
    await setFollowUp(this.deps, type, id, at, note, current, actor);
    return leadDetail(this.deps, type, id);
  }

  addNote(
    type: LeadType,
    id: number,
    note: string,
    current: CurrentUser,
    actor: Actor,
  ): Promise<LeadEventView> {
    return addLeadNote(this.deps, type, id, note, current, actor);
  }

  /** Counts by type and status (zeros included), optionally of one status: GET dashboard/service-requests. */
  stats(status?: LeadStatus, range: { from?: string; to?: string } = {}): Promise<ServiceRequestStats> {
    return leadStats(this.deps, status, range);
  }
}
