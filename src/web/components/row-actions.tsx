import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconButton, iconButtonClass } from './button';
import type { Column } from './data-table';

const TONES = {
  neutral: undefined,
  danger: 'text-red-600 hover:bg-red-50 hover:text-red-700',
  success: 'text-emerald-600 hover:bg-emerald-50 hover:text-emerald-700',
};

/** The last column of a list: the row's action buttons, right-aligned (a card's foot on phones). */
export function actionsColumn<T>(cell: (row: T) => ReactNode): Column<T> {
  return {
    key: 'actions',
    header: <span className="sr-only">Thao tác</span>,
    mobile: 'actions',
    className: 'w-px text-right',
    cell: (row) => <div className="flex justify-end gap-1">{cell(row)}</div>,
  };
}

/** RowLink: a 44 px icon link of a row; `label` is its accessible name, `title` its tooltip. */
export function RowLink({
  to,
  label,
  title,
  icon: Icon,
}: {
  to: string;
  label: string;
  title: string;
  icon: LucideIcon;
}) {
  return (
    <Link to={to} className={iconButtonClass} aria-label={label} title={title}>
      <Icon className="size-4" aria-hidden="true" />
    </Link>
  );
}

/** RowButton: a 44 px icon button of a row; tone 'danger' (red), 'success' (green) or neutral. */
export function RowButton({
  label,
  icon: Icon,
  tone = 'neutral',
  onClick,
  disabled,
}: {
  label: string;
  icon: LucideIcon;
  tone?: keyof typeof TONES;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <IconButton label={label} className={TONES[tone]} onClick={onClick} disabled={disabled}>
      <Icon className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/**
 * ToggleRowButton: while `on`, a red button that turns the row off (`off.label`, `off.icon`); otherwise
 * a green one that turns it on (`on.label`, `on.icon`). Both call onClick (which asks for confirmation).
 */
export function ToggleRowButton({
  isOn,
  off,
  on,
  onClick,
}: {
  isOn: boolean;
  off: { label: string; icon: LucideIcon };
  on: { label: string; icon: LucideIcon };
  onClick: () => void;
}) {
  return isOn ? (
    <RowButton tone="danger" label={off.label} icon={off.icon} onClick={onClick} />
  ) : (
    <RowButton tone="success" label={on.label} icon={on.icon} onClick={onClick} />
  );
}

/** A blank the size of a row button, so the buttons of every row line up. */
export function RowButtonSpace() {
  return <span className="size-11" aria-hidden="true" />;
}
