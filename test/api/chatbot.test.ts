import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_GREETING,
  CHAT_MESSAGES,
  type ChatMessage,
  carAdviceMessage,
  carLinks,
} from '../../src/contract/chat';
import { formatPrice } from '../../src/contract/format';
import { FIXTURE_CARS } from '../advisor/inventory';
import { checkAnswer, converse, type World } from '../advisor/properties';
import { QUESTIONS } from '../advisor/questions';
import { seedShowroom } from '../advisor/seed';
import { startTestApp, type TestApp } from '../helpers/app';

let t: TestApp;
let world: World;
let ids: number[] = [];

beforeAll(async () => {
  // A generous limit here: the question table sends well over twenty messages a minute from one address.
  t = await startTestApp({ CHAT_RATE_LIMIT: '10000' });
  ({ ids, world } = await seedShowroom(t));
});
afterAll(() => t?.close());

const ask = async (history: ChatMessage[]) => {
  const res = await t.call('POST', '/api/chatbot/history', { body: history });
  if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${res.body}`);
  return res.body;
};

describe('POST /api/chatbot/history: validation', () => {
  const user = (content: string): ChatMessage => ({ role: 'user', content });

  it('is declared public in the route table', () => {
    expect(t.routeTable).toContainEqual({ method: 'POST', url: '/api/chatbot/history', access: 'public' });
  });

  it('answers the greeting conversation in text/plain without a token', async () => {
    const res = await t.call('POST', '/api/chatbot/history', {
      body: [{ role: 'model', content: CHAT_GREETING }, user('xin chào')],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^Xin chào!/);
  });

  const cases: [string, unknown, string][] = [
    ['a body that is not a list', { role: 'user', content: 'xe' }, CHAT_MESSAGES.invalid],
    ['an empty conversation', [], CHAT_MESSAGES.empty],
    ['an unknown role', [{ role: 'assistant', content: 'chào' }, user('xe')], CHAT_MESSAGES.role],
    ['content that is not text', [{ role: 'user', content: 42 }], CHAT_MESSAGES.content],
    [
      'a last message from the model',
      [user('xe'), { role: 'model', content: 'chào' }],
      CHAT_MESSAGES.lastNotUser,
    ],
    ['a blank question', [user('   ')], CHAT_MESSAGES.empty],
    ['a message over 2.000 characters', [user('x'.repeat(2_001))], CHAT_MESSAGES.messageTooLong],
    ['more than 50 messages', Array.from({ length: 51 }, () => user('xe')), CHAT_MESSAGES.tooManyMessages],
    [
      'more than 20.000 characters in all',
      Array.from({ length: 11 }, () => user('x'.repeat(1_900))),
      CHAT_MESSAGES.totalTooLong,
    ],
  ];
  for (const [name, body, message] of cases) {
    it(`refuses ${name} with a Vietnamese 400`, async () => {
      const res = await t.call('POST', '/api/chatbot/history', { body });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    });
  }

  it('accepts exactly 50 messages and 2.000 characters in one', async () => {
    const body = [
      ...Array.from({ length: 24 }, () => [user('xe'), { role: 'model' as const, content: 'Dạ' }]).flat(),
      user('xe'),
      user('x'.repeat(2_000)),
    ];
    expect(body).toHaveLength(50);
    expect((await t.call('POST', '/api/chatbot/history', { body })).status).toBe(200);
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    const res = await t.call('POST', '/api/chatbot/history', {
      body: '[{"role":"user",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/chatbot/history: rate limit', () => {
  it('answers 429 in Vietnamese past the per-address limit', async () => {
    const limited = await startTestApp({ CHAT_RATE_LIMIT: '3' });
    try {
      const body = [{ role: 'user', content: 'xin chào' }];
      for (let i = 0; i < 3; i++)
        expect((await limited.call('POST', '/api/chatbot/history', { body })).status).toBe(200);
      const res = await limited.call('POST', '/api/chatbot/history', { body });
      expect(res.status).toBe(429);
      expect(res.json.message).toBe(CHAT_MESSAGES.rateLimited);
    } finally {
      await limited.close();
    }
  });
});

describe('the offline advisor over the question table', () => {
  for (const row of QUESTIONS) {
    it(`answers «${row.q}»${row.before ? ` after «${row.before.join(' » «')}»` : ''}`, async () => {
      const history = await converse(row, ask);
      const answer = await ask(history);
      // The same question straight to the advisor gives the same text, and says what kind of answer it is.
      const direct = await t.services.chatbot.offline.answer(history);
      expect(direct.text).toBe(answer);
      expect(row.kind).toContain(direct.kind);
      const failures = checkAnswer(history, answer, world, {
        constraints: direct.kind === 'search' || direct.kind === 'followup',
        exact: row.exact,
        minCars: row.minCars,
        mentions: row.mentions,
      });
      expect(failures, answer).toEqual([]);
    });
  }
});

describe('the car handed over from a car page', () => {
  it('names the car, its strengths and its price against similar cars in stock', async () => {
    const i = FIXTURE_CARS.findIndex((c) => c.carName === 'Mazda CX-5 2.0 Luxury');
    const car = FIXTURE_CARS[i];
    const message = carAdviceMessage({
      carName: car.carName,
      brand: car.brand,
      sellPrice: Number(car.sellPrice),
      odo: Number(car.odo),
      year: Number(car.year),
    });
    const history: ChatMessage[] = [
      { role: 'model', content: CHAT_GREETING },
      { role: 'user', content: message },
    ];
    const answer = await ask(history);
    expect(carLinks(answer)).toEqual([ids[i]]);
    expect(answer).toContain('Điểm nổi bật');
    // Two other CX-5s on sale: 645 triệu and 815 triệu.
    expect(answer).toContain(
      `Về giá: showroom đang bán 2 xe Mazda CX-5 khác có giá từ ${formatPrice(645_000_000)} đến ${formatPrice(815_000_000)}`,
    );
    expect(checkAnswer(history, answer, world, { constraints: false })).toEqual([]);

    // And the instalment for "xe này" is for that car.
    history.push(
      { role: 'model', content: answer },
      { role: 'user', content: 'trả góp xe này mỗi tháng bao nhiêu?' },
    );
    const loan = await ask(history);
    expect(carLinks(loan)).toEqual([ids[i]]);
    expect(loan).toContain('Tháng đầu trả khoảng');
    expect(checkAnswer(history, loan, world, { constraints: false })).toEqual([]);
  });

  it('never offers a sold or pending car', async () => {
    const hidden = ids.filter((_, i) => FIXTURE_CARS[i].status !== 'available');
    expect(hidden.length).toBeGreaterThan(0);
    for (const q of ['honda cr-v', 'toyota vios số sàn màu đỏ', 'xe dưới 800 triệu', 'tất cả xe toyota']) {
      const answer = await ask([{ role: 'user', content: q }]);
      for (const id of carLinks(answer)) expect(hidden).not.toContain(id);
    }
  });
});
