import { formatDate } from '@contract/format';
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  type LeadType,
  type LeadView,
} from '@contract/leads';
import { AlertTriangle, Eye, FilterX } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/button';
import { type Column, DataTable } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { Input, Select } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { Pagination } from '../../../components/pagination';
import { SearchBox } from '../../../components/search-box';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { ExportButtons } from '../../dashboard/components/export-buttons';
import { type LeadListParams, useLeads } from '../api';
import { LeadDrawer } from './lead-drawer';
import { DueBadge, LeadStatusBadge } from './lead-status';

const PAGE_SIZE = 5;
/** The export of each list: GET /api/exports/leads/{path}.xlsx|csv. */
const EXPORT_PATHS: Record<LeadType, string> = {
  TEST_DRIVE: 'testdrive',
  MAINTENANCE: 'maintenance',
  CONSULTING: 'consulting',
};

export interface LeadsPageText {
  title: string;
  description: string;
  subjectHeader: string;
  searchPlaceholder: string;
  /** For consulting: the date filters and column are the day of submission. */
  dateLabel: string;
}

function subject(type: LeadType, l: LeadView) {
  if (type === 'MAINTENANCE')
    return (
      <div className="md:min-w-44">
        <p className="font-medium text-slate-800">{[l.make, l.model, l.year].filter(Boolean).join(' ')}</p>
        <p className="text-xs text-slate-500">
          <span className="font-mono">{l.licencePlate}</span> · {l.serviceTypeLabel}
        </p>
      </div>
    );
  if (type === 'CONSULTING')
    return (
      <div className="md:min-w-44">
        <p className="font-medium text-slate-800">{l.topicLabel}</p>
        {l.carLabel ? <p className="text-xs text-slate-500">{l.carLabel}</p> : null}
      </div>
    );
  return <p className="font-medium text-slate-800 md:min-w-44">{l.carLabel ?? '—'}</p>;
}

/**
 * A lead management page (MANAGE_SERVICE): paged table (page 1, size 5), search, status and date
 * filters, overdue-only switch, all kept in the address; `?id=` opens the lead's drawer, which is how
 * a notification links to it.
 */
export function LeadsManagement({ type, text }: { type: LeadType; text: LeadsPageText }) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const statusParam = params.get('status') ?? '';
  const status = (LEAD_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as LeadStatus)
    : '';
  const q: LeadListParams = {
    page,
    size: PAGE_SIZE,
    search: params.get('search') ?? '',
    status,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    overdue: params.get('overdue') === 'true',
  };
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const { data, isPending, isError, error, isPlaceholderData } = useLeads(type, q);
  const ids = useId();
  const filtered = Boolean(q.search || q.status || q.from || q.to || q.overdue);

  const update = (next: Record<string, string | null>, replace = true) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) p.set(k, v);
      else p.delete(k);
    }
    if (!('page' in next)) p.delete('page');
    setParams(p, { replace });
  };
  const openLead = (id: number | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('id', String(id));
    else p.delete('id');
    setParams(p, { replace: id === null });
  };

  const columns: Column<LeadView>[] = [
    {
      key: 'customer',
      header: 'Khách hàng',
      mobile: 'title',
      cell: (l) => (
        <div className="flex min-w-40 items-start gap-2">
          {l.overdue ? (
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Quá hạn" />
          ) : null}
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{l.fullName}</p>
            <p className="text-xs text-slate-500">
              <span className="font-mono text-brand-700">{l.reference}</span> · {l.phone}
            </p>
          </div>
        </div>
      ),
    },
    { key: 'subject', header: text.subjectHeader, cell: (l) => subject(type, l) },
    {
      key: 'date',
      header: text.dateLabel,
      cell: (l) =>
        l.preferredDateText ? (
          <div className="flex flex-col items-end gap-1 md:items-start">
            <span className={cx('whitespace-nowrap', l.overdue && 'font-medium text-red-700')}>
              {l.preferredDateText}
              {l.timeSlot ? ` · ${l.timeSlot}` : ''}
            </span>
            <DueBadge lead={l} />
          </div>
        ) : (
          <span className="whitespace-nowrap">{formatDate(l.createdAt)}</span>
        ),
    },
    { key: 'status', header: 'Trạng thái', cell: (l) => <LeadStatusBadge status={l.status} /> },
    {
      key: 'assignee',
      header: 'Phụ trách',
      cell: (l) =>
        l.assignee ? (
          <span className="whitespace-nowrap">{l.assignee.fullName}</span>
        ) : (
          <span className="text-slate-400">Chưa giao</span>
        ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Thao tác</span>,
      mobile: 'actions',
      className: 'w-px text-right',
      cell: (l) => (
        <Button
          variant="ghost"
          className="px-3 text-brand-700 hover:bg-brand-50"
          aria-label={`Xem yêu cầu ${l.reference} của ${l.fullName}`}
          onClick={() => openLead(l.leadId)}
        >
          <Eye className="size-4" aria-hidden="true" />
          Xem
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={text.title}
        description={
          data
            ? `${data.totalElements} yêu cầu${filtered ? ' phù hợp' : ''} · ${text.description}`
            : text.description
        }
        actions={
          <ExportButtons
            path={`leads/${EXPORT_PATHS[type]}`}
            query={{
              search: q.search,
              status: q.status,
              from: q.from,
              to: q.to,
              overdue: q.overdue ? 'true' : undefined,
            }}
          />
        }
      />
      <div className="mb-4 grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 xl:grid-cols-[minmax(0,1fr)_12rem_10.5rem_10.5rem_auto]">
        <SearchBox
          value={q.search}
          onChange={(v) => update({ search: v })}
          placeholder={text.searchPlaceholder}
          label="Tìm yêu cầu"
          className="col-span-2 xl:col-span-1"
        />
        <Select
          className="col-span-2 xl:col-span-1"
          aria-label="Lọc theo trạng thái"
          value={q.status}
          onChange={(e) => update({ status: e.target.value })}
        >
          <option value="">Tất cả trạng thái</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <div className="relative">
          <label
            htmlFor={`${ids}-from`}
            className="pointer-events-none absolute -top-2 left-2.5 bg-white px-1 text-[11px] text-slate-500"
          >
            {text.dateLabel} từ
          </label>
          <Input
            id={`${ids}-from`}
            type="date"
            className="px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
            value={q.from}
            max={q.to || undefined}
            onChange={(e) => update({ from: e.target.value })}
          />
        </div>
        <div className="relative">
          <label
            htmlFor={`${ids}-to`}
            className="pointer-events-none absolute -top-2 left-2.5 bg-white px-1 text-[11px] text-slate-500"
          >
            {text.dateLabel} đến
          </label>
          <Input
            id={`${ids}-to`}
            type="date"
            className="px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden"
            value={q.to}
            min={q.from || undefined}
            onChange={(e) => update({ to: e.target.value })}
          />
        </div>
        <div className="col-span-2 flex items-center gap-1 xl:col-span-1">
          {type !== 'CONSULTING' ? (
            <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-50">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                checked={q.overdue}
                onChange={(e) => update({ overdue: e.target.checked ? 'true' : null })}
              />
              Chỉ quá hạn
            </label>
          ) : null}
          {filtered ? (
            <Button
              variant="ghost"
              className="ml-auto px-3"
              onClick={() => update({ search: null, status: null, from: null, to: null, overdue: null })}
            >
              <FilterX className="size-4" aria-hidden="true" />
              Xóa lọc
            </Button>
          ) : null}
        </div>
      </div>
      {isError ? (
        <div
          className="rounded-xl bg-white p-6 text-center text-red-600 shadow-sm ring-1 ring-slate-200"
          role="alert"
        >
          {errorMessage(error)}
        </div>
      ) : (
        <DataTable
          caption={text.title}
          columns={columns}
          rows={data?.content}
          rowKey={(l) => l.leadId}
          loading={isPending}
          className={isPlaceholderData ? 'opacity-70' : undefined}
          empty={
            <EmptyState
              title={filtered ? 'Không có yêu cầu phù hợp' : 'Chưa có yêu cầu nào'}
              description={
                filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : 'Yêu cầu mới từ website sẽ hiện ở đây.'
              }
            />
          }
        />
      )}
      <Pagination
        className="mt-4"
        page={page}
        totalPages={data?.totalPages ?? 0}
        onChange={(p) => update({ page: p > 1 ? String(p) : null }, false)}
      />
      <LeadDrawer type={type} id={openId} onClose={() => openLead(null)} />
    </>
  );
}
