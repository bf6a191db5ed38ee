import { chatHandoffBody } from '../../../contract/chat-handoff';
import { leadReceiptSchema } from '../../../contract/leads';
import type { App } from '../../context';
import { actorOf } from '../../platform/actor';
import type { LeadsService } from './service';

/** POST /api/chat/handoff: the chat's "Gặp nhân viên tư vấn" (public, rate limited like the lead forms). */
export function chatHandoffRoute(app: App, service: LeadsService) {
  app.post(
    '/chat/handoff',
    {
      config: { access: 'public' },
      // The transcript is bounded like the chat itself (20.000 characters).
      bodyLimit: 262_144,
      schema: {
        response: { 200: leadReceiptSchema, 201: leadReceiptSchema },
        tags: ['Trợ lý AI'],
        summary: 'Gặp nhân viên tư vấn: tạo yêu cầu tư vấn từ khung chat',
        description:
          'Họ tên, số điện thoại và cuộc trò chuyện đến lúc đó (chỉ giữ các tin nhắn mới nhất, tối đa 30 tin và 6.000 ký tự). ' +
          'Cùng clientRequestId trả lại yêu cầu đã tạo (200). Giới hạn 5 yêu cầu mỗi 10 phút cho mỗi địa chỉ IP.',
        body: chatHandoffBody,
      },
    },
    async (req, reply) => {
      const { receipt, created } = await service.handoff(req.body, actorOf(req));
      return reply.status(created ? 201 : 200).send(receipt);
    },
  );
}
