import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../../../../contract/chat';
import type { Toolbox } from './tools';
import { type LlmProvider, MAX_TOOL_ROUNDS, ProviderError } from './types';

export interface OpenAiOptions {
  apiKey: string | null;
  /** OpenAI when null; Ollama, vLLM, llama.cpp or any compatible server otherwise. */
  baseUrl: string | null;
  model: string;
}

/** Any OpenAI-compatible chat/completions server, with tool_calls answered by the toolbox. */
export class OpenAiProvider implements LlmProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  private readonly client: OpenAI;

  constructor(opts: OpenAiOptions) {
    this.model = opts.model;
    this.client = new OpenAI({
      // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
      apiKey: opts.apiKey ?? 'no-key',
      ...(opts.baseUrl ? { baseURL: opts.baseUrl } : {}),
      maxRetries: 0,
    });
  }

  async complete({
    system,
    history,
    tools,
    signal,
  }: {
    system: string;
    history: ChatMessage[];
    tools: Toolbox;
    signal: AbortSignal;
  }) {
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: system },
      ...history
        .filter((m) => m.content.trim())
        .map(
          (m): ChatCompletionMessageParam =>
            m.role === 'model'
              ? { role: 'assistant', content: m.content }
              : { role: 'user', content: m.content },
        ),
    ];
    const toolSpecs: ChatCompletionTool[] = tools.declarations.map((d) => ({
      type: 'function',
      function: {
        name: d.name,
        description: d.description,
        parameters: d.parameters as unknown as Record<string, unknown>,
      },
    }));
    for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
      const res = await this.client.chat.completions.create(
        {
          model: this.model,
          messages,
          tools: toolSpecs,
          tool_choice: round < MAX_TOOL_ROUNDS ? 'auto' : 'none',
          temperature: 0.3,
        },
        { signal },
      );
      const message = res.choices?.[0]?.message;
      if (!message) throw new ProviderError('OpenAI-compatible server returned no choice');
      const calls = (message.tool_calls ?? []).filter((c) => c.type === 'function');
      if (calls.length && round < MAX_TOOL_ROUNDS) {
        messages.push({ role: 'assistant', content: message.content ?? null, tool_calls: calls });
        for (const call of calls) {
          let args: Record<string, unknown> = {};
          try {
            args = call.function.arguments ? JSON.parse(call.function.arguments) : {};
          } catch {
            args = {};
          }
          const result = await tools.execute(call.function.name, args);
          messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
        }
        continue;
      }
      const text = message.content?.trim();
      if (!text)
        throw new ProviderError(
          `OpenAI-compatible server returned no text (finish_reason ${res.choices[0].finish_reason})`,
        );
      return text;
    }
    throw new ProviderError('model kept calling tools');
  }
}
