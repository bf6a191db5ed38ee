import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the JSON a provider SDK sent, read freely by the tests
  body: any;
}

export type Handler = (
  req: Recorded,
  index: number,
) => Promise<{ status?: number; json: unknown; delayMs?: number }>;

/**
 * A language-model server on 127.0.0.1 for the provider tests: it records every request and answers
 * with what the test scripts, in the provider's own wire format (Gemini generateContent or OpenAI
 * chat/completions). Nothing leaves the machine.
 */
export async function fakeServer(handler: Handler) {
  const requests: Recorded[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const rec: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      requests.push(rec);
      const out = await handler(rec, requests.length - 1);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out.json));
      };
      if (out.delayMs) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, out.delayMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Gemini generateContent answer. */
export const geminiReply = (parts: unknown[]) => ({
  candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
  modelVersion: 'gemini-test',
});

/** An OpenAI chat.completion answer. */
export const openaiReply = (message: Record<string, unknown>, finish = 'stop') => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finish }],
  usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
});
