import { useUnsavedChanges } from '../lib/use-unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/** Put in a form: while `dirty`, leaving the page or closing the tab asks first (useUnsavedChanges). */
export function UnsavedChangesDialog({ dirty }: { dirty: boolean }) {
  const leave = useUnsavedChanges(dirty);
  return (
    <ConfirmDialog
      {...leave}
      title="Rời trang khi chưa lưu?"
      message="Các thay đổi bạn vừa nhập chưa được lưu và sẽ mất nếu rời trang."
      confirmLabel="Rời trang"
      cancelLabel="Ở lại"
    />
  );
}
