import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api-client';

interface Mutation<V, R> {
  mutate: (vars: V, options: { onSuccess: (result: R) => void; onError: (err: unknown) => void }) => void;
  isPending: boolean;
}

/**
 * A row action that asks first (ConfirmDialog): `ask(row)` opens it, `cancel()` closes it, `confirm()`
 * runs the mutation with `vars(row)`, then toasts `success(row, result)` or the server's message and
 * closes. `target` is the row asked about (null when closed); `dialog` holds ConfirmDialog's open,
 * loading, onConfirm and onCancel.
 */
export function useConfirmAction<T, V, R>(
  mutation: Mutation<V, R>,
  vars: (row: T) => V,
  success: (row: T, result: R) => string,
) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = () => {
    if (target === null) return;
    mutation.mutate(vars(target), {
      onSuccess: (result) => {
        toast.success(success(target, result));
        setTarget(null);
      },
      onError: (err) => {
        toast.error(errorMessage(err));
        setTarget(null);
      },
    });
  };
  return {
    target,
    ask: (row: T) => setTarget(row),
    dialog: {
      open: target !== null,
      loading: mutation.isPending,
      onConfirm: confirm,
      onCancel: () => setTarget(null),
    },
  };
}
