import { formatThousands, parseThousands } from '@contract/format';
import { type ComponentProps, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { cx } from '../lib/cx';
import { controlClass } from './form-field';

const EDIT_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Escape',
  'Enter',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);
const SHORTCUTS = new Set(['a', 'c', 'v', 'x', 'z', 'y']);

type NumberInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  suffix?: string;
};

/**
 * NumberInput: value (number | null), onChange(number | null), suffix (e.g. 'VNĐ', 'km'), plus any
 * <input> prop. Digits only (editing keys and copy/paste/cut shortcuts pass), shown as 1.234.567.
 */
export function NumberInput({
  value,
  onChange,
  suffix,
  className,
  onKeyDown,
  ref,
  ...rest
}: NumberInputProps) {
  const inner = useRef<HTMLInputElement | null>(null);
  const caretDigits = useRef<number | null>(null);
  const text = value === null || value === undefined ? '' : formatThousands(value);

  // Keep the caret after the same number of digits once the dots move.
  useLayoutEffect(() => {
    const input = inner.current;
    if (!input || caretDigits.current === null || document.activeElement !== input) return;
    let seen = 0;
    let pos = 0;
    while (pos < input.value.length && seen < caretDigits.current) {
      if (/\d/.test(input.value[pos])) seen++;
      pos++;
    }
    input.setSelectionRange(pos, pos);
    caretDigits.current = null;
  });

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (EDIT_KEYS.has(e.key)) return;
    if ((e.ctrlKey || e.metaKey) && SHORTCUTS.has(e.key.toLowerCase())) return;
    if (/^\d$/.test(e.key)) return;
    if (e.key.length === 1 || e.key === 'Spacebar') e.preventDefault();
  }

  const input = (
    <input
      {...rest}
      ref={(node) => {
        inner.current = node;
        if (typeof ref === 'function') ref(node);
        else if (ref) ref.current = node;
      }}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      value={text}
      onKeyDown={keyDown}
      onChange={(e) => {
        const before = e.target.value.slice(0, e.target.selectionStart ?? e.target.value.length);
        caretDigits.current = before.replace(/\D/g, '').replace(/^0+(?=\d)/, '').length;
        const next = parseThousands(e.target.value);
        onChange(next !== null && Number.isSafeInteger(next) ? next : next === null ? null : (value ?? null));
      }}
      className={cx(controlClass, 'tabular-nums', suffix && 'pr-14', className)}
    />
  );
  if (!suffix) return input;
  return (
    <div className="relative">
      {input}
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
        {suffix}
      </span>
    </div>
  );
}
