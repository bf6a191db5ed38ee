import {
  Children,
  type ComponentProps,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
} from 'react';
import { cx } from '../lib/cx';

export const controlClass =
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-slate-500 focus:outline-none focus:ring-2 focus:ring-slate-400/25 ' +
  'disabled:bg-slate-100 disabled:text-slate-500 read-only:bg-slate-50 aria-invalid:border-red-500 ' +
  'aria-invalid:focus:ring-red-500/20 sm:text-sm';

interface FormFieldProps {
  label: ReactNode;
  htmlFor: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * FormField: label, htmlFor (the control's id), error (message shown in red), hint (grey help text),
 * required (adds a red *), className; wraps one control and wires aria-invalid / aria-describedby on it.
 */
export function FormField({ label, htmlFor, error, hint, required, className, children }: FormFieldProps) {
  const errorId = `${htmlFor}-error`;
  const hintId = `${htmlFor}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const only =
    Children.count(children) === 1 && isValidElement(children)
      ? (children as ReactElement<Record<string, unknown>>)
      : null;
  const control = only
    ? cloneElement(only, {
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required || undefined,
      })
    : children;
  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        {/* Outside the label, so the control's name stays the plain label text. */}
        {required ? (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {control}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Input: a styled native <input>; spread register('name') into it. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cx(controlClass, className)} {...props} />;
}

/** Select: a styled native <select>. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cx(controlClass, 'pr-8', className)} {...props} />;
}

/** Textarea: a styled native <textarea>. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cx(controlClass, 'min-h-24', className)} {...props} />;
}

/** FormAlert: a form-level message; tone 'error' (default) or 'success'. Renders nothing without children. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success';
  children?: ReactNode;
}) {
  if (!children) return null;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-700'
          : 'border-emerald-200 bg-emerald-50 text-emerald-800',
      )}
    >
      {children}
    </div>
  );
}
