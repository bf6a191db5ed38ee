import {
  CHAT_CONNECT_ERROR,
  CHAT_ERROR_PREFIX,
  CHAT_GREETING,
  CHAT_REPLY_TYPE_ERROR,
  type ChatCarInfo,
  type ChatMessage,
  carAdviceMessage,
} from '@contract/chat';
import type { handoffTurn } from '@contract/chat-handoff';
import { useSyncExternalStore } from 'react';
import type { z } from 'zod';
import { ApiError, api } from '../../lib/api-client';

/**
 * The one conversation of this browser tab, shared by the widget's panel and the /chatbot page
 *. A small external store read with useSyncExternalStore; every change is written
 * to sessionStorage, so the conversation survives page changes and a reload of the tab.
 */

type HandoffTurn = z.input<typeof handoffTurn>;

export interface ChatEntry {
  role: ChatMessage['role'];
  content: string;
  /** A 'Lỗi: ...' line: shown in the list, never sent to the server. */
  error?: true;
  /** On an error line: the same question may succeed if sent again (network, rate limit, server). */
  retryable?: true;
  /** A question the server did not answer: shown, never sent again as part of the conversation. */
  failed?: true;
  /** On an advisor answer: the server's signature (X-Advisor-Signature), sent back with a hand-off. */
  sig?: string;
}

export interface ChatState {
  messages: readonly ChatEntry[];
  loading: boolean;
  /** The last failure's message (without 'Lỗi: '), null when the last send succeeded. */
  error: string | null;
}

export const CHAT_STORAGE_KEY = 'chat-conversation';

const greeting = (): ChatEntry[] => [{ role: 'model', content: CHAT_GREETING }];

function restore(): ChatEntry[] {
  try {
    const raw = sessionStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return greeting();
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed) || parsed.length === 0) return greeting();
    const out: ChatEntry[] = [];
    for (const item of parsed) {
      if (!item || typeof item !== 'object') return greeting();
      const { role, content, error, retryable, failed, sig } = item as Record<string, unknown>;
      if ((role !== 'user' && role !== 'model') || typeof content !== 'string') return greeting();
      const entry: ChatEntry = { role, content };
      if (typeof sig === 'string') entry.sig = sig;
      if (error === true) entry.error = true;
      if (retryable === true) entry.retryable = true;
      if (failed === true) entry.failed = true;
      out.push(entry);
    }
    return out;
  } catch {
    return greeting();
  }
}

function persist(messages: readonly ChatEntry[]) {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages));
  } catch {
    // Private mode or storage full: the conversation lives as long as the page.
  }
}

/** The car a car page last handed to this conversation: a hand-off to a person is about it. */
export const CHAT_CAR_KEY = 'chat-started-car';

function restoreCarId(): number | null {
  try {
    const n = Number(sessionStorage.getItem(CHAT_CAR_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function persistCarId(id: number | null) {
  try {
    if (id === null) sessionStorage.removeItem(CHAT_CAR_KEY);
    else sessionStorage.setItem(CHAT_CAR_KEY, String(id));
  } catch {
    // Private mode: the car is kept as long as the page.
  }
}

let carId: number | null = restoreCarId();

/** The car this conversation is about (handed over by its page), or null. */
export const startedCarId = () => carId;

let state: ChatState = { messages: restore(), loading: false, error: null };
const listeners = new Set<() => void>();
/** Bumped by reset: an answer to a conversation that no longer exists is dropped. */
let generation = 0;
let inFlight: AbortController | null = null;
/** A handed-over car that arrived while a question was being answered: sent right after. */
let queued: string | null = null;

function setState(next: ChatState) {
  const changed = next.messages !== state.messages;
  state = next;
  if (changed) persist(next.messages);
  for (const l of listeners) l();
}

/** What the server sees: the conversation without error lines and unanswered questions. */
export function conversationOf(messages: readonly ChatEntry[]): ChatMessage[] {
  return messages.filter((m) => !m.error && !m.failed).map(({ role, content }) => ({ role, content }));
}

/**
 * The conversation as staff receive it with a hand-off: each advisor answer with the signature it came
 * with (a line this browser wrote has none, and staff see it as the visitor's own).
 */
export function handoffTurnsOf(messages: readonly ChatEntry[]): HandoffTurn[] {
  return messages
    .filter((m) => !m.error && !m.failed)
    .map(({ role, content, sig }) => (sig ? { role, content, sig } : { role, content }));
}

/**
 * The text after 'Lỗi: ': the server's response body (the message of a JSON error),
 * else the error's own message, else 'Đã xảy ra lỗi khi kết nối tới chatbot.'.
 */
export function failureText(err: unknown): string {
  if (err instanceof ApiError) {
    const data = err.data;
    if (typeof data === 'string' && data.trim()) return data.trim();
    if (data && typeof data === 'object') {
      const message = (data as { message?: unknown }).message;
      if (typeof message === 'string' && message.trim()) return message.trim();
    }
    // fetch itself failed: nothing reached the chatbot.
    if (err.kind === 'network') return CHAT_CONNECT_ERROR;
  }
  if (err instanceof Error && err.message) return err.message;
  return CHAT_CONNECT_ERROR;
}

/** A failure worth sending the same question again: no answer at all, too many requests, a server fault. */
function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.kind === 'network' || err.status === 429 || err.status >= 500;
}

/** POST chatbot/history with the whole conversation; the answer must be a string. */
async function ask(history: ChatMessage[], signal: AbortSignal): Promise<{ reply: string; sig?: string }> {
  let sig: string | undefined;
  const reply = await api<unknown>('chatbot/history', {
    method: 'POST',
    body: history,
    signal,
    onHeaders: (h) => {
      sig = h.get('x-advisor-signature') ?? undefined;
    },
  });
  if (typeof reply !== 'string') throw new Error(CHAT_REPLY_TYPE_ERROR);
  return { reply, sig };
}

async function run(messages: ChatEntry[]) {
  const gen = ++generation;
  const controller = new AbortController();
  inFlight = controller;
  setState({ messages, loading: true, error: null });
  try {
    const { reply, sig } = await ask(conversationOf(messages), controller.signal);
    if (gen !== generation) return;
    const answer: ChatEntry = { role: 'model', content: reply };
    if (sig) answer.sig = sig;
    setState({
      messages: [...state.messages, answer],
      loading: false,
      error: null,
    });
  } catch (err) {
    if (gen !== generation) return;
    const text = failureText(err);
    const list = state.messages.slice();
    const last = list.length - 1;
    if (last >= 0 && list[last].role === 'user') list[last] = { ...list[last], failed: true };
    const line: ChatEntry = { role: 'model', content: `${CHAT_ERROR_PREFIX}${text}`, error: true };
    if (isRetryable(err)) line.retryable = true;
    setState({ messages: [...list, line], loading: false, error: text });
  } finally {
    if (gen === generation) {
      inFlight = null;
      const next = queued;
      queued = null;
      if (next) void send(next);
    }
  }
}

/** Sends a question with the whole conversation. Blank text, or a question while one is pending, is ignored. */
export function send(text: string): boolean {
  const content = text.trim();
  if (!content || state.loading) return false;
  void run([...state.messages, { role: 'user', content }]);
  return true;
}

/** Sends the last unanswered question again (after a network error, a rate limit or a server fault). */
export function retry(): boolean {
  if (state.loading) return false;
  const list = state.messages.slice();
  const line = list[list.length - 1];
  const question = list[list.length - 2];
  if (!line?.error || !line.retryable || question?.role !== 'user' || !question.failed) return false;
  list.splice(list.length - 2, 2, { role: 'user', content: question.content });
  void run(list);
  return true;
}

/** Back to the greeting alone; clears error and loading, drops a pending answer. */
export function reset() {
  generation++;
  inFlight?.abort();
  inFlight = null;
  queued = null;
  carId = null;
  persistCarId(null);
  setState({ messages: greeting(), loading: false, error: null });
}

/** A car handed over by a car page: the advice question for it, sent now or right after the pending one. */
export function handOff(car: ChatCarInfo) {
  if (car.carId !== undefined && Number.isInteger(car.carId) && car.carId > 0) {
    carId = car.carId;
    persistCarId(carId);
  }
  const text = carAdviceMessage(car);
  if (state.loading) queued = text;
  else send(text);
}

/**
 * A line of the chat that only this browser writes (the hand-off's thanks with its reference): shown
 * and kept with the conversation like an answer.
 */
export function addLocalReply(content: string) {
  setState({ ...state, messages: [...state.messages, { role: 'model', content }] });
}

/** The conversation as it is now (the hand-off sends it to the staff). */
export const currentMessages = () => state.messages;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => state;

export function useChat(): ChatState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
