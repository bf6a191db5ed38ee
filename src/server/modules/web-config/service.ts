import { eq } from 'drizzle-orm';
import type { PublicReservationSettings } from '../../../contract/reservation-labels';
import {
  webConfiguration as configSchema,
  type PublicWebConfiguration,
  type WebConfiguration,
  withConfigDefaults,
} from '../../../contract/web-config';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { webConfiguration } from './schema';

/** The audit log says the webhook key changed, never what it is. */
function masked(key: keyof WebConfiguration, value: unknown): unknown {
  if (key !== 'reservations' || !value || typeof value !== 'object') return value;
  const v = value as WebConfiguration['reservations'];
  return { ...v, webhookApiKey: v.webhookApiKey ? '••••' : '' };
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

  async getPublic(): Promise<PublicWebConfiguration> {
    const {
      systemMessage: _omit,
      sessionIdleHours: _idle,
      carCalculations,
      reservations,
      ...rest
    } = await this.get();
    const { officialPrices: _table, ...calculations } = carCalculations;
    return { ...rest, carCalculations: calculations, reservations: this.publicReservations(reservations) };
  }

  /** Replaces the settings with a validated document; fields left out keep their stored value. */
  async update(patch: Partial<WebConfiguration>, actor: Actor): Promise<WebConfiguration> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(webConfiguration).where(eq(webConfiguration.id, 1)).for('update');
      const before = withConfigDefaults(row?.data);
      const next = configSchema.parse({ ...before, ...patch });
      await tx
        .insert(webConfiguration)
        .values({ id: 1, data: next, updatedAt: new Date() })
        .onConflictDoUpdate({ target: webConfiguration.id, set: { data: next, updatedAt: new Date() } });
      const changedBefore: Record<string, unknown> = {};
      const changedAfter: Record<string, unknown> = {};
      for (const key of Object.keys(next) as (keyof WebConfiguration)[]) {
        if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) {
          changedBefore[key] = masked(key, before[key]);
          changedAfter[key] = masked(key, next[key]);
        }
      }
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'web_configuration',
        entityId: 1,
        before: changedBefore,
        after: changedAfter,
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
