import { CHAT_HANDOFF_THANKS, CHAT_PERSON_LABEL, chatHandoffBody } from '@contract/chat-handoff';
import type { LeadReceipt } from '@contract/leads';
import { UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ZaloConsentBox } from '../../components/zalo-consent-box';
import { ApiError, api } from '../../lib/api-client';
import { cx } from '../../lib/cx';
import { RequestKey } from '../../lib/request-id';
import { visitSource } from '../../lib/visit-source';
import { addLocalReply, currentMessages, handoffTurnsOf, startedCarId } from './store';

const contactFields = chatHandoffBody.pick({ fullName: true, phone: true });

const field =
  'block min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 sm:text-[15px] ' +
  'placeholder:text-slate-400 focus:border-slate-400 focus:ring-2 focus:ring-slate-200 focus:outline-none aria-[invalid=true]:border-red-500';

/**
 * "Gặp nhân viên tư vấn": the visitor's name and phone, asked inside the chat. POST chat/handoff with
 * the conversation so far makes a consulting lead staff read in the dashboard; the thanks and the
 * reference come back as a line of the chat. The request id is kept until a success, so a retry
 * after a lost answer makes one lead.
 */
export function HandoffForm({ onClose }: { onClose: () => void }) {
  const ids = useId();
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [website, setWebsite] = useState('');
  const [zaloConsent, setZaloConsent] = useState(false);
  const [errors, setErrors] = useState<{ fullName?: string; phone?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  const requestKey = useRef(new RequestKey());
  const nameBox = useRef<HTMLInputElement>(null);

  useEffect(() => nameBox.current?.focus({ preventScroll: true }), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    const parsed = contactFields.safeParse({ fullName, phone });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as 'fullName' | 'phone';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const body = {
        ...parsed.data,
        transcript: handoffTurnsOf(currentMessages()),
        carId: startedCarId() ?? undefined,
        website,
        source: visitSource(),
      };
      const receipt = await api<LeadReceipt>('chat/handoff', {
        method: 'POST',
        body: { ...body, zaloConsent, clientRequestId: requestKey.current.for(body) },
      });
      addLocalReply(`${CHAT_HANDOFF_THANKS} ${receipt.reference}.`);
      onClose();
    } catch (err) {
      const data =
        err instanceof ApiError ? (err.data as { message?: string; errors?: Record<string, string> }) : null;
      const fields = data?.errors ?? {};
      setErrors({
        fullName: fields.fullName,
        phone: fields.phone,
        form:
          fields.fullName || fields.phone
            ? undefined
            : err instanceof ApiError && err.kind === 'network'
              ? 'Không kết nối được máy chủ, vui lòng thử lại.'
              : (data?.message ?? 'Có lỗi xảy ra, vui lòng thử lại!'),
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-2 border-t border-slate-200 bg-slate-50 p-3"
      aria-labelledby={`${ids}-title`}
      data-testid="chat-handoff-form"
    >
      <p id={`${ids}-title`} className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <UserRound className="size-4 text-brand-600" aria-hidden="true" />
        {CHAT_PERSON_LABEL}
      </p>
      <p className="text-xs text-slate-600">
        Để lại họ tên và số điện thoại, nhân viên sẽ gọi lại và xem được cuộc trò chuyện này.
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        <div>
          <label htmlFor={`${ids}-name`} className="sr-only">
            Họ và tên
          </label>
          <input
            ref={nameBox}
            id={`${ids}-name`}
            className={field}
            placeholder="Họ và tên"
            autoComplete="name"
            maxLength={100}
            value={fullName}
            aria-invalid={errors.fullName ? true : undefined}
            aria-describedby={errors.fullName ? `${ids}-name-error` : undefined}
            onChange={(e) => setFullName(e.target.value)}
          />
          {errors.fullName ? (
            <p id={`${ids}-name-error`} className="mt-1 text-xs text-red-700">
              {errors.fullName}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${ids}-phone`} className="sr-only">
            Số điện thoại
          </label>
          <input
            id={`${ids}-phone`}
            className={field}
            type="tel"
            inputMode="tel"
            placeholder="Số điện thoại"
            autoComplete="tel"
            maxLength={20}
            value={phone}
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? `${ids}-phone-error` : undefined}
            onChange={(e) => setPhone(e.target.value)}
          />
          {errors.phone ? (
            <p id={`${ids}-phone-error`} className="mt-1 text-xs text-red-700">
              {errors.phone}
            </p>
          ) : null}
        </div>
      </div>
      <ZaloConsentBox
        id={`${ids}-zalo`}
        checked={zaloConsent}
        onChange={(e) => setZaloConsent(e.target.checked)}
      />
      {/* Only robots fill this in (the server answers them like anyone and stores nothing). */}
      <input
        type="text"
        name="website"
        tabIndex={-1}
        autoComplete="off"
        aria-hidden="true"
        className="absolute -left-[9999px] size-px opacity-0"
        value={website}
        onChange={(e) => setWebsite(e.target.value)}
      />
      {errors.form ? (
        <p className="text-sm text-red-700" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={pending}
          aria-busy={pending || undefined}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-slate-300"
        >
          {pending ? 'Đang gửi...' : 'Gửi cho nhân viên'}
        </button>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex min-h-11 items-center justify-center rounded-xl px-4 text-sm font-medium text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Để sau
        </button>
      </div>
    </form>
  );
}

/** The way to a person, always there above the text box and under an answer that offers it. */
export function PersonButton({ onClick, className }: { onClick: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cx(
        'inline-flex min-h-11 items-center gap-1.5 rounded-xl border border-brand-200 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      <UserRound className="size-4" aria-hidden="true" />
      {CHAT_PERSON_LABEL}
    </button>
  );
}
