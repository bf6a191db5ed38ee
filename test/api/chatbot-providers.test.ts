import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_GREETING, type ChatMessage, carLinks } from '../../src/contract/chat';
import { DEFAULT_SYSTEM_MESSAGE } from '../../src/contract/web-config';
import { loadConfig } from '../../src/server/config';
import { GeminiProvider } from '../../src/server/modules/chatbot/providers/gemini';
import { OpenAiProvider } from '../../src/server/modules/chatbot/providers/openai';
import { ChatbotService } from '../../src/server/modules/chatbot/service';
import { fakeServer, geminiReply, openaiReply, type Recorded } from '../advisor/fake-llm';
import { FIXTURE_SHOWROOM } from '../advisor/inventory';
import { memoryInventory } from '../advisor/memory-inventory';
import { seedShowroom } from '../advisor/seed';
import { startTestApp, type TestApp } from '../helpers/app';

const question: ChatMessage[] = [
  { role: 'model', content: CHAT_GREETING },
  { role: 'user', content: 'Tìm giúp mình xe bán tải dưới 800 triệu' },
];

type Fake = Awaited<ReturnType<typeof fakeServer>>;

/** The tool result a fake model reads back from the second request, in either wire format. */
function geminiToolResult(req: Recorded) {
  const contents = req.body.contents as {
    role: string;
    parts: Record<
      string,
      {
        name: string;
        id?: string;
        response: {
          cars: {
            name: string;
            priceText: string;
            link: string;
            id: number;
            bodyType: string;
            price: number;
            status: string;
          }[];
        };
      }
    >[];
  }[];
  const last = contents[contents.length - 1];
  return last.parts.find((p) => p.functionResponse)?.functionResponse;
}

describe('Gemini (generateContent with functionCall / functionResponse)', () => {
  let fake: Fake;
  let t: TestApp;
  let script: 'round-trip' | 'invented' | 'error' = 'round-trip';

  beforeAll(async () => {
    fake = await fakeServer(async (req) => {
      if (script === 'error')
        return { status: 500, json: { error: { code: 500, message: 'boom', status: 'INTERNAL' } } };
      if (script === 'invented')
        return { json: geminiReply([{ text: 'Có xe Ranger rất đẹp: /cars/987654' }]) };
      const result = geminiToolResult(req);
      if (!result) {
        return {
          json: geminiReply([
            {
              functionCall: {
                id: 'call-1',
                name: 'search_cars',
                args: { bodyType: 'PICKUP', maxPrice: 800_000_000, limit: 3 },
              },
            },
          ]),
        };
      }
      const first = result.response.cars[0];
      return {
        json: geminiReply([{ text: `Showroom có ${first.name}, giá ${first.priceText}: ${first.link}` }]),
      };
    });
    t = await startTestApp({
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: fake.url,
      GEMINI_MODEL: 'gemini-test',
    });
    await seedShowroom(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('runs a full tool-call round trip and answers with the model text', async () => {
    script = 'round-trip';
    fake.requests.length = 0;
    const res = await t.call('POST', '/api/chatbot/history', { body: question });
    expect(res.status).toBe(200);
    expect(res.headers['x-advisor']).toBe('gemini');

    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first.url).toMatch(/\/models\/gemini-test:generateContent$/);
    expect(first.headers['x-goog-api-key']).toBe('test-gemini-key');
    // The instruction: the configured system message, then the showroom's facts.
    const system = JSON.stringify(first.body.systemInstruction);
    expect(system).toContain(DEFAULT_SYSTEM_MESSAGE.slice(0, 40));
    expect(system).toContain(FIXTURE_SHOWROOM.showroomAddress);
    const names = first.body.tools[0].functionDeclarations.map((d: { name: string }) => d.name);
    expect(names).toEqual([
      'search_cars',
      'get_car',
      'value_car',
      'similar_prices',
      'car_records',
      'showroom_info',
      'instalment_estimate',
    ]);
    expect(first.body.contents.map((c: { role: string }) => c.role)).toEqual(['model', 'user']);

    // The second request carries the model's call and our functionResponse with real cars.
    const roles = second.body.contents.map((c: { role: string }) => c.role);
    expect(roles).toEqual(['model', 'user', 'model', 'user']);
    const result = geminiToolResult(second)!;
    expect(result.name).toBe('search_cars');
    expect(result.id).toBe('call-1');
    expect(result.response.cars.length).toBeGreaterThan(0);
    for (const car of result.response.cars) {
      expect(car.bodyType).toBe('PICKUP');
      expect(car.price).toBeLessThanOrEqual(800_000_000);
      expect(car.status).toBe('available');
    }
    const first3 = result.response.cars[0];
    expect(res.body).toBe(`Showroom có ${first3.name}, giá ${first3.priceText}: /cars/${first3.id}`);
  });

  it('answers with the offline advisor when the model links a car its tools never returned', async () => {
    script = 'invented';
    const res = await t.call('POST', '/api/chatbot/history', { body: question });
    expect(res.status).toBe(200);
    expect(res.headers['x-advisor']).toBe('offline');
    expect(carLinks(res.body)).not.toContain(987654);
    expect(res.body).toContain('bán tải');
  });

  it('answers with the offline advisor when the provider fails', async () => {
    script = 'error';
    const res = await t.call('POST', '/api/chatbot/history', { body: question });
    expect(res.status).toBe(200);
    expect(res.headers['x-advisor']).toBe('offline');
    expect(carLinks(res.body).length).toBeGreaterThan(0);
  });
});

describe('OpenAI-compatible server (chat/completions with tool_calls)', () => {
  let fake: Fake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await fakeServer(async (req) => {
      const messages = req.body.messages as { role: string; content: string | null; tool_call_id?: string }[];
      const tool = messages.find((m) => m.role === 'tool');
      if (!tool) {
        return {
          json: openaiReply(
            {
              tool_calls: [
                {
                  id: 'call_abc',
                  type: 'function',
                  function: {
                    name: 'search_cars',
                    arguments: JSON.stringify({ brand: 'mẹc', sort: 'price_asc', limit: 2 }),
                  },
                },
                { id: 'call_def', type: 'function', function: { name: 'showroom_info', arguments: '{}' } },
              ],
            },
            'tool_calls',
          ),
        };
      }
      const found = JSON.parse(tool.content ?? '{}');
      const car = found.cars[0];
      return {
        json: openaiReply({ content: `Xe Mercedes rẻ nhất: ${car.name} – ${car.priceText} – ${car.link}` }),
      };
    });
    // A local server (Ollama, llama.cpp) needs no key: the base URL alone selects the provider.
    t = await startTestApp({ OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'local-test' });
    await seedShowroom(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('runs a full tool-call round trip through the SDK', async () => {
    const res = await t.call('POST', '/api/chatbot/history', {
      body: [{ role: 'user', content: 'xe mec nào rẻ nhất, showroom ở đâu?' }],
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-advisor']).toBe('openai');
    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first.url).toBe('/v1/chat/completions');
    expect(first.body.model).toBe('local-test');
    expect(first.body.messages[0].role).toBe('system');
    expect(first.body.messages[0].content).toContain(FIXTURE_SHOWROOM.showroomPhone);
    expect(first.body.tools.map((x: { function: { name: string } }) => x.function.name)).toContain(
      'instalment_estimate',
    );

    // Both calls answered, in order, each with its tool_call_id.
    const tools = second.body.messages.filter((m: { role: string }) => m.role === 'tool');
    expect(tools.map((m: { tool_call_id: string }) => m.tool_call_id)).toEqual(['call_abc', 'call_def']);
    const cars = JSON.parse(tools[0].content).cars;
    expect(cars.map((c: { brand: string }) => c.brand)).toEqual(['Mercedes-Benz', 'Mercedes-Benz']);
    expect(cars[0].price).toBeLessThanOrEqual(cars[1].price);
    expect(JSON.parse(tools[1].content).address).toBe(FIXTURE_SHOWROOM.showroomAddress);
    expect(res.body).toBe(
      `Xe Mercedes rẻ nhất: ${cars[0].name} – ${cars[0].priceText} – /cars/${cars[0].id}`,
    );
  });
});

describe('a provider that does not answer in time', () => {
  let fake: Fake;
  beforeAll(async () => {
    fake = await fakeServer(async () => ({ delayMs: 5_000, json: geminiReply([{ text: 'quá muộn' }]) }));
  });
  afterAll(() => fake?.close());

  for (const kind of ['gemini', 'openai'] as const) {
    it(`${kind}: the offline advisor answers and the log says why`, async () => {
      const warnings: { reason: string }[] = [];
      const provider =
        kind === 'gemini'
          ? new GeminiProvider({ apiKey: 'k', model: 'gemini-test', baseUrl: fake.url })
          : new OpenAiProvider({ apiKey: null, baseUrl: fake.url, model: 'slow' });
      const service = new ChatbotService(memoryInventory(), provider, {
        timeoutMs: 200,
        systemMessage: async () => DEFAULT_SYSTEM_MESSAGE,
        log: { info() {}, warn: (obj) => warnings.push(obj as { reason: string }) },
      });
      const { text, source } = await service.reply(question);
      expect(source).toBe('offline');
      expect(text).toContain('bán tải');
      expect(warnings).toHaveLength(1);
      expect(warnings[0].reason).toBe('timeout after 200 ms');
    });
  }

  it('the whole app falls back too (AI_TIMEOUT_MS)', async () => {
    const t = await startTestApp({ GEMINI_API_KEY: 'k', GEMINI_BASE_URL: fake.url, AI_TIMEOUT_MS: '200' });
    try {
      await seedShowroom(t);
      const res = await t.call('POST', '/api/chatbot/history', { body: question });
      expect(res.status).toBe(200);
      expect(res.headers['x-advisor']).toBe('offline');
    } finally {
      await t.close();
    }
  });
});

describe('provider configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/showroom-ai-config', JWT_SECRET: 'x'.repeat(40) };
  it('is offline without a key, Gemini with one, OpenAI with a base URL or key', () => {
    expect(loadConfig(base).ai.provider).toBe('offline');
    expect(loadConfig({ ...base, GEMINI_API_KEY: 'k' }).ai).toMatchObject({
      provider: 'gemini',
      gemini: { model: 'gemini-2.5-flash' },
    });
    expect(loadConfig({ ...base, OPENAI_API_KEY: 'k' }).ai).toMatchObject({
      provider: 'openai',
      openai: { baseUrl: null },
    });
    expect(loadConfig({ ...base, OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/' }).ai.openai?.baseUrl).toBe(
      'http://127.0.0.1:11434/v1',
    );
    expect(
      loadConfig({ ...base, GEMINI_API_KEY: 'k', OPENAI_API_KEY: 'k', AI_PROVIDER: 'openai' }).ai.provider,
    ).toBe('openai');
    expect(loadConfig({ ...base, GEMINI_API_KEY: 'k', AI_PROVIDER: 'offline' }).ai.provider).toBe('offline');
    expect(loadConfig(base).ai).toMatchObject({ timeoutMs: 20_000, chatRateLimit: 20 });
  });

  it('refuses values it cannot use, in Vietnamese', () => {
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => loadConfig({ ...base, AI_PROVIDER: 'claude' })).toThrow(/AI_PROVIDER/);
    expect(() => loadConfig({ ...base, OPENAI_BASE_URL: 'localhost:11434' })).toThrow(/OPENAI_BASE_URL/);
    expect(() => loadConfig({ ...base, AI_TIMEOUT_MS: 'abc' })).toThrow(/AI_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, CHAT_RATE_LIMIT: '0' })).toThrow(/CHAT_RATE_LIMIT/);
  });
});
