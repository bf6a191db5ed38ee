import { type ComponentProps, type Ref, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { cx } from '../lib/cx';
import { Textarea } from './form-field';

/**
 * A long text field with '120/1000 ký tự' under it while the visitor types, so the limit (which
 * `maxLength`, from the contract, enforces) is seen before sending; amber from 90 %. Spread
 * `register('note')` into it like a Textarea (its ref is kept), or give it `value` and `onChange`; without
 * `maxLength` it is a plain Textarea. A value written without typing (a form's reset to the saved record,
 * a controlled value loaded later) is counted at the next render.
 */
export function CountedTextarea({
  maxLength,
  ref,
  onChange,
  'aria-describedby': describedBy,
  ...props
}: ComponentProps<'textarea'>) {
  const [length, setLength] = useState(0);
  const countId = useId();
  const element = useRef<HTMLTextAreaElement | null>(null);
  const attach = useCallback(
    (el: HTMLTextAreaElement | null) => {
      element.current = el;
      setRef(ref, el);
    },
    [ref],
  );
  // react-hook-form fills a registered field through its ref (defaults, reset) without an input event.
  useLayoutEffect(() => {
    const typed = element.current?.value.length ?? 0;
    if (typed !== length) setLength(typed);
  });
  if (!maxLength) return <Textarea ref={ref} onChange={onChange} aria-describedby={describedBy} {...props} />;
  return (
    <>
      <Textarea
        {...props}
        ref={attach}
        maxLength={maxLength}
        aria-describedby={[describedBy, countId].filter(Boolean).join(' ')}
        onChange={(e) => {
          setLength(e.target.value.length);
          onChange?.(e);
        }}
      />
      <p
        id={countId}
        className={cx(
          'text-right text-xs tabular-nums',
          length >= maxLength * 0.9 ? 'font-medium text-amber-800' : 'text-slate-500',
        )}
        data-testid="char-count"
      >
        {length}/{maxLength} ký tự
      </p>
    </>
  );
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}
