import { parseVnDate, vnDayKey } from '@contract/format';
import { CalendarDays } from 'lucide-react';
import { type ComponentProps, useEffect, useRef, useState } from 'react';
import { cx } from '../lib/cx';
import { controlClass } from './form-field';

const toDisplay = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.split('-').reverse().join('/') : '';

/** Digits typed become dd/mm/yyyy as they come: "0211" -> "02/11". */
function mask(text: string): string {
  const d = text.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/**
 * A date shown and typed as dd/mm/yyyy whatever the browser's language, with a
 * calendar button opening the native picker. value and onChange use 'yyyy-mm-dd' ('' = none), which
 * the contract's date fields accept.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  className,
  onBlur,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
}) {
  const [text, setText] = useState(toDisplay(value));
  const picker = useRef<HTMLInputElement>(null);
  // Values handed to onChange and not yet come back as `value`: a list page's filters update in a
  // transition, and one of them arriving while the next date is being typed must not wipe what is typed.
  const sent = useRef<string[]>([]);
  useEffect(() => {
    const echo = sent.current.indexOf(value);
    if (echo === -1) setText(toDisplay(value)); // changed from outside (cleared filters, Back)
    sent.current = echo === -1 ? [] : sent.current.slice(echo + 1);
  }, [value]);
  const send = (iso: string) => {
    if (iso !== value) sent.current.push(iso);
    onChange(iso);
  };

  const change = (raw: string) => {
    const next = mask(raw);
    setText(next);
    if (next === '') send('');
    else if (next.length === 10) {
      const date = parseVnDate(next);
      if (date) send(vnDayKey(date));
    }
  };
  return (
    <div className="relative">
      <input
        {...rest}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        value={text}
        onChange={(e) => change(e.target.value)}
        onBlur={(e) => {
          // An unfinished or impossible date goes back to the last good one (sent, or else shown).
          const good = toDisplay(sent.current.at(-1) ?? value);
          if (text !== '' && good !== text) setText(good);
          onBlur?.(e);
        }}
        className={cx(controlClass, 'pr-9 tabular-nums', className)}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        value={value}
        min={min}
        max={max}
        onChange={(e) => send(e.target.value)}
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
      />
      <button
        type="button"
        onClick={() => {
          try {
            picker.current?.showPicker();
          } catch {
            picker.current?.focus();
          }
        }}
        className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:text-slate-800"
        aria-label="Chọn ngày trên lịch"
      >
        <CalendarDays className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
