import type { ChatMessage } from '../../../../contract/chat';
import type { Toolbox } from './tools';

/** A language model that answers a conversation, calling the toolbox as it needs. */
export interface LlmProvider {
  readonly name: 'gemini' | 'openai';
  readonly model: string;
  complete(input: {
    system: string;
    history: ChatMessage[];
    tools: Toolbox;
    signal: AbortSignal;
  }): Promise<string>;
}

/** Rounds of tool calls a model may make before it must answer. */
export const MAX_TOOL_ROUNDS = 6;

export class ProviderError extends Error {}
