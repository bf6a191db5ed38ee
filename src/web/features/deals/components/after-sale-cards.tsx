import {
  CHECKLIST_STATUS_LABELS,
  CHECKLIST_STATUSES,
  type ChecklistItem,
  type ChecklistStatus,
} from '@contract/deal-labels';
import type { DealView } from '@contract/deals';
import { formatDay } from '@contract/format';
import { Check, Copy, Eye, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { Button, IconButton, iconButtonClass } from '../../../components/button';
import { Select } from '../../../components/form-field';
import { errorMessage } from '../../../lib/api-client';
import { fetchScan, useSetChecklist, useSetStep, useUploadScan } from '../api';
import { Card } from './card';

/** A paper's scan: uploaded to the private storage, opened from it with the staff's token. */
function ScanButtons({
  deal,
  item,
  label,
  hasScan,
}: {
  deal: DealView;
  item: ChecklistItem;
  label: string;
  hasScan: boolean;
}) {
  const upload = useUploadScan(deal.dealId);
  return (
    <span className="flex items-center gap-1">
      {hasScan ? (
        <IconButton
          label={`Xem bản quét ${label}`}
          onClick={() =>
            void fetchScan(deal.dealId, item)
              .then((blob) => window.open(URL.createObjectURL(blob), '_blank', 'noopener'))
              .catch((err: Error) => toast.error(err.message))
          }
        >
          <Eye className="size-4" aria-hidden="true" />
        </IconButton>
      ) : null}
      <label
        className={`${iconButtonClass} cursor-pointer focus-within:outline-2 focus-within:outline-brand-600`}
        title="Tải bản quét"
      >
        <Upload className="size-4" aria-hidden="true" />
        <span className="sr-only">Tải bản quét {label}</span>
        <input
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          className="sr-only"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file)
              upload.mutate(
                { item, file },
                {
                  onSuccess: () => toast.success(`Đã lưu bản quét: ${label}`),
                  onError: (err) => toast.error(errorMessage(err)),
                },
              );
          }}
        />
      </label>
    </span>
  );
}

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
            <ScanButtons deal={deal} item={c.item} label={c.label} hasScan={c.hasScan} />
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
