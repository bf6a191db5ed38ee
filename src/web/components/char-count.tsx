import { type ComponentProps, type Ref, useCallback, useId, useState } from 'react';
import { cx } from '../lib/cx';
import { Textarea } from './form-field';

/**
 * A long text field with '120/1000 ký tự' under it while the visitor types, so the limit (which
 * `maxLength`, from the contract, enforces) is seen before sending; amber from 90 %. Spread
 * `register('note')` into it like a Textarea (its ref is kept); without `maxLength` it is a plain Textarea.
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
  const attach = useCallback(
    (el: HTMLTextAreaElement | null) => {
      if (el) setLength(el.value.length);
      setRef(ref, el);
    },
    [ref],
  );
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
