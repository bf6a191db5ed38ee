import { CHAT_MESSAGES, chatHistory } from '../../../contract/chat';
import { textAnswer } from '../../../contract/common';
import type { App } from '../../context';
import type { AdvisorTurnSigner } from '../../platform/advisor-turns';
import { tooMany } from '../../platform/errors';
import { type CounterStore, RateLimiter } from '../../platform/rate-limit';
import type { ChatbotService } from './service';

export function chatbotRoutes(
  service: ChatbotService,
  opts: { ratePerMinute: number; counters: CounterStore; signer: AdvisorTurnSigner },
) {
  const limiter = new RateLimiter(opts.counters, 'chat', opts.ratePerMinute, 60_000);
  return async (app: App) => {
    app.post(
      '/chatbot/history',
      {
        config: { access: 'public' },
        // The body limit keeps a hostile payload from being parsed at all: 20.000 characters fit in 256 KiB.
        bodyLimit: 262_144,
        // Counted before the body is parsed or validated: a flood costs nothing but this check.
        onRequest: async (req) => {
          if (!(await limiter.hit(req.ip))) throw tooMany(CHAT_MESSAGES.rateLimited);
        },
        schema: {
          response: { 200: textAnswer },
          tags: ['Trợ lý AI'],
          summary: 'Trả lời cuộc trò chuyện với trợ lý tư vấn xe',
          description:
            'Thân yêu cầu: toàn bộ cuộc trò chuyện [{role: "user" | "model", content}], tin nhắn cuối là câu hỏi mới của khách ' +
            '(tối đa 50 tin nhắn, 2.000 ký tự mỗi tin, 20.000 ký tự tổng). Trả về câu trả lời dạng text/plain. ' +
            'Giới hạn 20 tin nhắn mỗi phút cho mỗi địa chỉ IP (cấu hình CHAT_RATE_LIMIT). ' +
            'Tiêu đề X-Advisor-Signature: chữ ký của máy chủ trên câu hỏi và câu trả lời; trình duyệt gửi lại nó kèm ' +
            'câu trả lời khi chuyển cuộc trò chuyện cho nhân viên (POST chat/handoff), để nhân viên biết câu nào do trợ lý trả lời.',
          body: chatHistory,
        },
      },
      async (req, reply) => {
        const { text, source } = await service.reply(req.body);
        const question = req.body[req.body.length - 1].content;
        return reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('x-advisor', source)
          .header('x-advisor-signature', opts.signer.sign(question, text))
          .send(text);
      },
    );
  };
}
