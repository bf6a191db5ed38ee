import { randomUUID } from 'node:crypto';
import { CUSTOMER_MESSAGES } from '../../../contract/customers';
import { type StaffZaloBody, ZALO_MESSAGES } from '../../../contract/messaging';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { badRequest, notFound } from '../../platform/errors';
import type { QueueResult, ZaloMessenger } from './messages';

export interface StaffSenderDeps {
  messenger: ZaloMessenger;
  customer(id: number): Promise<{ customerId: number; phone: string | null; fullName: string } | null>;
  showroom(): Promise<{ name: string; phone: string }>;
  /** A staff member contacted a lead's customer: the lead's first response (speed to lead). */
  contacted?(leadId: number, actor: Actor, user: CurrentUser): Promise<void>;
}

/** One click from the customer or lead page: the chosen template to the customer's Zalo. */
export class StaffSender {
  constructor(private readonly deps: StaffSenderDeps) {}

  async send(customerId: number, body: StaffZaloBody, actor: Actor, user: CurrentUser): Promise<QueueResult> {
    const c = await this.deps.customer(customerId);
    if (!c) throw notFound(CUSTOMER_MESSAGES.notFound);
    if (!c.phone) throw badRequest(ZALO_MESSAGES.noPhone);
    const showroom = await this.deps.showroom();
    const result = await this.deps.messenger.queue(
      {
        kind: body.kind,
        phone: c.phone,
        data: {
          customer_name: c.fullName || 'Quý khách',
          staff_name: user.name,
          showroom_name: showroom.name,
          showroom_phone: showroom.phone,
        },
        dedupeKey: `staff:${randomUUID()}`,
        userId: user.id,
      },
      actor,
    );
    if (result.messageId === null) throw badRequest(result.message);
    if (body.leadId && this.deps.contacted) await this.deps.contacted(body.leadId, actor, user);
    return result;
  }
}
