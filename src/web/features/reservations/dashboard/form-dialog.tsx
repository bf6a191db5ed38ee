import { AlertTriangle } from 'lucide-react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Button } from '../../../components/button';
import { useModal } from '../../../lib/use-modal';

/**
 * A modal form of one row action: a title, what it does, its fields, and "Đóng" / the action. Enter
 * submits; Escape and a click outside close it unless it is saving. 'danger' marks an action that cannot
 * be taken back (the red icon and button).
 */
export function FormDialog({
  open,
  title,
  description,
  submitLabel,
  tone = 'primary',
  loading,
  onSubmit,
  onClose,
  cancelLabel = 'Đóng',
  children,
  testId,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  loading: boolean;
  onSubmit: () => void;
  onClose: () => void;
  cancelLabel?: string;
  children?: ReactNode;
  testId?: string;
}) {
  const titleId = useId();
  const ref = useModal(open);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!loading) onSubmit();
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!loading) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget && !loading) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <form noValidate onSubmit={submit} className="p-5 sm:p-6">
          <div className="flex gap-4">
            {tone === 'danger' ? (
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-600">
                <AlertTriangle className="size-5" aria-hidden="true" />
              </div>
            ) : null}
            <div className="min-w-0 flex-1">
              <h2 id={titleId} className="text-lg font-semibold text-slate-900">
                {title}
              </h2>
              {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
            </div>
          </div>
          {children ? <div className="mt-4 space-y-4">{children}</div> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={tone === 'danger' ? 'danger' : 'primary'} loading={loading}>
              {submitLabel}
            </Button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
