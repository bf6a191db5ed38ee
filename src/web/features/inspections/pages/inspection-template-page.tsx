import type { TemplateItem } from '@contract/inspections';
import {
  INSPECTION_GROUP_LABELS,
  INSPECTION_GROUPS,
  type InspectionGroup,
  PLEDGE_LABELS,
  PLEDGES,
  type Pledge,
} from '@contract/inspections-labels';
import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button, IconButton } from '../../../components/button';
import { FormAlert, Input, Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useTemplate, useTemplateChange } from '../api';
import { INSPECTION_LIMITS } from '../limits';

function ItemRow({ item, up, down }: { item: TemplateItem; up?: () => void; down?: () => void }) {
  const { patch } = useTemplateChange();
  const [label, setLabel] = useState(item.label);
  const run = (body: Parameters<typeof patch.mutate>[0], done: string) =>
    patch.mutate(body, {
      onSuccess: () => toast.success(done),
      onError: (err) => toast.error(errorMessage(err)),
    });
  const togglePledge = (p: Pledge) =>
    run(
      {
        itemId: item.itemId,
        pledges: item.pledges.includes(p) ? item.pledges.filter((x) => x !== p) : [...item.pledges, p],
      },
      'Đã cập nhật cam kết của hạng mục',
    );
  return (
    <li className={item.retired ? 'bg-slate-50 py-2 opacity-70' : 'py-2'}>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          aria-label={`Tên hạng mục: ${item.label}`}
          value={label}
          maxLength={INSPECTION_LIMITS.itemLabel}
          onChange={(e) => setLabel(e.target.value)}
          onBlur={() =>
            label.trim() && label !== item.label && run({ itemId: item.itemId, label }, 'Đã đổi tên hạng mục')
          }
          className="min-w-0 flex-1 basis-64"
        />
        <div className="flex flex-wrap gap-1">
          {PLEDGES.map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={item.pledges.includes(p)}
              onClick={() => togglePledge(p)}
              className={
                item.pledges.includes(p)
                  ? 'min-h-10 rounded-full bg-emerald-700 px-2.5 text-xs font-semibold text-white'
                  : 'min-h-10 rounded-full px-2.5 text-xs text-slate-600 ring-1 ring-slate-300'
              }
            >
              {PLEDGE_LABELS[p]}
            </button>
          ))}
        </div>
        <IconButton label="Lên trên" onClick={up} disabled={!up}>
          <ArrowUp className="size-4" aria-hidden="true" />
        </IconButton>
        <IconButton label="Xuống dưới" onClick={down} disabled={!down}>
          <ArrowDown className="size-4" aria-hidden="true" />
        </IconButton>
        <IconButton
          label={item.retired ? 'Dùng lại hạng mục' : 'Ngừng dùng hạng mục'}
          onClick={() =>
            run(
              { itemId: item.itemId, retired: !item.retired },
              item.retired ? 'Đã dùng lại hạng mục' : 'Đã ngừng dùng hạng mục (báo cáo cũ vẫn giữ)',
            )
          }
        >
          {item.retired ? (
            <ArchiveRestore className="size-4" aria-hidden="true" />
          ) : (
            <Archive className="size-4" aria-hidden="true" />
          )}
        </IconButton>
      </div>
    </li>
  );
}

/** /dashboard/inspection-template: the items of the inspection, by group. */
export default function InspectionTemplatePage() {
  const template = useTemplate();
  const { add, reorder } = useTemplateChange();
  const [group, setGroup] = useState<InspectionGroup>('EXTERIOR');
  const [label, setLabel] = useState('');
  const items = template.data?.items ?? [];
  const active = items.filter((i) => !i.retired).length;

  const move = (list: TemplateItem[], from: number, to: number) => {
    const ids = list.map((i) => i.itemId);
    [ids[from], ids[to]] = [ids[to], ids[from]];
    reorder.mutate(
      { group: list[0].group, itemIds: ids },
      { onError: (err) => toast.error(errorMessage(err)) },
    );
  };

  return (
    <>
      <PageHeader
        title="Mẫu kiểm định"
        description={`${active} hạng mục đang dùng. Đổi tên hay ngừng dùng không làm thay đổi báo cáo đã lưu.`}
      />
      <form
        className="mb-6 flex flex-wrap items-end gap-2 rounded-xl bg-white p-4 ring-1 ring-slate-200"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate(
            { group, label },
            {
              onSuccess: () => {
                setLabel('');
                toast.success('Đã thêm hạng mục');
              },
              onError: (err) => toast.error(errorMessage(err)),
            },
          );
        }}
      >
        <div className="w-full sm:w-60">
          <Select
            aria-label="Nhóm"
            value={group}
            onChange={(e) => setGroup(e.target.value as InspectionGroup)}
          >
            {INSPECTION_GROUPS.map((g) => (
              <option key={g} value={g}>
                {INSPECTION_GROUP_LABELS[g]}
              </option>
            ))}
          </Select>
        </div>
        <Input
          aria-label="Tên hạng mục mới"
          placeholder="Tên hạng mục mới"
          value={label}
          maxLength={INSPECTION_LIMITS.itemLabel}
          onChange={(e) => setLabel(e.target.value)}
          className="min-w-0 flex-1 basis-64"
        />
        <Button type="submit" loading={add.isPending}>
          <Plus className="size-4" aria-hidden="true" />
          Thêm hạng mục
        </Button>
      </form>
      {template.isError ? <FormAlert>{errorMessage(template.error)}</FormAlert> : null}
      {!template.data ? (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      ) : (
        INSPECTION_GROUPS.map((g) => {
          const list = items.filter((i) => i.group === g).sort((a, b) => a.position - b.position);
          return (
            <details
              key={g}
              open={g === 'EXTERIOR'}
              className="mb-3 rounded-xl bg-white ring-1 ring-slate-200"
            >
              <summary className="flex min-h-12 cursor-pointer items-center justify-between px-4 font-semibold">
                {INSPECTION_GROUP_LABELS[g]}
                <span className="text-sm font-normal text-slate-500">
                  {list.filter((i) => !i.retired).length} hạng mục
                </span>
              </summary>
              <ul className="divide-y divide-slate-100 border-t border-slate-100 px-4">
                {list.map((item, i) => (
                  <ItemRow
                    key={`${item.itemId}-${item.label}`}
                    item={item}
                    up={i > 0 ? () => move(list, i, i - 1) : undefined}
                    down={i < list.length - 1 ? () => move(list, i, i + 1) : undefined}
                  />
                ))}
              </ul>
            </details>
          );
        })
      )}
    </>
  );
}
