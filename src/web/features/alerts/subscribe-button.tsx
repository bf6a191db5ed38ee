import { Bell, BellRing } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Button } from '../../components/button';
import { cx } from '../../lib/cx';
import type { SubscribeDialogProps, SubscribeTarget } from './subscribe-dialog';

// The form comes on the first press (or hover): the list and the car page carry only the button.
const loadDialog = () => import('./subscribe-dialog');

/**
 * "Nhận thông báo xe mới" on the car list (its current filters) or "Báo khi giảm giá" on a car's page:
 * opens the e-mail sign-up in a dialog.
 */
export function SubscribeButton({ target, className }: { target: SubscribeTarget; className?: string }) {
  const [Dialog, setDialog] = useState<ComponentType<SubscribeDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  async function openDialog() {
    setFailed(false);
    if (!Dialog) {
      setLoading(true);
      try {
        const m = await loadDialog();
        setDialog(() => m.default);
      } catch {
        setFailed(true);
        return;
      } finally {
        setLoading(false);
      }
    }
    setOpen(true);
  }

  const Icon = target.kind === 'search' ? BellRing : Bell;
  return (
    <>
      <Button
        variant="secondary"
        className={cx('whitespace-nowrap', className)}
        loading={loading}
        onClick={openDialog}
        onPointerEnter={() => void loadDialog().catch(() => undefined)}
        aria-haspopup="dialog"
        data-testid={target.kind === 'search' ? 'save-search-open' : 'price-watch-open'}
      >
        {loading ? null : <Icon className="size-4" aria-hidden="true" />}
        {target.kind === 'search' ? 'Nhận thông báo xe mới' : 'Báo khi giảm giá'}
      </Button>
      {failed ? (
        <p className="text-sm text-red-600" role="alert">
          Không tải được biểu mẫu, vui lòng kiểm tra mạng và thử lại.
        </p>
      ) : null}
      {Dialog ? <Dialog open={open} target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
