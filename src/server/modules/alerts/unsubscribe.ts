import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  ALERT_ENDED_KEEP_DAYS,
  ALERT_MESSAGES,
  ALERT_PENDING_DAYS,
  ALERTS_PER_EMAIL,
  type AlertManageView,
  type AlertUnsubscribeAnswer,
  maskEmail,
} from '../../../contract/alerts';
import type { Executor } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { AlertDeps } from './deps';
import { alertDigests, alertSubscriptions } from './schema';
import { LIVE, lockAddress } from './subscriptions';
import { type SubscriptionRow, subscriptionViews } from './views';

const DAY = 86_400_000;
/** How long the record of a day's digest is kept (support questions: "did I get yesterday's?"). */
const DIGEST_KEEP_DAYS = 90;

/**
 * Ending subscriptions: from a link in an e-mail (one subscription or every one of the address, also
 * the one-click POST of RFC 8058), from the page that manages an address's subscriptions, and the
 * clean-up of sign-ups never confirmed. Ending is idempotent: a second click answers the same page.
 */
export class AlertUnsubscribes {
  constructor(private readonly deps: AlertDeps) {}

  private live(exec: Executor, email: string) {
    return exec
      .select()
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.email, email), inArray(alertSubscriptions.status, LIVE)))
      .orderBy(desc(alertSubscriptions.createdAt), desc(alertSubscriptions.id));
  }

  /** Ends these of the address's live subscriptions (all when `ids` is absent); answers how many. */
  private async end(email: string, ids?: number[]): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await lockAddress(tx, email);
      const ended = await tx
        .update(alertSubscriptions)
        .set({ status: 'ended', endedAt: this.deps.clock.now(), endReason: 'unsubscribed' })
        .where(
          and(
            eq(alertSubscriptions.email, email),
            inArray(alertSubscriptions.status, LIVE),
            ids ? inArray(alertSubscriptions.id, ids) : undefined,
          ),
        )
        .returning({ id: alertSubscriptions.id });
      return ended.length;
    });
  }

  /** What an unsubscribe link covers ('u': one subscription, 'a': the address's); `apply` ends them. */
  async unsubscribe(token: string, apply: boolean): Promise<AlertUnsubscribeAnswer> {
    const read = this.deps.links.read(token, ['u', 'a']);
    let email: string;
    let rows: SubscriptionRow[];
    let ended = 0;
    if (read.kind === 'u') {
      const find = () =>
        this.deps.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, read.subscriptionId));
      const [row] = await find();
      if (!row) throw notFound(ALERT_MESSAGES.notFound);
      email = row.email;
      if (apply && row.status !== 'ended') ended = await this.end(email, [row.id]);
      rows = apply ? await find() : [row];
    } else if (read.kind === 'a') {
      email = read.email;
      const before = await this.live(this.deps.db, email);
      if (apply && before.length) {
        ended = await this.end(email);
        const ids = before.map((r) => r.id);
        rows = await this.deps.db
          .select()
          .from(alertSubscriptions)
          .where(inArray(alertSubscriptions.id, ids))
          .orderBy(desc(alertSubscriptions.createdAt), desc(alertSubscriptions.id));
      } else rows = before;
    } else throw notFound(ALERT_MESSAGES.notFound);
    return {
      scope: read.kind === 'u' ? 'one' : 'all',
      email: maskEmail(email),
      subscriptions: await subscriptionViews(rows, (ids) => this.deps.cars.summaries(ids)),
      ended,
      manageToken: this.deps.links.address('m', email),
    };
  }

  private emailOf(token: string): string {
    const read = this.deps.links.read(token, ['m']);
    if (read.kind !== 'm') throw notFound(ALERT_MESSAGES.notFound);
    return read.email;
  }

  /** The manage page: every waiting and confirmed subscription of the address, newest first. */
  async manage(token: string): Promise<AlertManageView> {
    const email = this.emailOf(token);
    const rows = await this.live(this.deps.db, email);
    return {
      email,
      subscriptions: await subscriptionViews(rows, (ids) => this.deps.cars.summaries(ids)),
      limit: ALERTS_PER_EMAIL,
    };
  }

  async manageEnd(token: string, subscriptionId: number): Promise<AlertManageView> {
    const email = this.emailOf(token);
    const [row] = await this.deps.db
      .select({ id: alertSubscriptions.id })
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.id, subscriptionId), eq(alertSubscriptions.email, email)));
    if (!row) throw notFound(ALERT_MESSAGES.notFound);
    await this.end(email, [subscriptionId]);
    return this.manage(token);
  }

  async manageEndAll(token: string): Promise<AlertManageView> {
    await this.end(this.emailOf(token));
    return this.manage(token);
  }

  /**
   * The recurring clean-up: sign-ups unconfirmed after 7 days are deleted (the address never said yes,
   * so nothing of it is kept), ended subscriptions after 30 days, digest records after 90.
   */
  async cleanup(): Promise<{ unconfirmed: number; ended: number; digests: number }> {
    const now = this.deps.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY);
    const { db } = this.deps;
    const unconfirmed = await db
      .delete(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.status, 'pending'),
          lt(alertSubscriptions.createdAt, before(ALERT_PENDING_DAYS)),
        ),
      )
      .returning({ id: alertSubscriptions.id });
    const ended = await db
      .delete(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.status, 'ended'),
          lt(alertSubscriptions.endedAt, before(ALERT_ENDED_KEEP_DAYS)),
        ),
      )
      .returning({ id: alertSubscriptions.id });
    const digests = await db
      .delete(alertDigests)
      .where(lt(alertDigests.createdAt, before(DIGEST_KEEP_DAYS)))
      .returning({ id: alertDigests.id });
    return { unconfirmed: unconfirmed.length, ended: ended.length, digests: digests.length };
  }
}
