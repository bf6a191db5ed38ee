import { z } from 'zod';
import { formatKm, formatVnd } from './format';

/** Chat with the AI advisor: POST /api/chatbot/history. */

export const CHAT_ROLES = ['user', 'model'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

export const CHAT_LIMITS = {
  /** Messages in one conversation, the greeting included. */
  maxMessages: 50,
  /** Characters of one message. */
  maxMessageLength: 2_000,
  /** Characters of the whole conversation. */
  maxTotalLength: 20_000,
} as const;

/** The model's first message; reset restores only this. */
export const CHAT_GREETING = 'Xin chào! Tôi là trợ lý tư vấn xe AI. Bạn cần hỗ trợ gì hôm nay?';
export const CHAT_TITLE = 'Chat với Trợ lý AI';
export const CHAT_RESET_TOOLTIP = 'Bắt đầu lại cuộc trò chuyện';
export const CHAT_PLACEHOLDER = 'Nhập câu hỏi của bạn về xe, tư vấn, giá bán...';
export const CHAT_SEND_LABEL = 'Gửi';
export const CHAT_ERROR_PREFIX = 'Lỗi: ';
export const CHAT_CONNECT_ERROR = 'Đã xảy ra lỗi khi kết nối tới chatbot.';
export const CHAT_REPLY_TYPE_ERROR = 'API không trả về định dạng chuỗi mong đợi.';

export const CHAT_MESSAGES = {
  invalid: 'Nội dung cuộc trò chuyện không hợp lệ',
  empty: 'Vui lòng nhập câu hỏi',
  role: 'Vai trò tin nhắn không hợp lệ (chỉ chấp nhận user hoặc model)',
  content: 'Nội dung tin nhắn không hợp lệ',
  tooManyMessages: `Cuộc trò chuyện quá dài (tối đa ${CHAT_LIMITS.maxMessages} tin nhắn), vui lòng bắt đầu lại`,
  messageTooLong: 'Mỗi tin nhắn tối đa 2.000 ký tự',
  totalTooLong: 'Cuộc trò chuyện quá dài (tối đa 20.000 ký tự), vui lòng bắt đầu lại',
  lastNotUser: 'Tin nhắn cuối cùng phải là câu hỏi của bạn',
  rateLimited: 'Bạn gửi tin nhắn quá nhanh, vui lòng đợi một chút rồi thử lại',
} as const;

export const chatMessage = z.object(
  {
    role: z.enum(CHAT_ROLES, { message: CHAT_MESSAGES.role }),
    content: z
      .string({ message: CHAT_MESSAGES.content })
      .max(CHAT_LIMITS.maxMessageLength, { message: CHAT_MESSAGES.messageTooLong }),
  },
  { message: CHAT_MESSAGES.invalid },
);
export type ChatMessage = z.infer<typeof chatMessage>;

/** The whole conversation, the new user question last. */
export const chatHistory = z
  .array(chatMessage, { message: CHAT_MESSAGES.invalid })
  .min(1, { message: CHAT_MESSAGES.empty })
  .max(CHAT_LIMITS.maxMessages, { message: CHAT_MESSAGES.tooManyMessages })
  .superRefine((messages, ctx) => {
    if (messages.length === 0 || messages.length > CHAT_LIMITS.maxMessages) return;
    const total = messages.reduce((sum, m) => sum + m.content.length, 0);
    if (total > CHAT_LIMITS.maxTotalLength) {
      ctx.addIssue({ code: 'custom', message: CHAT_MESSAGES.totalTooLong });
      return;
    }
    const last = messages[messages.length - 1];
    if (last.role !== 'user') {
      ctx.addIssue({
        code: 'custom',
        path: [messages.length - 1, 'role'],
        message: CHAT_MESSAGES.lastNotUser,
      });
    } else if (!last.content.trim()) {
      ctx.addIssue({ code: 'custom', path: [messages.length - 1, 'content'], message: CHAT_MESSAGES.empty });
    }
  });
export type ChatHistory = z.infer<typeof chatHistory>;

/** What a car page hands to the chat: the car info the chat opens with. */
export const chatCarInfoSchema = z.object({
  /** The car's id: a hand-off to a person from this chat is about this car. */
  carId: z.number().optional(),
  carName: z.string(),
  brand: z.string(),
  sellPrice: z.number(),
  odo: z.number(),
  year: z.number(),
});
export type ChatCarInfo = z.infer<typeof chatCarInfoSchema>;

/**
 * The message the widget sends for a handed-over car: name, brand, price in VND, odometer in km and year.
 * The offline advisor recognises this wording (parseCarAdviceMessage), so both sides use this function.
 */
export function carAdviceMessage(car: ChatCarInfo): string {
  return (
    `Tôi muốn được tư vấn về xe ${car.carName} của hãng ${car.brand}, ` +
    `giá ${formatVnd(car.sellPrice)}, đã đi ${formatKm(car.odo)}, đời ${car.year}. ` +
    'Xe này có điểm gì nổi bật và giá như vậy có hợp lý không?'
  );
}

/** Reads the handed-over car back from carAdviceMessage's wording (tolerant of edits to the question). */
export function parseCarAdviceMessage(text: string): ChatCarInfo | null {
  const m =
    /tư vấn về xe (.+?) của hãng (.+?), giá ([\d.]+) VNĐ, đã đi ([\d.]+) km, đời (\d{4})/u.exec(text) ??
    /tu van ve xe (.+?) cua hang (.+?), gia ([\d.]+) VND, da di ([\d.]+) km, doi (\d{4})/iu.exec(text);
  if (!m) return null;
  return {
    carName: m[1].trim(),
    brand: m[2].trim(),
    sellPrice: Number(m[3].replace(/\./g, '')),
    odo: Number(m[4].replace(/\./g, '')),
    year: Number(m[5]),
  };
}

/** Car links in a model answer: /cars/{id}, in order of appearance, each id once. */
export function carLinks(text: string): number[] {
  const ids: number[] = [];
  for (const m of text.matchAll(/\/cars\/(\d{1,10})(?!\d)/g)) {
    const id = Number(m[1]);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}
