import { CHECKLIST_STATUS_LABELS, CHECKLIST_STATUSES, type ChecklistStatus } from '@contract/deal-labels';
import type { DealView } from '@contract/deals';
import { formatDay } from '@contract/format';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button } from '../../../components/button';
import { Select } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { useSetChecklist, useSetStep } from '../api';
import { Card } from './card';

/** The papers to collect, each Chưa nhận / Đã nhận / Đã kiểm tra / Đã trả lại. */
export function ChecklistCard({ deal }: { deal: DealView }) {
  const set = useSetChecklist(deal.dealId);
  return (
    <Card title="Giấy tờ cần thu">
      <ul className="divide-y divide-slate-100 text-sm">
        {deal.checklist.map((c) => (
          <li key={c.item} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <label htmlFor={`check-${c.item}`} className="min-w-0 flex-1 text-slate-800">
              {c.label}
              {c.updatedBy ? (
                <span className="block text-xs text-slate-600">{c.updatedBy.fullName}</span>
              ) : null}
            </label>
            <Select
              id={`check-${c.item}`}
              className="w-40"
              value={c.status}
              onChange={(e) =>
                set.mutate(
                  { item: c.item, status: e.target.value as ChecklistStatus },
                  { onError: (err) => toast.error(errorMessage(err)) },
                )
              }
            >
              {CHECKLIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {CHECKLIST_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Sang tên: the four steps, each with its due day (late in red) and its owner; the buyer's link. */
export function TransferCard({ deal }: { deal: DealView }) {
  const set = useSetStep(deal.dealId);
  const started = deal.status === 'handed_over' || deal.status === 'transferred';
  const next = deal.transfer.find((s) => !s.doneOn);
  return (
    <Card
      title="Sang tên"
      actions={
        <Button
          variant="ghost"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(deal.publicUrl)
              .then(() => toast.success('Đã chép đường dẫn cho khách'))
              .catch(() => toast.error(deal.publicUrl))
          }
        >
          <Copy className="size-4" aria-hidden="true" />
          Link cho khách
        </Button>
      }
    >
      <ol className="space-y-2 text-sm" data-testid="transfer-steps">
        {deal.transfer.map((s, i) => (
          <li key={s.step} className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {i + 1}. {s.label}
              </p>
              <p className="text-xs text-slate-600">
                {s.doneOn
                  ? `Xong ${formatDay(s.doneOn)}`
                  : s.dueOn
                    ? `Hạn ${formatDay(s.dueOn)}`
                    : 'Chưa bắt đầu'}
                {s.owner ? ` · ${s.owner.fullName}` : ''}
              </p>
            </div>
            {s.doneOn ? (
              <Badge tone="success">
                <Check className="mr-1 inline size-3" aria-hidden="true" />
                Xong
              </Badge>
            ) : s.late ? (
              <Badge tone="danger">Trễ hạn</Badge>
            ) : null}
            {started && next?.step === s.step ? (
              <Button
                loading={set.isPending}
                onClick={() =>
                  set.mutate(
                    { step: s.step, done: true },
                    {
                      onSuccess: () => toast.success(`Xong bước: ${s.label}`),
                      onError: (err) => toast.error(errorMessage(err)),
                    },
                  )
                }
              >
                Đánh dấu xong
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      {!started ? <p className="mt-2 text-xs text-slate-600">Các bước bắt đầu sau khi bàn giao xe.</p> : null}
    </Card>
  );
}
