import { AUDIT_PAGE_SIZE, type AuditChange, type AuditEntryView } from '@contract/audit';
import { formatDateTime, formatThousands } from '@contract/format';
import { ArrowRight, History } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge, type BadgeTone } from '../../../components/badge';
import { Button } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { DateInput } from '../../../components/date-input';
import { EmptyState } from '../../../components/empty-state';
import { FilterSelect } from '../../../components/filter-select';
import { ListPages } from '../../../components/list-page';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useListParams } from '../../../lib/use-list-params';
import { type AuditFilters, useAuditLog, useAuditOptions } from '../api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const SHOWN_CHANGES = 4;

const TONES: Record<string, BadgeTone> = {
  create: 'success',
  delete: 'danger',
  deactivate: 'danger',
  cancel: 'danger',
  update: 'info',
  'set-status': 'warning',
  'set-permissions': 'warning',
  export: 'brand',
};

/** A stored value as a person reads it. */
function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  if (typeof value === 'number') return formatThousands(value) || '0';
  if (typeof value === 'string') return ISO_MOMENT.test(value) ? formatDateTime(value) || value : value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null))
    return value.map(show).join(', ');
  return JSON.stringify(value);
}

function ChangeLine({ change }: { change: AuditChange }) {
  const before = show(change.before);
  const after = show(change.after);
  return (
    <li className="flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-sm">
      {change.label ? <span className="font-medium text-slate-700">{change.label}:</span> : null}
      {change.before !== null ? (
        <span className="max-w-full truncate text-slate-500 line-through decoration-slate-300" title={before}>
          {before}
        </span>
      ) : null}
      {change.before !== null && change.after !== null ? (
        <ArrowRight className="size-3.5 shrink-0 self-center text-slate-400" aria-label="thành" />
      ) : null}
      {change.after !== null ? (
        <span className="max-w-full truncate text-slate-900" title={after}>
          {after}
        </span>
      ) : null}
    </li>
  );
}

function Changes({ entry }: { entry: AuditEntryView }) {
  const [all, setAll] = useState(false);
  if (entry.changes.length === 0) return <span className="text-sm text-slate-400">—</span>;
  const shown = all ? entry.changes : entry.changes.slice(0, SHOWN_CHANGES);
  return (
    <div className="min-w-0 max-w-xl">
      <ul className="space-y-0.5">
        {shown.map((c) => (
          <ChangeLine key={c.field || 'value'} change={c} />
        ))}
      </ul>
      {entry.changes.length > SHOWN_CHANGES ? (
        <button
          type="button"
          className="mt-1 min-h-8 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setAll((v) => !v)}
        >
          {all ? 'Thu gọn' : `Xem thêm ${entry.changes.length - SHOWN_CHANGES} thay đổi`}
        </button>
      ) : null}
    </div>
  );
}

/** /dashboard/audit (WEB_CONFIG): the audit log, newest first, with filters and paging. */
export default function AuditPage() {
  // The page size is chosen like other dashboard tables' (10, 20, 50), remembered for this one.
  const list = useListParams({ table: 'audit', defaultSize: AUDIT_PAGE_SIZE });
  const { params, update } = list;
  const ids = useId();
  const f: AuditFilters = {
    page: list.page,
    size: list.size,
    userId: /^\d+$/.test(params.get('userId') ?? '') ? params.get('userId')! : '',
    entity: params.get('entity') ?? '',
    action: params.get('action') ?? '',
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
  const { data, isPending, isError, error } = useAuditLog(f);
  const options = useAuditOptions();
  const filtered = Boolean(f.userId || f.entity || f.action || f.from || f.to);

  const columns: Column<AuditEntryView>[] = [
    {
      key: 'time',
      header: 'Thời gian',
      mobile: 'title',
      className: 'whitespace-nowrap tabular-nums',
      cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
    },
    {
      key: 'who',
      header: 'Người thực hiện',
      cell: (e) =>
        e.username ? (
          <span className="block min-w-0">
            <span className="block font-medium text-slate-900">{e.fullName ?? e.username}</span>
            <span className="block text-xs text-slate-500">@{e.username}</span>
          </span>
        ) : (
          <span className="text-slate-500">Khách / hệ thống</span>
        ),
    },
    {
      key: 'action',
      header: 'Thao tác',
      cell: (e) => <Badge tone={TONES[e.action] ?? 'neutral'}>{e.actionLabel}</Badge>,
    },
    {
      key: 'object',
      header: 'Đối tượng',
      cell: (e) => (
        <span className="block min-w-0 max-w-56">
          <span className="block whitespace-nowrap">
            {e.entityLabel}
            {e.entityId && (!e.entityName || /^\d+$/.test(e.entityId)) ? (
              <span className="text-slate-500"> #{e.entityId}</span>
            ) : null}
          </span>
          {e.entityName ? (
            <span className="block truncate text-xs text-slate-500" title={e.entityName}>
              {e.entityName}
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'changes', header: 'Thay đổi', cell: (e) => <Changes entry={e} /> },
  ];

  return (
    <>
      <PageHeader
        title="Nhật ký hoạt động"
        description={
          data
            ? `${formatThousands(data.totalElements) || '0'} thao tác${filtered ? ' phù hợp' : ''} · ai làm gì, khi nào`
            : 'Ai làm gì, khi nào, trên đối tượng nào'
        }
      />
      <div className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-3 xl:grid-cols-[repeat(3,minmax(0,1fr))_11rem_11rem_auto]">
        <FilterSelect
          label="Lọc theo nhân viên"
          className="col-span-2 sm:col-span-1"
          value={f.userId}
          onChange={(v) => update({ userId: v })}
          all="Mọi nhân viên"
          options={options.data?.users.map((u) => ({
            value: u.userId,
            label: u.fullName ? `${u.fullName} (@${u.username})` : `@${u.username}`,
          }))}
        />
        <FilterSelect
          label="Lọc theo đối tượng"
          value={f.entity}
          onChange={(v) => update({ entity: v })}
          all="Mọi đối tượng"
          options={options.data?.entities}
        />
        <FilterSelect
          label="Lọc theo thao tác"
          value={f.action}
          onChange={(v) => update({ action: v })}
          all="Mọi thao tác"
          options={options.data?.actions}
        />
        <div className="min-w-0">
          <label htmlFor={`${ids}-from`} className="mb-1 block text-xs font-medium text-slate-500">
            Từ ngày
          </label>
          <DateInput
            id={`${ids}-from`}
            title="Từ ngày"
            value={f.from}
            max={f.to || undefined}
            onChange={(v) => update({ from: v })}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${ids}-to`} className="mb-1 block text-xs font-medium text-slate-500">
            Đến ngày
          </label>
          <DateInput
            id={`${ids}-to`}
            title="Đến ngày"
            value={f.to}
            min={f.from || undefined}
            onChange={(v) => update({ to: v })}
          />
        </div>
        <Button
          className="col-span-2 sm:col-span-1"
          variant="ghost"
          disabled={!filtered}
          onClick={() => update({ userId: null, entity: null, action: null, from: null, to: null })}
        >
          Xóa lọc
        </Button>
      </div>
      {isError ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700"
        >
          {errorMessage(error)}
        </p>
      ) : null}
      <DataTable
        caption="Nhật ký hoạt động"
        columns={columns}
        rows={data?.content}
        rowKey={(e) => e.auditId}
        loading={isPending}
        empty={
          <EmptyState
            icon={<History className="size-6" aria-hidden="true" />}
            title={filtered ? 'Không có thao tác nào phù hợp' : 'Chưa có thao tác nào'}
            description={filtered ? 'Hãy bỏ bớt điều kiện lọc.' : undefined}
          />
        }
      />
      <ListPages list={list} totalPages={data?.totalPages ?? 0} pageSizeId={`${ids}-page-size`} />
    </>
  );
}
