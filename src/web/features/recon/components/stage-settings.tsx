import type { ReconSettings } from '@contract/recon';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { ModalDialog } from '../../../components/modal-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useReconStaff, useSaveReconSettings } from '../api';

interface Row {
  key?: string;
  name: string;
  maxHours: string;
  ownerId: string;
}

const input = 'h-11 w-full rounded-md border border-slate-300 bg-white px-2 text-sm';

/**
 * "Cài đặt công đoạn" (MANAGE_CAR): the stages in order with their limit in working hours and their
 * owner, and the listing gate's photo minimum; saved as a whole (PUT recon/settings).
 */
export function StageSettings({
  settings,
  open,
  onClose,
}: {
  settings: ReconSettings;
  open: boolean;
  onClose: () => void;
}) {
  const staff = useReconStaff(open);
  const save = useSaveReconSettings();
  const [photos, setPhotos] = useState(String(settings.minListingPhotos));
  const [rows, setRows] = useState<Row[]>(() =>
    settings.stages.map((s) => ({
      key: s.key,
      name: s.name,
      maxHours: String(s.maxHours),
      ownerId: s.ownerId ? String(s.ownerId) : '',
    })),
  );
  const set = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, n) => (n === i ? { ...r, ...patch } : r)));

  return (
    <ModalDialog open={open} title="Cài đặt công đoạn" onClose={onClose} width="max-w-2xl">
      <form
        className="space-y-4 p-4 sm:p-6"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(
            {
              minListingPhotos: photos,
              stages: rows.map((r) => ({
                key: r.key,
                name: r.name,
                maxHours: r.maxHours,
                ownerId: r.ownerId ? Number(r.ownerId) : null,
              })),
            },
            {
              onSuccess: () => {
                toast.success('Đã lưu cài đặt công đoạn');
                onClose();
              },
              onError: (err) => toast.error(errorMessage(err)),
            },
          );
        }}
      >
        <div
          aria-hidden="true"
          className="hidden grid-cols-[1fr_5rem_12rem_auto] gap-2 text-xs font-medium text-slate-600 sm:grid"
        >
          <span>Công đoạn</span>
          <span>Giờ tối đa</span>
          <span>Người phụ trách</span>
          <span className="w-11" />
        </div>
        <ol className="space-y-3">
          {rows.map((r, i) => (
            <li
              key={r.key ?? `new-${i}`}
              className="grid grid-cols-[1fr_5rem_auto] gap-2 sm:grid-cols-[1fr_5rem_12rem_auto]"
            >
              <label className="sr-only" htmlFor={`stage-name-${i}`}>
                Tên công đoạn {i + 1}
              </label>
              <input
                id={`stage-name-${i}`}
                className={input}
                value={r.name}
                maxLength={80}
                onChange={(e) => set(i, { name: e.target.value })}
              />
              <label className="sr-only" htmlFor={`stage-hours-${i}`}>
                Thời gian tối đa (giờ làm việc) của công đoạn {i + 1}
              </label>
              <input
                id={`stage-hours-${i}`}
                className={input}
                inputMode="numeric"
                value={r.maxHours}
                onChange={(e) => set(i, { maxHours: e.target.value })}
              />
              <label className="sr-only" htmlFor={`stage-owner-${i}`}>
                Người phụ trách công đoạn {i + 1}
              </label>
              <select
                id={`stage-owner-${i}`}
                className={`${input} col-span-2 sm:col-span-1`}
                value={r.ownerId}
                onChange={(e) => set(i, { ownerId: e.target.value })}
              >
                <option value="">Chưa có người phụ trách</option>
                {(staff.data ?? []).map((p) => (
                  <option key={p.userId} value={p.userId}>
                    {p.fullName}
                  </option>
                ))}
              </select>
              <IconButton
                label={`Xóa công đoạn ${r.name}`}
                disabled={rows.length <= 2}
                onClick={() => setRows(rows.filter((_, n) => n !== i))}
                className="row-start-1 col-start-3 sm:col-start-4"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </IconButton>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setRows([...rows, { name: '', maxHours: '8', ownerId: '' }])}
        >
          <Plus className="size-4" aria-hidden="true" /> Thêm công đoạn
        </Button>
        <div>
          <label htmlFor="min-photos" className="block text-sm font-medium text-slate-800">
            Số ảnh tối thiểu để đăng bán
          </label>
          <input
            id="min-photos"
            className={`${input} mt-1 max-w-24`}
            inputMode="numeric"
            value={photos}
            onChange={(e) => setPhotos(e.target.value)}
          />
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Hủy
          </Button>
          <Button type="submit" loading={save.isPending}>
            Lưu
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
