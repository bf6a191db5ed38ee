import type { ComponentProps } from 'react';
import { cx } from '../lib/cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
};

/** The classes of a button, for a <Link> that looks like one: buttonClass('secondary'). */
export function buttonClass(variant: ButtonVariant = 'primary', className?: string) {
  return cx(base, variants[variant], className);
}

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; loading?: boolean };

/** Button: variant 'primary' | 'secondary' | 'ghost' | 'danger' (default primary); loading shows a spinner and disables it. At least 44 px tall. */
export function Button({
  variant = 'primary',
  loading = false,
  className,
  children,
  disabled,
  type,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type ?? 'button'}
      className={buttonClass(variant, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
}

/** The classes of IconButton, for a <Link> holding one icon. */
export const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 transition-colors ' +
  'hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

/** IconButton: a square 44 px button for one icon; `label` is its accessible name and tooltip. */
export function IconButton({
  label,
  className,
  children,
  type,
  ...rest
}: ComponentProps<'button'> & { label: string }) {
  return (
    <button
      type={type ?? 'button'}
      aria-label={label}
      title={label}
      className={cx(iconButtonClass, className)}
      {...rest}
    >
      {children}
    </button>
  );
}
