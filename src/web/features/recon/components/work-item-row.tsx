import { formatDate, formatPrice } from '@contract/format';
import { RECON_ITEM_STATUS_LABELS, type ReconItem, type ReconItemStatus } from '@contract/recon';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { FormField } from '../../../components/form-field';
import { NumberInput } from '../../../components/number-input';
import { cx } from '../../../lib/cx';
import { type EstimateChange, EstimateEditor } from './estimate-editor';
import { groupLabel } from './work-item-form';

const TONES: Record<ReconItemStatus, BadgeTone> = {
  PENDING: 'warning',
  APPROVED: 'info',
  DONE: 'success',
  REJECTED: 'neutral',
};

/**
 * One work item: what, which group, the estimate (parts + labour), the garage, its status and, once
 * done, what it really cost against the estimate. Its buttons follow the status: approve or refuse a
 * pending item (a manager only), complete an approved one with its actual cost (anyone), refuse it too.
 */
export function WorkItemRow({
  item,
  manager,
  closed,
  busy,
  onApprove,
  onRefuse,
  onComplete,
  onEstimate,
}: {
  item: ReconItem;
  manager: boolean;
  closed: boolean;
  busy: boolean;
  onApprove: () => void;
  onRefuse: () => void;
  onComplete: (actualCost: number, done: () => void) => void;
  onEstimate: (change: EstimateChange, done: () => void) => void;
}) {
  const uid = useId();
  const estimate = item.estimateParts + item.estimateLabour;
  const [completing, setCompleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [actual, setActual] = useState<number | null>(estimate || null);
  const [error, setError] = useState<string | undefined>();
  // Against no estimate there is no overrun to show.
  const diff = item.actualCost === null || estimate === 0 ? 0 : item.actualCost - estimate;
  const named = (verb: string) => `${verb} "${item.title}"`;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (actual === null) return setError('Vui lòng nhập chi phí thực tế khi hoàn thành hạng mục');
    setError(undefined);
    onComplete(actual, () => setCompleting(false));
  };

  return (
    <li className="space-y-2 px-3 py-3 text-sm">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2">
            <span
              className={cx(
                'font-medium text-slate-900',
                item.status === 'REJECTED' && 'text-slate-500 line-through',
              )}
            >
              {item.title}
            </span>
            <Badge tone={TONES[item.status]}>{RECON_ITEM_STATUS_LABELS[item.status]}</Badge>
          </p>
          <p className="text-slate-600">
            {groupLabel(item.group)} ·{' '}
            {estimate > 0 ? (
              <>
                Dự toán{' '}
                <span className="font-medium text-slate-900 tabular-nums">{formatPrice(estimate)}</span>
                <span className="tabular-nums">
                  {' '}
                  (phụ tùng {formatPrice(item.estimateParts) || '0 đ'}, công{' '}
                  {formatPrice(item.estimateLabour) || '0 đ'})
                </span>
              </>
            ) : (
              'Chưa có dự toán'
            )}
          </p>
          {item.status === 'DONE' && item.actualCost !== null ? (
            <p className="text-slate-600">
              Thực tế{' '}
              <span className="font-semibold text-slate-900 tabular-nums">
                {formatPrice(item.actualCost) || '0 đ'}
              </span>
              {diff !== 0 ? (
                <span className={cx('tabular-nums', diff > 0 ? 'text-red-700' : 'text-emerald-700')}>
                  {' '}
                  ({diff > 0 ? 'vượt' : 'thấp hơn'} dự toán {formatPrice(Math.abs(diff))})
                </span>
              ) : null}
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            {item.vendor ? `${item.vendor} · ` : ''}
            {item.inspectionItemId !== null ? 'Từ báo cáo kiểm định · ' : ''}
            Thêm ngày {formatDate(item.createdAt)}
            {item.status === 'DONE' ? ` · Xong ngày ${formatDate(item.updatedAt)}` : ''}
          </p>
        </div>
        {closed || completing || editing ? null : (
          <div className="flex shrink-0 flex-wrap gap-2">
            {item.status === 'PENDING' ? (
              <Button
                variant="secondary"
                className="flex-1 sm:flex-none"
                disabled={busy}
                onClick={() => setEditing(true)}
                aria-label={named('Sửa dự toán')}
              >
                Sửa dự toán
              </Button>
            ) : null}
            {item.status === 'PENDING' && manager ? (
              <Button
                className="flex-1 sm:flex-none"
                disabled={busy}
                onClick={onApprove}
                aria-label={named('Duyệt')}
              >
                Duyệt
              </Button>
            ) : null}
            {item.status === 'APPROVED' ? (
              <Button
                className="flex-1 sm:flex-none"
                disabled={busy}
                onClick={() => setCompleting(true)}
                aria-label={named('Hoàn thành')}
              >
                Hoàn thành
              </Button>
            ) : null}
            {(item.status === 'PENDING' || item.status === 'APPROVED') && manager ? (
              <Button
                variant="secondary"
                className="flex-1 sm:flex-none"
                disabled={busy}
                onClick={onRefuse}
                aria-label={named('Từ chối')}
              >
                Từ chối
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {editing ? (
        <EstimateEditor
          item={item}
          busy={busy}
          onSave={(change) => onEstimate(change, () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {completing ? (
        <form
          onSubmit={submit}
          noValidate
          aria-label={named('Hoàn thành')}
          className="flex flex-col gap-2 rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-200 sm:flex-row sm:items-end"
        >
          <FormField
            label="Chi phí thực tế"
            htmlFor={`${uid}-actual`}
            error={error}
            required
            className="sm:w-64"
          >
            <NumberInput id={`${uid}-actual`} value={actual} onChange={setActual} suffix="VNĐ" autoFocus />
          </FormField>
          <div className="flex gap-2">
            <Button type="submit" loading={busy} className="flex-1 sm:flex-none">
              Lưu hoàn thành
            </Button>
            <Button variant="secondary" onClick={() => setCompleting(false)} className="flex-1 sm:flex-none">
              Hủy
            </Button>
          </div>
        </form>
      ) : null}
    </li>
  );
}
