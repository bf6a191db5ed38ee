import { X } from 'lucide-react';

/** CloseButton: the 44 px "×" at the top of a drawer, menu or dialog; `label` names what it closes. */
export function CloseButton({
  label,
  onClick,
  iconClassName = 'size-6',
}: {
  label: string;
  onClick: () => void;
  iconClassName?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
      aria-label={label}
    >
      <X className={iconClassName} aria-hidden="true" />
    </button>
  );
}
