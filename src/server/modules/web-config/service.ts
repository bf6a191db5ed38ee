import { eq } from 'drizzle-orm';
import type { PublicReservationSettings } from '../../../contract/reservation-labels';
import {
  webConfiguration as configSchema,
  type PublicWebConfiguration,
  WEBHOOK_KEY_MASK,
  type WebConfiguration,
  withConfigDefaults,
} from '../../../contract/web-config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { webConfiguration } from './schema';

/** The deposit account and the key the bank's notifier signs with: changed only with the password. */
const PAYMENT_FIELDS = ['bankBin', 'accountNumber', 'accountName', 'webhookApiKey'] as const;

/** The audit log says whether the webhook key is set and that it changed, never what it is. */
function audited(key: keyof WebConfiguration, value: unknown, changedKey: boolean): unknown {
  if (key !== 'reservations' || !value || typeof value !== 'object') return value;
  const v = value as WebConfiguration['reservations'];
  return { ...v, webhookApiKey: v.webhookApiKey ? (changedKey ? 'khóa mới' : 'đã đặt') : '' };
}

/** The settings as staff read them: the webhook key write-only (masked). */
function masked(c: WebConfiguration): WebConfiguration {
  const key = c.reservations.webhookApiKey ? WEBHOOK_KEY_MASK : '';
  return { ...c, reservations: { ...c.reservations, webhookApiKey: key } };
}

/** A patch whose webhook key is the mask keeps the stored key. */
function unmasked(patch: Partial<WebConfiguration>, before: WebConfiguration): Partial<WebConfiguration> {
  if (patch.reservations?.webhookApiKey !== WEBHOOK_KEY_MASK) return patch;
  return {
    ...patch,
    reservations: { ...patch.reservations, webhookApiKey: before.reservations.webhookApiKey },
  };
}

export class WebConfigService {
  constructor(
    private readonly db: Db,
    /** Settings that come from the environment, not the stored document. */
    private readonly env: { reservationHoldMinutes: number } = { reservationHoldMinutes: 30 },
  ) {}

  /** The reservation settings anyone may read: the stored ones without the webhook key, and the hold's length. */
  publicReservations(stored: WebConfiguration['reservations']): PublicReservationSettings {
    const { webhookApiKey: _secret, ...open } = stored;
    return { ...open, holdMinutes: this.env.reservationHoldMinutes };
  }

  /** The stored settings, with defaults filled for any field added since they were saved. */
  async get(): Promise<WebConfiguration> {
    const [row] = await this.db.select().from(webConfiguration).where(eq(webConfiguration.id, 1));
    return withConfigDefaults(row?.data);
  }

  /** GET web-configuration/admin: everything, the webhook key masked (nobody reads it back). */
  async adminView(): Promise<WebConfiguration> {
    return masked(await this.get());
  }

  /** Would this patch change the deposit account or the webhook key (the password is asked then)? */
  async changesPayments(patch: Partial<WebConfiguration>): Promise<boolean> {
    if (!patch.reservations) return false;
    const before = await this.get();
    const next = configSchema.shape.reservations.safeParse(unmasked(patch, before).reservations);
    if (!next.success) return false;
    return PAYMENT_FIELDS.some((f) => next.data[f] !== before.reservations[f]);
  }

  async getPublic(): Promise<PublicWebConfiguration> {
    const {
      systemMessage: _omit,
      sessionIdleHours: _idle,
      stockCosts: _costs,
      carCalculations,
      reservations,
      ...rest
    } = await this.get();
    const { officialPrices: _table, ...calculations } = carCalculations;
    return { ...rest, carCalculations: calculations, reservations: this.publicReservations(reservations) };
  }

  /**
   * Replaces the settings with a validated document; fields left out keep their stored value, and a
   * masked webhook key keeps the stored key. The audit row says `reauthenticated` when the caller gave
   * their password (the route asks for it when the deposit account or the key changes).
   */
  async update(
    patch: Partial<WebConfiguration>,
    actor: Actor,
    opts: { reauthenticated?: boolean } = {},
  ): Promise<WebConfiguration> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(webConfiguration).where(eq(webConfiguration.id, 1)).for('update');
      const before = withConfigDefaults(row?.data);
      const next = configSchema.parse({ ...before, ...unmasked(patch, before) });
      await tx
        .insert(webConfiguration)
        .values({ id: 1, data: next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: webConfiguration.id, set: { data: next, updatedAt: new Date() } });
      const newKey = next.reservations.webhookApiKey !== before.reservations.webhookApiKey;
      const changedBefore: Record<string, unknown> = {};
      const changedAfter: Record<string, unknown> = {};
      for (const key of Object.keys(next) as (keyof WebConfiguration)[]) {
        if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) {
          changedBefore[key] = audited(key, before[key], false);
          changedAfter[key] = audited(key, next[key], newKey);
        }
      }
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'web_configuration',
        entityId: 1,
        before: changedBefore,
        after: { ...changedAfter, ...(opts.reauthenticated ? { reauthenticated: true } : {}) },
      });
      return next;
    });
  }

  /** First start: store the defaults (with the showroom's demo contact details when asked). */
  async ensure(initial: Partial<WebConfiguration> = {}) {
    await this.db
      .insert(webConfiguration)
      .values({ id: 1, data: withConfigDefaults(initial) })
      .onConflictDoNothing();
  }
}
