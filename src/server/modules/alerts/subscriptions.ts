import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ALERT_CONFIRMATIONS_PER_DAY,
  ALERT_MESSAGES,
  ALERTS_PER_EMAIL,
  type AlertConfirmAnswer,
  type AlertSignupAnswer,
  type PriceWatchCreate,
  type SavedSearchCreate,
} from '../../../contract/alerts';
import type { CarSummary } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import { ApiError, conflict, notFound, tooMany } from '../../platform/errors';
import { RateLimiter } from '../../platform/rate-limit';
import { byVisitor } from '../../platform/visitor-mail';
import type { AlertDeps } from './deps';
import { confirmationMail } from './mail';
import { alertSubscriptions } from './schema';
import { type SubscriptionRow, subscriptionView } from './views';

export const LIVE = ['pending', 'active'] as const;

/** Every write about one address takes this lock first: the limit of ten holds across processes. */
export async function lockAddress(tx: Executor, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${email}`}))`);
}

interface SignUp {
  email: string;
  phone: string | null;
  kind: 'search' | 'price';
  filters: SavedSearchCreate['filters'] | null;
  matchKey: string;
  carId: number | null;
  lastCarId: number;
  notifiedPrice: number | null;
}

/**
 * Signing up (a saved search from the car list, a price alert from a car's page) and confirming from
 * the e-mail. A sign-up waits for its confirmation: nothing but that one e-mail is sent before. The
 * same sign-up again answers the existing one (and sends its confirmation again while it waits).
 */
export class AlertSignups {
  /** Confirmation e-mails one address may receive per day, whoever asks for them. */
  private readonly confirmations: RateLimiter;

  constructor(private readonly deps: AlertDeps) {
    this.confirmations = new RateLimiter(
      deps.counters,
      'alert-confirmation',
      ALERT_CONFIRMATIONS_PER_DAY,
      86_400_000,
    );
  }

  /** `ip`: the visitor's, for the cap on mail a visitor can cause. */
  async saveSearch(
    body: SavedSearchCreate,
    ip: string | null,
  ): Promise<{ answer: AlertSignupAnswer; created: boolean }> {
    return this.signUp(
      ip,
      {
        email: body.email,
        phone: body.phone ?? null,
        kind: 'search',
        filters: body.filters,
        // normalizeFilters wrote the keys in one order: the same search is the same text.
        matchKey: `search:${JSON.stringify(body.filters)}`,
        carId: null,
        lastCarId: await this.deps.cars.lastCarId(),
        notifiedPrice: null,
      },
      body.zaloConsent,
    );
  }

  async watchPrice(
    carId: number,
    body: PriceWatchCreate,
    ip: string | null,
  ): Promise<{ answer: AlertSignupAnswer; created: boolean }> {
    const [car] = await this.deps.cars.summaries([carId]);
    if (!car) throw notFound(ALERT_MESSAGES.carMissing);
    // A sold car's price changes no more: the answer names two similar cars instead, as a reservation's does.
    if (car.status === 'sold')
      throw new ApiError(409, ALERT_MESSAGES.carSold, undefined, undefined, {
        similar: (await this.deps.cars.similar(carId, 2).catch(() => [])).map((c) => ({
          carId: c.carId,
          carName: c.carName,
          sellPrice: c.sellPrice,
          imageUrl: c.cover?.urls[480] ?? null,
        })),
      });
    return this.signUp(
      ip,
      {
        email: body.email,
        phone: body.phone ?? null,
        kind: 'price',
        filters: null,
        matchKey: `car:${carId}`,
        carId,
        lastCarId: 0,
        notifiedPrice: car.sellPrice,
      },
      body.zaloConsent,
      car,
    );
  }

  /**
   * `zaloConsent`: "Nhận thông báo qua Zalo" ticked (with a phone, the contract's rule): recorded on the
   * customer found by that phone, as every public form does. The same sign-up again keeps the first
   * one's phone.
   */
  private async signUp(ip: string | null, input: SignUp, zaloConsent?: boolean, car?: CarSummary) {
    const { db, clock } = this.deps;
    if (await this.confirmations.blocked(input.email)) throw tooMany(ALERT_MESSAGES.mailFlood);
    const { row, created } = await db.transaction(async (tx) => {
      await lockAddress(tx, input.email);
      const live = await tx
        .select()
        .from(alertSubscriptions)
        .where(and(eq(alertSubscriptions.email, input.email), inArray(alertSubscriptions.status, LIVE)));
      const same = live.find((r) => r.matchKey === input.matchKey);
      if (same) return { row: same, created: false };
      if (live.length >= ALERTS_PER_EMAIL) throw conflict(ALERT_MESSAGES.tooMany);
      const [inserted] = await tx
        .insert(alertSubscriptions)
        .values({ ...input, status: 'pending', createdAt: clock.now() })
        .returning();
      await this.deps.customers?.link(tx, {
        kind: 'ALERT',
        refId: inserted.id,
        subtype: input.kind,
        email: input.email,
        phone: input.phone,
        zaloConsent: Boolean(zaloConsent && input.phone),
        title: car ? `Theo dõi giá xe ${car.carName}` : 'Lưu tìm kiếm: báo khi có xe mới phù hợp',
        status: 'Chờ xác nhận email',
        link: null,
        occurredAt: inserted.createdAt,
      });
      return { row: inserted, created: true };
    });
    const subscription = subscriptionView(row, car);
    if (row.status === 'active')
      return {
        answer: { subscription, confirmationSent: false, message: ALERT_MESSAGES.alreadyActive },
        created,
      };
    await this.confirmations.hit(input.email);
    // The visitor's answer does not wait for the mail server; a failure is logged.
    void this.sendConfirmation(row, ip, car);
    return {
      answer: {
        subscription,
        confirmationSent: true,
        message: created ? ALERT_MESSAGES.sentConfirmation : ALERT_MESSAGES.resentConfirmation,
      },
      created,
    };
  }

  private async sendConfirmation(row: SubscriptionRow, ip: string | null, car?: CarSummary) {
    try {
      const showroom = await this.deps.showroom();
      const mail = confirmationMail(row, car, this.deps.links, showroom);
      await this.deps.customerMail.send(mail, byVisitor('alert-confirmation', ip));
    } catch (err) {
      this.deps.log.error({ err, subscriptionId: row.id }, 'alert confirmation mail failed');
    }
  }

  /** The link of the confirmation e-mail: the subscription starts (once; again is the same answer). */
  async confirm(token: string): Promise<AlertConfirmAnswer> {
    const read = this.deps.links.read(token, ['c']);
    if (read.kind !== 'c') throw notFound(ALERT_MESSAGES.notFound);
    const id = read.subscriptionId;
    const [row] = await this.deps.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id));
    if (!row) throw notFound(ALERT_MESSAGES.notFound);
    if (row.status === 'ended') throw conflict(ALERT_MESSAGES.ended);
    let current = row;
    if (row.status === 'pending') {
      const [updated] = await this.deps.db
        .update(alertSubscriptions)
        .set({ status: 'active', confirmedAt: this.deps.clock.now() })
        .where(and(eq(alertSubscriptions.id, id), eq(alertSubscriptions.status, 'pending')))
        .returning();
      // Confirmed by a second click at the same moment: read what it wrote.
      current =
        updated ??
        (await this.deps.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)))[0];
      if (!current) throw notFound(ALERT_MESSAGES.notFound);
    }
    const [car] = current.carId ? await this.deps.cars.summaries([current.carId]) : [];
    return {
      subscription: subscriptionView(current, car),
      manageToken: this.deps.links.address('m', current.email),
    };
  }
}
