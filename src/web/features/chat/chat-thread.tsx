import { CHAT_LIMITS, CHAT_PLACEHOLDER, CHAT_SEND_LABEL } from '@contract/chat';
import { offersPerson } from '@contract/chat-handoff';
import { AlertCircle, Bot, RotateCw, SendHorizontal } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MessageText } from '../../components/message-text';
import { cx } from '../../lib/cx';
import { CarCards } from './car-cards';
import { HandoffForm, PersonButton } from './handoff-form';
import { type ChatEntry, retry, send, useChat } from './store';

/** Questions offered while the conversation holds only the greeting (widget and /chatbot page). */
export const SUGGESTED_QUESTIONS = [
  'Tìm SUV 7 chỗ dưới 1 tỷ',
  'Xe gia đình tầm 600 triệu',
  'Showroom ở đâu?',
  'Trả góp xe 500 triệu mỗi tháng bao nhiêu?',
] as const;

/** Focus the text box only where it does not pop up a keyboard over the conversation. */
const finePointer = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;

export function BotAvatar({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-1 ring-brand-100',
        className,
      )}
      aria-hidden="true"
    >
      <Bot className="size-[18px]" />
    </span>
  );
}

function Bubble({
  entry,
  canRetry,
  onNavigate,
  onPerson,
}: {
  entry: ChatEntry;
  canRetry: boolean;
  onNavigate?: () => void;
  /** Set on an answer that offers a person: the button under it opens the hand-off form. */
  onPerson?: () => void;
}) {
  if (entry.role === 'user') {
    return (
      <li className="flex flex-col items-end" data-role="user">
        <p className="max-w-[85%] rounded-2xl rounded-br-md bg-brand-600 px-3.5 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-white">
          {entry.content}
        </p>
        {entry.failed ? <span className="mt-1 text-xs text-slate-500">Chưa nhận được trả lời</span> : null}
      </li>
    );
  }
  if (entry.error) {
    return (
      <li className="flex items-start gap-2" data-role="error">
        <span
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 ring-1 ring-red-100"
          aria-hidden="true"
        >
          <AlertCircle className="size-[18px]" />
        </span>
        <div className="max-w-[85%] rounded-2xl rounded-tl-md bg-red-50 px-3.5 py-2.5 text-[15px] leading-relaxed text-red-800 ring-1 ring-red-200">
          <p className="break-words whitespace-pre-wrap">{entry.content}</p>
          {canRetry ? (
            <button
              type="button"
              onClick={() => retry()}
              className="mt-1 -ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-red-700 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600"
            >
              <RotateCw className="size-4" aria-hidden="true" />
              Thử lại
            </button>
          ) : null}
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2" data-role="model">
      <BotAvatar />
      <div className="max-w-[85%] min-w-0">
        <p className="rounded-2xl rounded-tl-md bg-slate-100 px-3.5 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap text-slate-800">
          <MessageText text={entry.content} onNavigate={onNavigate} />
        </p>
        <CarCards text={entry.content} onNavigate={onNavigate} />
        {onPerson && offersPerson(entry.content) ? (
          <PersonButton onClick={onPerson} className="mt-2" />
        ) : null}
      </div>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <div className="flex items-center gap-2" role="status" data-testid="chat-typing">
      <BotAvatar />
      <div
        className="flex items-center gap-1 rounded-2xl rounded-tl-md bg-slate-100 px-4 py-3.5"
        aria-hidden="true"
      >
        <span className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce motion-safe:[animation-delay:-0.3s]" />
        <span className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce motion-safe:[animation-delay:-0.15s]" />
        <span className="size-2 rounded-full bg-slate-400 motion-safe:animate-bounce" />
      </div>
      <span className="sr-only">Trợ lý đang trả lời...</span>
    </div>
  );
}

export function Suggestions({ disabled, className }: { disabled: boolean; className?: string }) {
  return (
    <div className={className}>
      <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Gợi ý câu hỏi</p>
      <ul className="flex flex-wrap gap-2">
        {SUGGESTED_QUESTIONS.map((q) => (
          <li key={q}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => send(q)}
              className="inline-flex min-h-11 items-center rounded-2xl border border-slate-200 bg-white px-3.5 py-2 text-left text-sm font-medium text-slate-700 shadow-sm transition-colors hover:border-brand-300 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const dotThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** The text box and 'Gửi': Enter sends, Shift+Enter breaks the line; blank text and a pending answer block it. */
export function Composer({
  loading,
  focusWhen,
  className,
}: {
  loading: boolean;
  focusWhen: boolean;
  className?: string;
}) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const blank = text.trim() === '';

  useEffect(() => {
    if (focusWhen && finePointer()) box.current?.focus();
  }, [focusWhen]);

  // Grows with the text up to about five lines, then scrolls.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure again whenever the text changes
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 140)}px`;
  }, [text]);

  function submit() {
    if (blank || loading) return;
    if (send(text)) setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    // A Vietnamese input method composing a letter also reports Enter: leave it alone.
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  }

  const near = text.length >= CHAT_LIMITS.maxMessageLength - 200;
  return (
    <form
      className={cx('border-t border-slate-200 bg-white p-2.5 sm:p-3', className)}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          ref={box}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={CHAT_PLACEHOLDER}
          aria-label="Câu hỏi của bạn"
          maxLength={CHAT_LIMITS.maxMessageLength}
          enterKeyHint="send"
          className="block min-h-11 flex-1 resize-none rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base leading-snug sm:text-[15px] text-slate-900 placeholder:text-slate-400 focus:border-slate-400 focus:ring-2 focus:ring-slate-200 focus:outline-none"
        />
        <button
          type="submit"
          disabled={loading || blank}
          aria-busy={loading || undefined}
          className="inline-flex min-h-11 min-w-16 shrink-0 items-center justify-center gap-1.5 rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:shadow-none"
        >
          {loading ? null : <SendHorizontal className="size-4" aria-hidden="true" />}
          {loading ? '...' : CHAT_SEND_LABEL}
        </button>
      </div>
      {near ? (
        <p className="mt-1 text-right text-xs text-slate-500 tabular-nums" aria-live="polite">
          {dotThousands(text.length)}/{dotThousands(CHAT_LIMITS.maxMessageLength)} ký tự
        </p>
      ) : null}
    </form>
  );
}

/**
 * The conversation: messages (line breaks kept, links clickable), suggested questions while only the
 * greeting is there, the typing indicator while waiting, then the text box. Fills its parent's height.
 */
export function ChatThread({
  visible = true,
  onNavigate,
  className,
}: {
  /** False while the widget's panel is closed: scrolls to the end and focuses the box when it opens. */
  visible?: boolean;
  /** Called when a link in an answer leads to another page of the site. */
  onNavigate?: () => void;
  className?: string;
}) {
  const { messages, loading } = useChat();
  const [asking, setAsking] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];
  const onlyGreeting = messages.length === 1 && last?.role === 'model' && !last.error;

  // A new answer: show its beginning when it is taller than the view, otherwise the end of the list.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the list, the indicator or visibility change
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !visible) return;
    const item = el.querySelector<HTMLLIElement>('ol > li:last-child');
    if (!loading && item && last?.role === 'model' && item.offsetHeight > el.clientHeight - 32) {
      el.scrollTop = item.offsetTop - 12;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [messages.length, loading, visible]);

  return (
    <div className={cx('flex min-h-0 flex-1 flex-col', className)}>
      <div
        ref={scroller}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-4"
      >
        {/* The live region wraps the list: an <ol> given role="log" would stop being a list for its <li>s. */}
        <div role="log" aria-label="Cuộc trò chuyện">
          <ol className="space-y-3">
            {messages.map((m, i) => (
              <Bubble
                // The list only grows at its end or is replaced whole by reset.
                // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own
                key={i}
                entry={m}
                canRetry={i === messages.length - 1 && !!m.retryable && !loading}
                onNavigate={onNavigate}
                onPerson={asking ? undefined : () => setAsking(true)}
              />
            ))}
          </ol>
        </div>
        {onlyGreeting ? <Suggestions disabled={loading} className="mt-4 pl-10" /> : null}
        {loading ? (
          <div className="mt-3">
            <TypingIndicator />
          </div>
        ) : null}
      </div>
      {asking ? (
        <HandoffForm onClose={() => setAsking(false)} />
      ) : (
        <>
          <div className="flex justify-end border-t border-slate-100 bg-white px-2.5 pt-2 sm:px-3">
            <PersonButton onClick={() => setAsking(true)} className="border-transparent px-2" />
          </div>
          <Composer loading={loading} focusWhen={visible} className="border-t-0 pt-1.5" />
        </>
      )}
    </div>
  );
}
