import {
  type Content,
  type FunctionDeclaration,
  GoogleGenAI,
  type Part,
  type Schema,
  Type,
} from '@google/genai';
import type { ChatMessage } from '../../../../contract/chat';
import type { JsonSchema, Toolbox } from './tools';
import { type LlmProvider, MAX_TOOL_ROUNDS, ProviderError } from './types';

const TYPES: Record<JsonSchema['type'], Type> = {
  object: Type.OBJECT,
  string: Type.STRING,
  integer: Type.INTEGER,
  number: Type.NUMBER,
  boolean: Type.BOOLEAN,
  array: Type.ARRAY,
};

/** Our JSON Schema -> Gemini's OpenAPI-subset Schema. */
function toSchema(s: JsonSchema): Schema {
  return {
    type: TYPES[s.type],
    ...(s.description ? { description: s.description } : {}),
    ...(s.enum ? { enum: s.enum, format: 'enum' } : {}),
    ...(s.properties
      ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, toSchema(v)])) }
      : {}),
    ...(s.required ? { required: s.required } : {}),
    ...(s.items ? { items: toSchema(s.items) } : {}),
  };
}

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** Another endpoint speaking the Gemini API (a proxy, or a local fake in tests). */
  baseUrl: string | null;
}

/**
 * Gemini through @google/genai: generateContent with function declarations; each functionCall part is
 * answered with a functionResponse part until the model answers in text.
 */
export class GeminiProvider implements LlmProvider {
  readonly name = 'gemini' as const;
  readonly model: string;
  private readonly client: GoogleGenAI;

  constructor(opts: GeminiOptions) {
    this.model = opts.model;
    this.client = new GoogleGenAI({
      apiKey: opts.apiKey,
      httpOptions: {
        ...(opts.baseUrl ? { baseUrl: opts.baseUrl } : {}),
        // One attempt: on failure the offline advisor answers at once instead of waiting on retries.
        retryOptions: { attempts: 1 },
      },
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
    const contents: Content[] = history
      .filter((m) => m.content.trim())
      .map((m) => ({ role: m.role, parts: [{ text: m.content }] }));
    const functionDeclarations: FunctionDeclaration[] = tools.declarations.map((d) => ({
      name: d.name,
      description: d.description,
      parameters: toSchema(d.parameters),
    }));
    for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
      const res = await this.client.models.generateContent({
        model: this.model,
        contents,
        config: {
          systemInstruction: system,
          tools: [{ functionDeclarations }],
          automaticFunctionCalling: { disable: true },
          temperature: 0.3,
          abortSignal: signal,
        },
      });
      const calls = res.functionCalls ?? [];
      if (calls.length && round < MAX_TOOL_ROUNDS) {
        const modelTurn = res.candidates?.[0]?.content ?? {
          role: 'model',
          parts: calls.map((c) => ({ functionCall: c })),
        };
        contents.push({ ...modelTurn, role: 'model' });
        const parts: Part[] = [];
        for (const call of calls) {
          const response = await tools.execute(
            call.name ?? '',
            call.args as Record<string, unknown> | undefined,
          );
          parts.push({
            functionResponse: { ...(call.id ? { id: call.id } : {}), name: call.name ?? '', response },
          });
        }
        contents.push({ role: 'user', parts });
        continue;
      }
      const text = res.text?.trim();
      if (!text)
        throw new ProviderError(
          `Gemini returned no text (finishReason ${res.candidates?.[0]?.finishReason ?? 'none'})`,
        );
      return text;
    }
    throw new ProviderError('Gemini kept calling tools');
  }
}
