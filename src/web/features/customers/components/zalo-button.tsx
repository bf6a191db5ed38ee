import { MessageCircle } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import { useSendZalo } from '../api';

/** "Gửi Zalo": one click sends the "Chăm sóc khách hàng" template; the toast says what became of it. */
export function ZaloButton({ customerId, leadId }: { customerId: number; leadId?: number }) {
  const send = useSendZalo(customerId);
  return (
    <Button
      variant="secondary"
      loading={send.isPending}
      onClick={() =>
        send.mutate(
          { kind: 'FOLLOW_UP', leadId },
          {
            onSuccess: (r) => (r.state === 'SKIPPED' ? toast.warning(r.message) : toast.success(r.message)),
            onError: (err) => toast.error(errorMessage(err)),
          },
        )
      }
    >
      <MessageCircle className="size-4" aria-hidden="true" /> Gửi Zalo
    </Button>
  );
}
