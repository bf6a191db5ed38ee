import { CALL_OUTCOME_LABELS, CALL_OUTCOMES, type CallOutcome } from '@contract/customers';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormField, Select, Textarea } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useLogCall } from '../api';

/** "Ghi cuộc gọi": the call's outcome and a note, on the customer's timeline. */
export function CallDialog({
  customerId,
  leadId,
  open,
  onClose,
}: {
  customerId: number;
  /** The lead the call answers (its first response). */
  leadId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const [outcome, setOutcome] = useState<CallOutcome>('REACHED');
  const [note, setNote] = useState('');
  const log = useLogCall(customerId);
  return (
    <ModalDialog open={open} onClose={onClose} title="Ghi cuộc gọi" testId="call-dialog">
      <form
        className="space-y-4 px-4 py-4 sm:px-6"
        onSubmit={(e) => {
          e.preventDefault();
          log.mutate(
            { outcome, note: note.trim() || undefined, leadId },
            {
              onSuccess: () => {
                toast.success('Đã ghi cuộc gọi');
                setNote('');
                onClose();
              },
              onError: (err) => toast.error(errorMessage(err)),
            },
          );
        }}
      >
        <FormField label="Kết quả" htmlFor="call-outcome" required>
          <Select
            id="call-outcome"
            value={outcome}
            onChange={(e) => setOutcome(e.target.value as CallOutcome)}
          >
            {CALL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {CALL_OUTCOME_LABELS[o]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Ghi chú" htmlFor="call-note">
          <Textarea
            id="call-note"
            rows={3}
            maxLength={1000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Hủy
          </Button>
          <Button type="submit" loading={log.isPending}>
            Lưu cuộc gọi
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
