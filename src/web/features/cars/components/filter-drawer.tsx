import { type ReactNode, useEffect, useRef } from 'react';
import { CloseButton } from '../../../components/close-button';

/** The phone filter panel: a native modal <dialog> sliding in from the left, with a sticky footer. */
export function FilterDrawer({
  open,
  onClose,
  title,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-label={title}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-0 h-dvh max-h-none w-full max-w-sm bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 motion-safe:animate-slide-in-left"
    >
      {open ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 py-2 pr-2 pl-4">
            <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
            <CloseButton label="Đóng bộ lọc" onClick={onClose} />
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-4">{children}</div>
          <div className="flex gap-2 border-t border-slate-200 bg-white p-3">{footer}</div>
        </div>
      ) : null}
    </dialog>
  );
}
