import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/contract/chat';
import { CHAT_PERSON_OFFER, offersPerson } from '../../src/contract/chat-handoff';
import { OfflineAdvisor } from '../../src/server/modules/chatbot/advisor/advisor';
import { memoryInventory } from './memory-inventory';

/**
 * "Gặp nhân viên tư vấn": the offline advisor offers the hand-off to a person when the visitor asks
 * for one, wants to bargain, or asks what it cannot answer; an ordinary question gets no offer.
 */

const NOW = new Date('2026-11-21T09:00:00+07:00');
const advisor = new OfflineAdvisor(memoryInventory(), () => NOW);

async function ask(q: string, before: string[] = []) {
  const history: ChatMessage[] = [];
  for (const message of [...before, q]) {
    history.push({ role: 'user', content: message });
    const reply = await advisor.answer(history);
    history.push({ role: 'model', content: reply.text });
    if (message === q) return reply;
  }
  throw new Error('unreachable');
}

const OFFERED: { q: string; before?: string[]; kind: string; why: string }[] = [
  { q: 'cho tôi gặp nhân viên', kind: 'consulting', why: 'asks for a person' },
  { q: 'cho toi gap nhan vien tu van', kind: 'consulting', why: 'asks for a person, without accents' },
  { q: 'gọi cho tôi nhé', kind: 'consulting', why: 'asks to be called' },
  { q: 'shop gọi lại cho mình với', kind: 'consulting', why: 'asks to be called back' },
  { q: 'mình muốn nói chuyện với người thật', kind: 'consulting', why: 'asks for a real person' },
  { q: 'em muốn được tư vấn trực tiếp', kind: 'consulting', why: 'asks for advice in person' },
  { q: 'bớt giá được không', kind: 'policy', why: 'bargains' },
  { q: 'xe này có bớt không shop', before: ['honda cr-v'], kind: 'negotiation', why: 'bargains over a car' },
  {
    q: 'anh trả 900 triệu được không em',
    before: ['honda cr-v'],
    kind: 'negotiation',
    why: 'offers a price for the car in hand',
  },
  { q: 'em muốn bán xe Kia Morning 2015', kind: 'sell', why: 'sells a car the engine cannot value here' },
  { q: 'giá có thương lượng không?', kind: 'policy', why: 'bargains' },
  { q: 'hôm nay trời có mưa không', kind: 'fallback', why: 'asks what it cannot answer' },
  { q: 'bạn có biết nấu phở không', kind: 'fallback', why: 'asks what it cannot answer' },
];

const NOT_OFFERED = ['xe 7 chỗ dưới 1 tỷ', 'showroom ở đâu vậy', 'trả góp thì lãi suất thế nào', 'xin chào'];

describe('the advisor offers a person', () => {
  for (const row of OFFERED) {
    it(`when the visitor ${row.why}: «${row.q}»`, async () => {
      const reply = await ask(row.q, row.before);
      expect(reply.kind, reply.text).toBe(row.kind);
      expect(offersPerson(reply.text), reply.text).toBe(true);
      // Once, at the end of a bargaining or unanswerable reply; the person answer says it in its body.
      expect(reply.text.split(CHAT_PERSON_OFFER)).toHaveLength(2);
    });
  }

  it('still answers the rest of a message that also asks for a person', async () => {
    const reply = await ask('cho mình gặp nhân viên tư vấn về xe 7 chỗ dưới 1 tỷ');
    expect(reply.kind).toBe('search');
    expect(reply.cars.length).toBeGreaterThan(0);
    expect(offersPerson(reply.text)).toBe(true);
  });

  it('gives the hotline and the consulting form beside the offer', async () => {
    const reply = await ask('cho tôi gặp nhân viên');
    expect(reply.text).toContain('0909 123 456');
    expect(reply.text).toContain('/consulting');
  });

  for (const q of NOT_OFFERED) {
    it(`but not for an ordinary question: «${q}»`, async () => {
      const reply = await ask(q);
      expect(offersPerson(reply.text), reply.text).toBe(false);
    });
  }
});
