import { z } from 'zod';
import { customerIdParam } from '../../../contract/customers';
import {
  staffZaloAnswer,
  staffZaloBody,
  ZALO_MESSAGES,
  ZALO_STATE_LABELS,
} from '../../../contract/messaging';
import type { App } from '../../context';
import { requireUser } from '../../platform/access';
import { actorOf } from '../../platform/actor';
import { unauthorized } from '../../platform/errors';
import { CUSTOMER_ACCESS } from '../customers';
import type { ZaloMessenger } from './messages';
import type { StaffSender } from './staff';
import { verifiedEvent } from './webhook';

const tags = ['Tin nhắn Zalo'];

/** POST /api/zalo/webhook (Zalo's signed callback) and POST /api/customers/{customerId}/zalo (staff). */
export function messagingRoutes(messenger: ZaloMessenger, staff: StaffSender, webhookSecret: string | null) {
  return async (app: App) => {
    await app.register(async (hook) => {
      // The signature covers the body exactly as sent: read it as text here, parse it after the check.
      hook.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 65_536 },
        (_req, body, done) => done(null, body),
      );
      (hook as unknown as App).post(
        '/zalo/webhook',
        {
          config: { access: 'public' },
          schema: {
            tags,
            summary: 'Zalo báo trạng thái tin ZNS (có chữ ký X-ZEvent-Signature)',
            response: { 200: z.object({ received: z.boolean() }) },
          },
        },
        async (req) => {
          const raw = typeof req.body === 'string' ? req.body : '';
          const header = req.headers['x-zevent-signature'];
          const event = verifiedEvent(raw, Array.isArray(header) ? header[0] : header, webhookSecret);
          if (!event) throw unauthorized(ZALO_MESSAGES.badSignature);
          if (event.event_name === 'user_received_message' && event.message) {
            const at = Number(event.message.delivery_time ?? event.timestamp);
            const received = await messenger.delivered(
              { trackingId: event.message.tracking_id, msgId: event.message.msg_id },
              Number.isFinite(at) && at > 0 ? new Date(at) : new Date(),
            );
            return { received };
          }
          return { received: false };
        },
      );
    });

    app.post(
      '/customers/:customerId/zalo',
      {
        config: { access: CUSTOMER_ACCESS },
        schema: {
          tags,
          summary: 'Gửi một mẫu tin Zalo cho khách hàng (một lần bấm)',
          params: customerIdParam,
          body: staffZaloBody,
          response: { 200: staffZaloAnswer },
        },
      },
      async (req) => {
        const user = requireUser(req);
        const r = await staff.send(req.params.customerId, req.body, actorOf(req), user);
        return { ...r, stateLabel: ZALO_STATE_LABELS[r.state] };
      },
    );
  };
}
