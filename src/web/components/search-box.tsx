import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cx } from '../lib/cx';
import { controlClass } from './form-field';

/**
 * SearchBox: value, onChange(value) called 300 ms after typing stops (at once on clear or Enter),
 * placeholder, label (read by screen readers; defaults to the placeholder), className.
 */
export function SearchBox({
  value,
  onChange,
  placeholder = 'Tìm kiếm...',
  label,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  className?: string;
}) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(next: string, now = false) {
    setText(next);
    clearTimeout(timer.current);
    if (now) latest.current(next.trim());
    else timer.current = setTimeout(() => latest.current(next.trim()), 300);
  }

  return (
    <div className={cx('relative', className)}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        type="search"
        value={text}
        onChange={(e) => change(e.target.value, e.target.value === '')}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            change(text, true);
          }
        }}
        placeholder={placeholder}
        aria-label={label ?? placeholder}
        className={cx(controlClass, 'pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden')}
      />
      {text ? (
        <button
          type="button"
          onClick={() => change('', true)}
          className="absolute top-0 right-0 inline-flex size-11 items-center justify-center text-slate-400 hover:text-slate-700"
          aria-label="Xóa từ khóa"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
