import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { controlClass } from '../../../components/form-field';
import { cx } from '../../../lib/cx';

/** A rate stored as a fraction (0.02) and typed as a percentage (2 or 2,5). */
/** 0.085 -> "8,5" */
function showPercent(v: number | null | undefined): string {
  return v === null || v === undefined || Number.isNaN(v)
    ? ''
    : String(Math.round(v * 100 * 1000) / 1000).replace('.', ',');
}

export function PercentInput({
  value,
  onChange,
  className,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: number; onChange: (v: number) => void }) {
  const [text, setText] = useState(() => showPercent(value));
  const last = useRef(value);
  useEffect(() => {
    if (!Object.is(value, last.current)) {
      last.current = value;
      setText(showPercent(value));
    }
  }, [value]);
  return (
    <div className="relative">
      <input
        {...rest}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => {
          const raw = e.target.value.replace(/[^\d.,]/g, '');
          setText(raw);
          const n = raw === '' ? Number.NaN : Number(raw.replace(',', '.')) / 100;
          last.current = n;
          onChange(n);
        }}
        className={cx(controlClass, 'pr-10 tabular-nums', className)}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500">
        %
      </span>
    </div>
  );
}

export function Card({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={id}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-500">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

export const msg = (e: FieldError | undefined) => e?.message;
