import {
  CONSULTING_TOPIC_LABELS,
  CONSULTING_TOPICS,
  type ConsultingTopic,
  type LeadByHandForm,
  leadByHandForm,
} from '@contract/leads';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { FormField, Input, Select, Textarea } from '../../../components/form-field';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { CustomerPhoneHint } from '../../customers/public';
import { useCreateByHand } from '../api';

/** What the form holds (the contract's input, every field as typed). */
type Values = Omit<LeadByHandForm, 'email' | 'topic'> & { email: string; topic: ConsultingTopic };
const EMPTY: Values = { fullName: '', phone: '', email: '', topic: 'BUY', message: '' };

/**
 * "Thêm yêu cầu": a consulting request staff take by phone or at the counter. While the phone is typed,
 * the customer it already belongs to is offered (and can fill the name and e-mail).
 */
export function ByHandDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (leadId: number) => void;
}) {
  const [v, setV] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateByHand();
  const set = (k: keyof Values, value: string) => setV((x) => ({ ...x, [k]: value }));
  const close = () => {
    setV(EMPTY);
    setErrors({});
    onClose();
  };
  return (
    <ModalDialog
      open={open}
      onClose={close}
      title="Thêm yêu cầu tư vấn"
      width="max-w-lg"
      testId="by-hand-dialog"
    >
      <form
        noValidate
        className="space-y-4 px-4 py-4 sm:px-6"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = leadByHandForm.safeParse(v);
          if (!parsed.success) {
            const found: Record<string, string> = {};
            for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
            setErrors(found);
            return;
          }
          create.mutate(v, {
            onSuccess: (lead) => {
              toast.success(`Đã tạo yêu cầu ${lead.reference}`);
              close();
              onCreated(lead.leadId);
            },
            onError: (err) => toast.error(errorMessage(err)),
          });
        }}
      >
        <FormField label="Số điện thoại" htmlFor="byhand-phone" required error={errors.phone}>
          <Input
            id="byhand-phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            value={v.phone}
            onChange={(e) => set('phone', e.target.value)}
          />
        </FormField>
        <CustomerPhoneHint
          phone={v.phone}
          useLabel="Dùng thông tin khách này"
          onUse={(c) => setV((x) => ({ ...x, fullName: c.fullName, email: c.emails[0] ?? x.email }))}
        />
        <FormField label="Họ và tên" htmlFor="byhand-name" required error={errors.fullName}>
          <Input
            id="byhand-name"
            autoComplete="off"
            value={v.fullName}
            onChange={(e) => set('fullName', e.target.value)}
          />
        </FormField>
        <FormField label="Email" htmlFor="byhand-email" error={errors.email} hint="Không bắt buộc">
          <Input
            id="byhand-email"
            type="email"
            autoComplete="off"
            value={v.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
        <FormField label="Nội dung cần tư vấn" htmlFor="byhand-topic" required error={errors.topic}>
          <Select id="byhand-topic" value={v.topic} onChange={(e) => set('topic', e.target.value)}>
            {CONSULTING_TOPICS.map((t) => (
              <option key={t} value={t}>
                {CONSULTING_TOPIC_LABELS[t]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Khách hỏi gì" htmlFor="byhand-message" required error={errors.message}>
          <Textarea
            id="byhand-message"
            rows={3}
            maxLength={2000}
            value={v.message}
            onChange={(e) => set('message', e.target.value)}
          />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={close}>
            Hủy
          </Button>
          <Button type="submit" loading={create.isPending}>
            Tạo yêu cầu
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
