import { type ReactNode, useId } from 'react';
import { useModal } from '../lib/use-modal';
import { CloseButton } from './close-button';

/**
 * A native modal <dialog> for visitors: a title bar with its close button, closed by Escape, by a
 * click on the backdrop or by the button; fits a 360 px phone and scrolls inside when taller than it.
 */
export function ModalDialog({
  open,
  title,
  onClose,
  width = 'max-w-md',
  testId,
  titleId: givenTitleId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** A Tailwind max-width class. */
  width?: string;
  testId?: string;
  /** The heading's id, for a form inside that names itself by it. */
  titleId?: string;
  children: ReactNode;
}) {
  const ownId = useId();
  const titleId = givenTitleId ?? ownId;
  const ref = useModal(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className={`m-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] ${width} overflow-y-auto rounded-2xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50`}
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-2 border-b border-slate-200 py-2 pr-2 pl-4 sm:pl-6">
        <h2 id={titleId} className="py-2.5 text-lg font-bold text-slate-900">
          {title}
        </h2>
        <CloseButton label="Đóng" onClick={onClose} />
      </div>
      {children}
    </dialog>
  );
}
