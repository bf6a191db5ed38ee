import { formatDay } from '@contract/format';
import {
  bookingStatusNote,
  HONEYPOT_FIELD,
  type LeadReceipt,
  TEST_DRIVE_LICENCE_NOTE,
} from '@contract/leads';
import { CalendarCog, CheckCircle2, IdCard } from 'lucide-react';
import { type ComponentProps, type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/button';
import { cx } from '../../../lib/cx';

/**
 * The field only robots fill in: off-screen, out of the tab order, hidden from screen readers and from
 * autofill. A submission with it filled is answered like a success and thrown away (docs/leads.md).
 */
export function Honeypot(props: ComponentProps<'input'>) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -left-[9999px] h-px w-px overflow-hidden opacity-0"
    >
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>Website</label>
      <input id={`${HONEYPOT_FIELD}-field`} type="text" tabIndex={-1} autoComplete="off" {...props} />
    </div>
  );
}

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string;
  disabled?: boolean;
  /** Takes a whole row of the grid. */
  wide?: boolean;
  /** Where the thing stands now (a booking's own slot): shown apart, not struck through. */
  current?: boolean;
}

/**
 * A radio group drawn as tap-sized chips (time slots, service types, topics): native radios, so
 * arrows, labels and form libraries all work. `name`, `value`, `onChange(value)`.
 */
export function ChoiceChips<T extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  onBlur,
  error,
  required,
  columns = 'grid-cols-2 sm:grid-cols-3',
  compact = false,
  id,
}: {
  legend: ReactNode;
  name: string;
  choices: Choice<T>[];
  value: string | undefined | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  error?: string;
  required?: boolean;
  columns?: string;
  /** Short centred labels (time slots). */
  compact?: boolean;
  id?: string;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className="min-w-0 space-y-1.5"
    >
      <legend className="mb-1.5 text-sm font-medium text-slate-700">
        {legend}
        {required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className={cx('grid gap-2', columns)}>
        {choices.map((c) => {
          const checked = value === c.value;
          return (
            <label
              key={c.value}
              className={cx(
                'relative flex min-h-11 cursor-pointer flex-col justify-center rounded-lg border py-2 text-sm transition-colors',
                compact ? 'px-1 text-center tabular-nums' : 'px-3',
                c.wide && 'col-span-full',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked
                  ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400',
                c.disabled &&
                  (c.current
                    ? 'cursor-not-allowed border-dashed border-brand-400 bg-brand-50/50 text-brand-800'
                    : 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400 line-through'),
                error && !checked && 'border-red-300',
              )}
            >
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={checked}
                disabled={c.disabled}
                onChange={() => onChange(c.value)}
                onBlur={onBlur}
                className="sr-only"
              />
              <span>{c.label}</span>
              {c.hint ? <span className="text-xs font-normal text-slate-500">{c.hint}</span> : null}
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The thank-you state: what was booked, the reference to quote, and the ways on. */
export function LeadSuccess({
  receipt,
  onAgain,
  againLabel,
  children,
}: {
  receipt: LeadReceipt;
  onAgain: () => void;
  againLabel: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  const rows: [string, string][] = [
    ['Mã yêu cầu', receipt.reference],
    ['Khách hàng', receipt.fullName],
  ];
  if (receipt.carLabel) rows.push(['Xe', receipt.carLabel]);
  if (receipt.preferredDate)
    rows.push([
      'Ngày hẹn',
      `${formatDay(receipt.preferredDate)}${receipt.timeSlot ? ` lúc ${receipt.timeSlot}` : ''}`,
    ]);
  return (
    <div className="py-4 text-center sm:py-8" role="status">
      <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-600">
        <CheckCircle2 className="size-9" aria-hidden="true" />
      </div>
      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-xl font-bold text-slate-900 outline-none sm:text-2xl"
      >
        Gửi thành công!
      </h2>
      <p className="mx-auto mt-2 max-w-md text-slate-600">{receipt.message}</p>
      {receipt.preferredDate ? (
        // The same words as the e-mail and the calendar file: what the booking really is now.
        <p
          className="mx-auto mt-2 max-w-md text-sm font-medium text-slate-700"
          data-testid="booking-status-note"
        >
          {bookingStatusNote(receipt.status)}
        </p>
      ) : null}
      {receipt.type === 'TEST_DRIVE' ? (
        <p
          className="mx-auto mt-3 flex max-w-md items-start gap-2 rounded-xl bg-amber-50 p-3 text-left text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="licence-note"
        >
          <IdCard className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>{TEST_DRIVE_LICENCE_NOTE}</span>
        </p>
      ) : null}
      <dl className="mx-auto mt-6 max-w-sm divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-left text-sm ring-1 ring-slate-200">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-4 py-2.5">
            <dt className="text-slate-500">{k}</dt>
            <dd
              className={cx(
                'text-right font-medium text-slate-900',
                k === 'Mã yêu cầu' && 'font-mono text-brand-700',
              )}
            >
              {v}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">Vui lòng giữ mã yêu cầu để tra cứu khi gọi cho showroom.</p>
      {receipt.manageUrl ? (
        <p className="mt-3 text-sm">
          <Link
            to={new URL(receipt.manageUrl, window.location.origin).pathname}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2"
          >
            <CalendarCog className="size-4" aria-hidden="true" />
            Đổi giờ hoặc hủy lịch hẹn
          </Link>
        </p>
      ) : null}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        {children}
        <Button variant="secondary" onClick={onAgain}>
          {againLabel}
        </Button>
        <Link to="/" className={buttonClass('ghost')}>
          Về trang chủ
        </Link>
      </div>
    </div>
  );
}

/** Section heading inside a form. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <h2 className="border-b border-slate-100 pb-2 text-base font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export { ZaloConsentBox } from '../../../components/zalo-consent-box';
