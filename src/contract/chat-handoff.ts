import { z } from 'zod';
import { CHAT_LIMITS, chatMessage } from './chat';
import { phoneSchema, requiredText, zaloConsentField } from './common';
import { clientRequestId, optionalCarId } from './leads/forms';
import { leadSourceInput } from './leads/source';

/**
 * From the advisor to a person: "Gặp nhân viên tư vấn" in the chat asks the visitor's name and phone
 * and creates a consulting lead carrying the conversation so far (POST /api/chat/handoff). Only the
 * visible turns are sent, and only the newest of them are kept (CHAT_TRANSCRIPT_LIMITS).
 */

export const CHAT_PERSON_LABEL = 'Gặp nhân viên tư vấn';

/**
 * The sentence the offline advisor ends an answer with when a person would serve the visitor better
 * (asked for one, wants to negotiate, asked what it cannot answer); the chat shows the button under it.
 */
export const CHAT_PERSON_OFFER =
  'Bạn muốn trao đổi trực tiếp với nhân viên? Bấm "Gặp nhân viên tư vấn", để lại họ tên và số điện thoại, nhân viên sẽ gọi lại cho bạn.';

export const offersPerson = (text: string) => text.includes(CHAT_PERSON_OFFER);

/** What the lead keeps of the chat: the newest turns up to these bounds. */
export const CHAT_TRANSCRIPT_LIMITS = { maxTurns: 30, maxChars: 6_000 } as const;

export const CHAT_HANDOFF_MESSAGES = {
  transcript: 'Nội dung cuộc trò chuyện không hợp lệ',
  tooLong: `Cuộc trò chuyện quá dài (tối đa ${CHAT_LIMITS.maxMessages} tin nhắn, 20.000 ký tự)`,
} as const;

/**
 * A turn of the conversation sent back: an advisor answer carries the X-Advisor-Signature it came with,
 * which tells staff the server said it (a turn without one is shown as the visitor's claim).
 */
export const handoffTurn = chatMessage.extend({
  sig: z.string().max(100, { message: CHAT_HANDOFF_MESSAGES.transcript }).optional(),
});

/** A turn as staff read it: fromServer says the server itself gave this advisor answer. */
export const transcriptTurnSchema = z.object({
  role: z.enum(['user', 'model']),
  content: z.string(),
  fromServer: z.boolean(),
});
export type TranscriptTurn = z.infer<typeof transcriptTurnSchema>;

export const CHAT_CLAIMED_TURN_LABEL = 'Khách gửi kèm, không phải câu trả lời của trợ lý showroom';

export const chatHandoffBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  phone: phoneSchema,
  zaloConsent: zaloConsentField,
  /** The conversation as the visitor sees it (greeting included), oldest first. */
  transcript: z
    .array(handoffTurn, { message: CHAT_HANDOFF_MESSAGES.transcript })
    .max(CHAT_LIMITS.maxMessages, { message: CHAT_HANDOFF_MESSAGES.tooLong })
    .refine((list) => list.reduce((n, m) => n + m.content.length, 0) <= CHAT_LIMITS.maxTotalLength, {
      message: CHAT_HANDOFF_MESSAGES.tooLong,
    })
    .default([]),
  /**
   * The car the chat began from (handed over by its page): the lead is then a car enquiry ("Mua xe")
   * about that car, as the consulting form on a car page makes.
   */
  carId: optionalCarId,
  website: z.string().max(500).optional().nullable(),
  clientRequestId,
  source: leadSourceInput,
});
export type ChatHandoffForm = z.input<typeof chatHandoffBody>;
export type ChatHandoffBody = z.output<typeof chatHandoffBody>;

/** The newest turns within CHAT_TRANSCRIPT_LIMITS (a long first answer is cut at its start). */
export function capTranscript<T extends { content: string }>(turns: readonly T[]): T[] {
  const kept: T[] = [];
  let chars = 0;
  for (let i = turns.length - 1; i >= 0 && kept.length < CHAT_TRANSCRIPT_LIMITS.maxTurns; i--) {
    const room = CHAT_TRANSCRIPT_LIMITS.maxChars - chars;
    if (room <= 0) break;
    const t = turns[i];
    const content = t.content.length > room ? `…${t.content.slice(t.content.length - room + 1)}` : t.content;
    kept.unshift({ ...t, content });
    chars += content.length;
  }
  return kept;
}

export const CHAT_HANDOFF_THANKS =
  'Đã gửi yêu cầu! Nhân viên tư vấn sẽ gọi lại cho bạn trong giờ làm việc. Mã yêu cầu của bạn là';
