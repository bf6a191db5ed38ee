import type { CarHistoryStaff, ServiceRecord } from '@contract/car-records';
import { formatDay, formatKm } from '@contract/format';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/badge';
import { IconButton } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useConfirmAction } from '../../../lib/use-confirm-action';
import { useRecordActions } from '../api';
import { ServiceRecordForm } from './service-record-form';

/** The service records of a car, newest first: add, edit in place, delete after a confirmation. */
export function ServiceRecordsEditor({ carId, view }: { carId: number; view: CarHistoryStaff }) {
  const actions = useRecordActions(carId);
  const [editing, setEditing] = useState<number | null>(null);
  const removal = useConfirmAction(
    actions.remove,
    (r: ServiceRecord) => r.id,
    (r) => `Đã xóa bản ghi ngày ${formatDay(r.servicedOn)}`,
  );

  return (
    <div className="space-y-4">
      {view.serviceRecords.length === 0 ? (
        <p className="text-sm text-slate-500">Chưa có bản ghi bảo dưỡng nào.</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg ring-1 ring-slate-200"
          aria-label="Lịch sử bảo dưỡng"
        >
          {view.serviceRecords.map((r) =>
            editing === r.id ? (
              <li key={r.id} className="p-2">
                <ServiceRecordForm
                  record={r}
                  saving={actions.update.isPending}
                  onCancel={() => setEditing(null)}
                  onSave={(body, done) =>
                    actions.update.mutate(
                      { id: r.id, body },
                      {
                        onSuccess: () => {
                          toast.success('Đã lưu bản ghi bảo dưỡng');
                          setEditing(null);
                        },
                        onError: done.onError,
                      },
                    )
                  }
                />
              </li>
            ) : (
              <li key={r.id} className="flex items-start gap-3 px-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">
                    <span className="tabular-nums">{formatDay(r.servicedOn)}</span> ·{' '}
                    <span className="tabular-nums">{formatKm(r.km)}</span>
                    {r.imported ? (
                      <Badge tone="info" className="ml-2">
                        Nhập từ nguồn ngoài
                      </Badge>
                    ) : null}
                  </p>
                  <p className="text-sm text-slate-700">{r.work}</p>
                  {r.place ? <p className="text-xs text-slate-500">{r.place}</p> : null}
                </div>
                <IconButton
                  label={`Sửa bản ghi ngày ${formatDay(r.servicedOn)}`}
                  onClick={() => setEditing(r.id)}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                </IconButton>
                <IconButton
                  label={`Xóa bản ghi ngày ${formatDay(r.servicedOn)}`}
                  onClick={() => removal.ask(r)}
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </IconButton>
              </li>
            ),
          )}
        </ul>
      )}
      <ServiceRecordForm
        record={null}
        saving={actions.add.isPending}
        onSave={(body, done) =>
          actions.add.mutate(body, {
            onSuccess: () => {
              toast.success('Đã thêm bản ghi bảo dưỡng');
              done.onSuccess();
            },
            onError: done.onError,
          })
        }
      />
      <ConfirmDialog
        {...removal.dialog}
        title="Xóa bản ghi bảo dưỡng?"
        message={
          removal.target
            ? `Bản ghi ngày ${formatDay(removal.target.servicedOn)} (${formatKm(removal.target.km)}) và số km của nó sẽ bị xóa khỏi lịch sử xe.`
            : null
        }
        confirmLabel="Xóa"
      />
    </div>
  );
}
