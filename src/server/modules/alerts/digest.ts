import { and, eq, inArray, sql } from 'drizzle-orm';
import { DIGEST_CARS_PER_SEARCH, type DigestRunAnswer } from '../../../contract/alerts';
import { vnDayKey } from '../../../contract/format';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { byShowroom } from '../../platform/visitor-mail';
import type { AlertDeps } from './deps';
import { type DigestContent, digestIsEmpty, digestMail } from './mail';
import { alertDigests, alertSubscriptions, type DigestItems } from './schema';
import type { SubscriptionRow } from './views';
import { tellZalo } from './zalo';

interface Built {
  content: DigestContent;
  /** Every confirmed saved search of the address: each has now seen the stock up to the run's mark. */
  searchIds: number[];
}

/**
 * The daily digest: for each address with confirmed subscriptions, one e-mail listing the new cars of
 * each saved search since its last digest, the watched cars whose price fell below what the owner was
 * last told, and the watched cars sold (once, with two similar cars; that alert then ends).
 *
 * At most one e-mail a day per address, however often it runs and on however many processes: before
 * sending, the run takes the (address, day) row of alert_digests, which is unique; a run that finds it
 * taken sends nothing. The marks (a search's last car seen, a watch's price told) move only after the
 * mail has gone, so a mail that fails gives its row back and is tried again; a process that dies between
 * sending and moving the marks repeats those cars in the next day's digest, never the same day.
 * Subscriptions that carry a phone also get the news on Zalo (zalo.ts), queued as the day is claimed.
 */
export class AlertDigest {
  constructor(private readonly deps: AlertDeps) {}

  async run(): Promise<DigestRunAnswer> {
    const { db, clock } = this.deps;
    const day = vnDayKey(clock.now());
    // Cars added while the run goes on wait for the next digest.
    const upTo = await this.deps.cars.lastCarId();
    const addresses = await db
      .selectDistinct({ email: alertSubscriptions.email })
      .from(alertSubscriptions)
      .where(eq(alertSubscriptions.status, 'active'))
      .orderBy(alertSubscriptions.email);
    const answer: DigestRunAnswer = { day, sent: 0, alreadySent: 0, failed: 0 };
    const showroom = addresses.length ? await this.deps.showroom() : null;
    for (const { email } of addresses) {
      if (await this.taken(email, day)) {
        answer.alreadySent++;
        continue;
      }
      const built = await this.build(email, upTo);
      if (digestIsEmpty(built.content)) continue;
      const [claim] = await db
        .insert(alertDigests)
        .values({ email, day, status: 'sending', createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ id: alertDigests.id });
      if (!claim) {
        answer.alreadySent++;
        continue;
      }
      // The same news on Zalo for the subscriptions with a phone (keys per mark: a retry adds none).
      await tellZalo(this.deps, built.content);
      try {
        // Only to an address whose owner confirmed it: not a mail a stranger can cause.
        await this.deps.customerMail.send(
          digestMail(built.content, this.deps.links, showroom!),
          byShowroom('alert-digest'),
        );
      } catch (err) {
        this.deps.log.error({ err, email }, 'alert digest mail failed');
        await db.delete(alertDigests).where(eq(alertDigests.id, claim.id));
        answer.failed++;
        continue;
      }
      await this.record(claim.id, built, upTo);
      answer.sent++;
    }
    if (answer.sent || answer.failed) this.deps.log.info({ ...answer }, 'alert digest run');
    return answer;
  }

  /** A run an administrator asked for (POST /api/alerts/admin/digest), written to the audit log. */
  async runNow(actor: Actor): Promise<DigestRunAnswer> {
    const run = await this.run();
    await writeAudit(this.deps.db, actor, { action: 'send', entity: 'alert_digest', after: run });
    return run;
  }

  private async taken(email: string, day: string): Promise<boolean> {
    const [row] = await this.deps.db
      .select({ id: alertDigests.id })
      .from(alertDigests)
      .where(and(eq(alertDigests.email, email), eq(alertDigests.day, day)));
    return !!row;
  }

  /** What the address's digest says today (reads only). */
  async build(email: string, upTo: number): Promise<Built> {
    const { cars } = this.deps;
    const rows = await this.deps.db
      .select()
      .from(alertSubscriptions)
      .where(and(eq(alertSubscriptions.email, email), eq(alertSubscriptions.status, 'active')))
      .orderBy(alertSubscriptions.createdAt, alertSubscriptions.id);
    const content: DigestContent = { email, searches: [], drops: [], sold: [] };
    const searches = rows.filter((r) => r.kind === 'search');
    for (const row of searches) {
      const found = await cars.listedBetween(row.filters ?? {}, row.lastCarId, upTo, DIGEST_CARS_PER_SEARCH);
      if (found.total > 0) content.searches.push({ row, ...found });
    }
    const watches = rows.filter(
      (r): r is SubscriptionRow & { carId: number } => r.kind === 'price' && !!r.carId,
    );
    const watched = new Map((await cars.summaries(watches.map((r) => r.carId))).map((c) => [c.carId, c]));
    for (const row of watches) {
      const car = watched.get(row.carId);
      if (!car) continue;
      if (car.status === 'sold') {
        content.sold.push({ row, car, similar: await cars.similar(car.carId, 2) });
      } else if (row.notifiedPrice !== null && car.sellPrice < row.notifiedPrice) {
        content.drops.push({ row, car, from: row.notifiedPrice });
      }
    }
    return { content, searchIds: searches.map((r) => r.id) };
  }

  /** After the mail went: the day's row says what it listed, and every mark moves past it. */
  private async record(claimId: number, { content, searchIds }: Built, upTo: number) {
    const now = this.deps.clock.now();
    const items: DigestItems = {
      searches: Object.fromEntries(
        content.searches.map((s) => [String(s.row.id), s.cars.map((c) => c.carId)]),
      ),
      drops: content.drops.map((d) => ({ carId: d.car.carId, from: d.from, to: d.car.sellPrice })),
      sold: content.sold.map((s) => s.car.carId),
    };
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(alertDigests)
        .set({ status: 'sent', sentAt: now, items })
        .where(eq(alertDigests.id, claimId));
      if (searchIds.length)
        await tx
          .update(alertSubscriptions)
          // A search saved while the run went on has seen further already.
          .set({ lastCarId: sql`greatest(${alertSubscriptions.lastCarId}, ${upTo})` })
          .where(inArray(alertSubscriptions.id, searchIds));
      for (const d of content.drops)
        await tx
          .update(alertSubscriptions)
          .set({ notifiedPrice: d.car.sellPrice })
          .where(eq(alertSubscriptions.id, d.row.id));
      if (content.sold.length)
        await tx
          .update(alertSubscriptions)
          .set({ status: 'ended', endedAt: now, endReason: 'sold' })
          .where(
            inArray(
              alertSubscriptions.id,
              content.sold.map((s) => s.row.id),
            ),
          );
    });
  }
}
