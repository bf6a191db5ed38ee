import { formatDateTime, formatKm } from '@contract/format';
import {
  type LeadDetail,
  type LeadStatus,
  type LeadType,
  leadStatusLabel,
  UNKNOWN_SOURCE_LABEL,
} from '@contract/leads';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../../lib/cx';
import { ResponseText } from './lead-speed';
import { DueBadge } from './lead-status';

const CHAIN: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];
const PURCHASE_CHAIN: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED', 'BOUGHT'];

/**
 * Mới → Đã liên hệ → Đã hẹn → Hoàn thành (a buy-in: … → Hẹn kiểm tra → Đã báo giá → Đã mua), with the
 * current step marked (or the cancelled / not bought state).
 */
export function Workflow({ status, type }: { status: LeadStatus; type?: LeadType }) {
  const chain = type === 'PURCHASE' ? PURCHASE_CHAIN : CHAIN;
  const at = chain.indexOf(status);
  const done = status === 'DONE' || status === 'BOUGHT';
  return (
    <ol
      className={cx('grid text-center text-xs', chain.length === 5 ? 'grid-cols-5' : 'grid-cols-4')}
      aria-label="Tiến trình xử lý"
    >
      {chain.map((s, i) => {
        const reached = status !== 'CANCELLED' && status !== 'DECLINED' && i <= at;
        return (
          <li
            key={s}
            className="relative flex flex-col items-center gap-1"
            aria-current={i === at ? 'step' : undefined}
          >
            {i > 0 ? (
              <span
                className={cx(
                  'absolute top-3 right-1/2 h-0.5 w-full',
                  reached ? 'bg-brand-600' : 'bg-slate-200',
                )}
                aria-hidden="true"
              />
            ) : null}
            <span
              className={cx(
                'relative z-10 flex size-6 items-center justify-center rounded-full text-[11px] font-semibold',
                reached ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-500',
              )}
              aria-hidden="true"
            >
              {reached && (i < at || done) ? <Check className="size-3.5" /> : i + 1}
            </span>
            <span className={cx('px-0.5', i === at ? 'font-semibold text-slate-900' : 'text-slate-500')}>
              {leadStatusLabel(s, type)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function Row({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function Details({ lead }: { lead: LeadDetail }) {
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Loại yêu cầu">{lead.typeLabel}</Row>
      <Row label="Ngày gửi">{formatDateTime(lead.createdAt)}</Row>
      {lead.status === 'NEW' || lead.firstResponseAt ? (
        <Row label="Phản hồi">
          <ResponseText lead={lead} />
        </Row>
      ) : null}
      <Row label="Nguồn khách hàng">{lead.source?.label ?? UNKNOWN_SOURCE_LABEL}</Row>
      {lead.type === 'CONSULTING' ? <Row label="Nội dung">{lead.topicLabel}</Row> : null}
      <Row label={lead.type === 'PURCHASE' ? 'Muốn đổi lấy xe' : 'Xe'}>{lead.carLabel}</Row>
      {lead.type === 'MAINTENANCE' ? (
        <>
          <Row label="Biển số">{lead.licencePlate}</Row>
          <Row label="Xe của khách">{[lead.make, lead.model, lead.year].filter(Boolean).join(' ')}</Row>
          <Row label="Số km">{lead.odometer !== null ? formatKm(lead.odometer) : null}</Row>
          <Row label="Dịch vụ">{lead.serviceTypeLabel}</Row>
        </>
      ) : null}
      {lead.preferredDateText ? (
        <Row label={lead.type === 'PURCHASE' ? 'Ngày hẹn kiểm tra' : 'Ngày hẹn'}>
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">
              {lead.preferredDateText}
              {lead.timeSlot ? ` lúc ${lead.timeSlot}` : ''}
            </span>
            <DueBadge lead={lead} />
          </span>
        </Row>
      ) : null}
      <Row label={lead.type === 'CONSULTING' ? 'Lời nhắn' : 'Ghi chú của khách'}>
        {lead.message ? <span className="whitespace-pre-line">{lead.message}</span> : null}
      </Row>
    </dl>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
