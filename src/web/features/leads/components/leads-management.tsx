import { formatDate, formatPrice } from '@contract/format';
import { LEAD_TYPE_STATUSES, type LeadType, type LeadView, leadStatusLabel } from '@contract/leads';
import { AlertTriangle, Eye, FilterX, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import type { Column } from '../../../components/data-table';
import { DateInput } from '../../../components/date-input';
import { EmptyState } from '../../../components/empty-state';
import { ExportButtons } from '../../../components/export-buttons';
import { FilterSelect } from '../../../components/filter-select';
import { ListPage } from '../../../components/list-page';
import { actionsColumn } from '../../../components/row-actions';
import { cx } from '../../../lib/cx';
import { enumOptions } from '../../../lib/enum-options';
import { useListParams } from '../../../lib/use-list-params';
import { type LeadListParams, useLeads } from '../api';
import { useLiveLeads } from '../use-live-leads';
import { ByHandDialog } from './by-hand-dialog';
import { LeadDrawer } from './lead-drawer';
import { FollowUpBadge, liveWait, useNow, useOpeningWindow, WaitBadge } from './lead-speed';
import { DueBadge, LeadStatusBadge } from './lead-status';

const ATTENTION = ['late', 'follow-up'] as const;
const ATTENTION_LABELS: Record<(typeof ATTENTION)[number], string> = {
  late: 'Chờ quá hạn phản hồi',
  'follow-up': 'Quá hạn gọi lại',
};

/** The export of each list: GET /api/exports/leads/{path}.xlsx|csv. */
const EXPORT_PATHS: Record<LeadType, string> = {
  TEST_DRIVE: 'testdrive',
  MAINTENANCE: 'maintenance',
  CONSULTING: 'consulting',
  PURCHASE: 'purchase',
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
  if (type === 'PURCHASE') {
    const p = l.purchase;
    return (
      <div className="md:min-w-44">
        <p className="font-medium text-slate-800">{[l.make, l.model, l.year].filter(Boolean).join(' ')}</p>
        <p className="text-xs text-slate-500">
          {p?.offer
            ? `Đã báo ${formatPrice(p.offer.amount)}${p.offer.expired ? ' (hết hạn)' : ''}`
            : p?.valuation
              ? `Ước tính ${formatPrice(p.valuation.estimate)}`
              : 'Chưa định giá'}
          {l.carLabel ? ` · đổi lấy ${l.carLabel}` : ''}
        </p>
      </div>
    );
  }
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
 * A date bound of the filters, its label floating on the field's top edge (above the positioned field).
 * Two share a row on a phone: a smaller text there keeps the whole dd/mm/yyyy beside the calendar button.
 */
function DateFilter({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <label
        htmlFor={id}
        className="pointer-events-none absolute -top-2 left-2.5 z-10 bg-white px-1 text-[11px] text-slate-500"
      >
        {label}
      </label>
      <DateInput
        id={id}
        className="pl-2 max-sm:text-sm"
        value={value}
        min={min}
        max={max}
        onChange={onChange}
      />
    </div>
  );
}

/** Under the customer's name: the live wait of a new lead and the follow-up, when there are. */
function SpeedBadges({ lead, wait, now }: { lead: LeadView; wait: ReturnType<typeof liveWait>; now: Date }) {
  if (!wait && !lead.followUpAt) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      <WaitBadge wait={wait} />
      <FollowUpBadge lead={lead} now={now} />
    </div>
  );
}

/**
 * A lead management page (MANAGE_SERVICE): paged table (page 1, size 5), search, status and date
 * filters, overdue-only switch, all kept in the address; `?id=` opens the lead's drawer, which is how
 * a notification links to it.
 */
export function LeadsManagement({ type, text }: { type: LeadType; text: LeadsPageText }) {
  const list = useListParams({ table: `leads-${type}` });
  const { params, setParams, page, search, choice, update } = list;
  const q: LeadListParams = {
    page,
    size: list.size,
    search,
    status: choice('status', LEAD_TYPE_STATUSES[type]) ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    overdue: params.get('overdue') === 'true',
    attention: choice('attention', ATTENTION) ?? '',
  };
  const idParam = Number(params.get('id'));
  const openId = Number.isInteger(idParam) && idParam > 0 ? idParam : null;
  const query = useLeads(type, q);
  const fresh = useLiveLeads(type);
  const now = useNow();
  const opening = useOpeningWindow();
  const { data } = query;
  const ids = useId();
  const filtered = Boolean(q.search || q.status || q.from || q.to || q.overdue || q.attention);

  const [byHand, setByHand] = useState(false);
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
          {/* A name with no spaces wraps anywhere rather than pushing "Xem" out of the table. */}
          <div className="max-w-64 min-w-0 [overflow-wrap:anywhere]">
            <p className="font-medium text-slate-900">{l.fullName}</p>
            <p className="text-xs text-slate-500">
              <span className="font-mono text-brand-700">{l.reference}</span> · {l.phone}
            </p>
            <SpeedBadges lead={l} wait={liveWait(l, now, opening)} now={now} />
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
    { key: 'status', header: 'Trạng thái', cell: (l) => <LeadStatusBadge status={l.status} type={type} /> },
    {
      key: 'assignee',
      header: 'Phụ trách',
      cell: (l) =>
        l.assignee ? (
          <span className="whitespace-nowrap">{l.assignee.fullName}</span>
        ) : (
          <span className="text-slate-500">Chưa giao</span>
        ),
    },
    actionsColumn((l) => (
      <Button
        variant="ghost"
        className="px-3 text-brand-700 hover:bg-brand-50"
        aria-label={`Xem yêu cầu ${l.reference} của ${l.fullName}`}
        onClick={() => openLead(l.leadId)}
      >
        <Eye className="size-4" aria-hidden="true" />
        Xem
      </Button>
    )),
  ];

  return (
    <ListPage
      title={text.title}
      description={
        data
          ? `${data.totalElements} yêu cầu${filtered ? ' phù hợp' : ''} · ${text.description}`
          : text.description
      }
      actions={
        <>
          {type === 'CONSULTING' ? (
            <Button onClick={() => setByHand(true)}>
              <Plus className="size-4" aria-hidden="true" /> Thêm yêu cầu
            </Button>
          ) : null}
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
        </>
      }
      filtersClassName="grid grid-cols-2 gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-4 xl:grid-cols-[minmax(0,1fr)_12rem_12rem_10.5rem_10.5rem_auto]"
      search={{
        placeholder: text.searchPlaceholder,
        label: 'Tìm yêu cầu',
        className: 'col-span-2 xl:col-span-1',
      }}
      filters={
        <>
          <FilterSelect
            className="col-span-2 xl:col-span-1"
            label="Lọc theo trạng thái"
            value={q.status}
            onChange={(v) => update({ status: v })}
            all="Tất cả trạng thái"
            options={LEAD_TYPE_STATUSES[type].map((v) => ({ value: v, label: leadStatusLabel(v, type) }))}
          />
          <FilterSelect
            className="col-span-2 xl:col-span-1"
            label="Lọc yêu cầu cần chú ý"
            value={q.attention}
            onChange={(v) => update({ attention: v })}
            all="Tất cả yêu cầu"
            options={enumOptions(ATTENTION, ATTENTION_LABELS)}
          />
          <DateFilter
            id={`${ids}-from`}
            label={`${text.dateLabel} từ`}
            value={q.from}
            max={q.to || undefined}
            onChange={(v) => update({ from: v })}
          />
          <DateFilter
            id={`${ids}-to`}
            label={`${text.dateLabel} đến`}
            value={q.to}
            min={q.from || undefined}
            onChange={(v) => update({ to: v })}
          />
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
                onClick={() =>
                  update({ search: null, status: null, from: null, to: null, overdue: null, attention: null })
                }
              >
                <FilterX className="size-4" aria-hidden="true" />
                Xóa lọc
              </Button>
            ) : null}
          </div>
        </>
      }
      query={query}
      caption={text.title}
      columns={columns}
      rowKey={(l) => l.leadId}
      rowHighlighted={(l) => fresh.has(l.leadId)}
      rowDanger={(l) => liveWait(l, now, opening)?.late ?? false}
      empty={
        <EmptyState
          title={filtered ? 'Không có yêu cầu phù hợp' : 'Chưa có yêu cầu nào'}
          description={filtered ? 'Thử đổi từ khóa hoặc bộ lọc.' : 'Yêu cầu mới từ website sẽ hiện ở đây.'}
        />
      }
      list={list}
      pageSizeId={`${ids}-page-size`}
    >
      <LeadDrawer type={type} id={openId} onClose={() => openLead(null)} />
      {type === 'CONSULTING' ? (
        <ByHandDialog open={byHand} onClose={() => setByHand(false)} onCreated={(id) => openLead(id)} />
      ) : null}
    </ListPage>
  );
}
