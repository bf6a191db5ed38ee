import { AlertTriangle } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useModal } from '../lib/use-modal';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * ConfirmDialog: open, title, message?, confirmLabel ('Xác nhận'), cancelLabel ('Hủy'), tone 'danger' |
 * 'primary' (default danger), loading (disables both buttons), onConfirm(), onCancel(). A native modal
 * <dialog>: focus stays inside, Escape and a click outside cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Xác nhận',
  cancelLabel = 'Hủy',
  tone = 'danger',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();

  const ref = useModal(open);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!loading) onCancel();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !loading) onCancel();
      }}
      onKeyDown={() => undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <div className="p-5 sm:p-6">
          <div className="flex gap-4">
            {tone === 'danger' ? (
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
                <AlertTriangle className="size-5" aria-hidden="true" />
              </div>
            ) : null}
            <div className="min-w-0">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {message ? (
                <div id={messageId} className="mt-2 text-sm text-slate-600">
                  {message}
                </div>
              ) : null}
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onCancel} disabled={loading} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
