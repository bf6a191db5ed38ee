import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_GREETING, type ChatMessage } from '../../src/contract/chat';
import { CHAT_PERSON_OFFER } from '../../src/contract/chat-handoff';
import { DEFAULT_SYSTEM_MESSAGE } from '../../src/contract/web-config';
import { GeminiProvider } from '../../src/server/modules/chatbot/providers/gemini';
import { OpenAiProvider } from '../../src/server/modules/chatbot/providers/openai';
import { ChatbotService } from '../../src/server/modules/chatbot/service';
import { fakeServer, geminiReply, openaiReply, type Recorded } from './fake-llm';
import { memoryInventory } from './memory-inventory';

/**
 * The language models are told to offer a person when the offline advisor would (the visitor asks for
 * one, bargains, sells or trades in a car, or asks what cannot be answered), in the exact words under
 * which the chat shows "Gặp nhân viên tư vấn"; and a bargaining answer that forgot it still carries it.
 */

type Fake = Awaited<ReturnType<typeof fakeServer>>;
let answerText = 'Dạ, giá xe này là giá niêm yết.';

const systemOf = {
  openai: (r: Recorded) => r.body.messages[0].content as string,
  gemini: (r: Recorded) => r.body.systemInstruction.parts[0].text as string,
};

const fakes: Partial<Record<'openai' | 'gemini', Fake>> = {};
beforeAll(async () => {
  fakes.openai = await fakeServer(async () => ({ json: openaiReply({ content: answerText }) }));
  fakes.gemini = await fakeServer(async () => ({ json: geminiReply([{ text: answerText }]) }));
});
afterAll(async () => {
  await fakes.openai?.close();
  await fakes.gemini?.close();
});

function service(kind: 'openai' | 'gemini') {
  const url = fakes[kind]?.url ?? '';
  const provider =
    kind === 'gemini'
      ? new GeminiProvider({ apiKey: 'k', model: 'gemini-test', baseUrl: url })
      : new OpenAiProvider({ apiKey: null, baseUrl: url, model: 'test-model' });
  return new ChatbotService(memoryInventory(), provider, {
    timeoutMs: 5_000,
    systemMessage: async () => DEFAULT_SYSTEM_MESSAGE,
    log: { info() {}, warn() {} },
  });
}

const said = (q: string): ChatMessage[] => [
  { role: 'model', content: CHAT_GREETING },
  { role: 'user', content: q },
];

for (const kind of ['openai', 'gemini'] as const) {
  describe(`${kind}: offering a person`, () => {
    it('is told when and in which words to offer a person', async () => {
      answerText = 'Dạ, showroom ở Quận 7.';
      await service(kind).reply(said('showroom ở đâu'));
      const fake = fakes[kind];
      if (!fake) throw new Error('fake');
      const system = systemOf[kind](fake.requests[fake.requests.length - 1]);
      expect(system).toContain(CHAT_PERSON_OFFER);
      for (const when of ['gặp nhân viên', 'trả giá', 'bán xe', 'đổi xe cũ', 'không chắc chắn'])
        expect(system, when).toContain(when);
    });

    it('adds the offer to a bargaining answer that forgot it, once', async () => {
      answerText = 'Dạ, giá xe này đã sát thị trường ạ.';
      const bargain = await service(kind).reply(said('bớt giá được không em'));
      expect(bargain.source).toBe(kind);
      expect(bargain.text.startsWith(answerText)).toBe(true);
      expect(bargain.text.split(CHAT_PERSON_OFFER)).toHaveLength(2);

      answerText = `Dạ, mình chuyển bạn đến nhân viên. ${CHAT_PERSON_OFFER}`;
      const asked = await service(kind).reply(said('cho tôi gặp nhân viên'));
      expect(asked.text.split(CHAT_PERSON_OFFER)).toHaveLength(2);
    });

    it('leaves an ordinary answer alone', async () => {
      answerText = 'Dạ, showroom mở cửa 8:00 - 18:00.';
      const plain = await service(kind).reply(said('mấy giờ mở cửa'));
      expect(plain.text).toBe(answerText);
    });
  });
}
