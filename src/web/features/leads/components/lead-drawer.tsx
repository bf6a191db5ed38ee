import { formatDateTime, formatDay } from '@contract/format';
import {
  LEAD_TYPE_LABELS,
  type LeadDetail,
  type LeadStatus,
  type LeadType,
  leadMoveAction,
  leadNoteBody,
  leadStatusBody,
  leadStatusLabel,
} from '@contract/leads';
import { maxLengths } from '@contract/limits';
import { hasPermission } from '@contract/permissions';
import { ArrowRight, Mail, Phone } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/button';
import { CountedTextarea } from '../../../components/char-count';
import { CloseButton } from '../../../components/close-button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { FormField, Input, Select } from '../../../components/form-field';
import { Skeleton, SkeletonText } from '../../../components/skeleton';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useMyInfo } from '../../../lib/session';
import { useModal } from '../../../lib/use-modal';
import { CustomerQuickActions } from '../../customers/public';
import { useAssignees, useLead, useLeadActions } from '../api';
import { Details, Section, Workflow } from './lead-details';
import { FollowUpSection, TranscriptSection } from './lead-follow-up';
import { LeadStatusBadge } from './lead-status';
import { PurchaseSection } from './purchase-section';

const STATUS_LIMITS = maxLengths(leadStatusBody);
const NOTE_LIMITS = maxLengths(leadNoteBody);

function LeadBody({ type, lead }: { type: LeadType; lead: LeadDetail }) {
  const { status, assign, note } = useLeadActions(type, lead.leadId);
  const { data: me } = useMyInfo();
  const assignees = useAssignees();
  const [statusNote, setStatusNote] = useState('');
  const [noteText, setNoteText] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [cancelling, setCancelling] = useState(false);
  const ids = useId();

  const fail = (err: unknown) => toast.error(errorMessage(err));

  function move(to: LeadStatus) {
    status.mutate(
      { status: to, note: statusNote.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(`Đã chuyển sang "${leadStatusLabel(to, type)}"`);
          setStatusNote('');
          setCancelling(false);
        },
        onError: (err) => {
          setCancelling(false);
          fail(err);
        },
      },
    );
  }

  function addNote() {
    const parsed = leadNoteBody.safeParse({ note: noteText });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    note.mutate(parsed.data.note, {
      onSuccess: () => {
        setNoteText('');
        toast.success('Đã thêm ghi chú');
      },
      onError: fail,
    });
  }

  function assignTo(value: string) {
    const assigneeId = value ? Number(value) : null;
    assign.mutate(assigneeId, {
      onSuccess: (d) => toast.success(d.assignee ? `Đã giao cho ${d.assignee.fullName}` : 'Đã bỏ giao việc'),
      onError: fail,
    });
  }

  // An offer and a purchase have their own forms (purchase-section.tsx).
  const forward = lead.nextStatuses.filter((s) => s !== 'CANCELLED' && !leadMoveAction(type, s));
  const canCancel = lead.nextStatuses.includes('CANCELLED');
  const staff = assignees.data ?? [];
  const mine = me && lead.assignee?.userId === me.userId;

  return (
    <div className="space-y-5 px-4 pb-6 sm:px-6">
      <div className="flex flex-wrap gap-2">
        <a href={`tel:${lead.phone}`} className={buttonClass('secondary', 'flex-1 sm:flex-none')}>
          <Phone className="size-4" aria-hidden="true" />
          {lead.phone}
        </a>
        {lead.email ? (
          <a
            href={`mailto:${lead.email}`}
            className={buttonClass('secondary', 'min-w-0 flex-1 sm:flex-none')}
          >
            <Mail className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{lead.email}</span>
          </a>
        ) : null}
        {/* A buyer ready to buy: the deal starts in one click with their contact (and the car they asked about). */}
        {me && hasPermission(me, 'MANAGE_CAR') && type !== 'PURCHASE' ? (
          <Link
            to={`/dashboard/deals/new?${new URLSearchParams({
              fullName: lead.fullName,
              phone: lead.phone,
              email: lead.email ?? '',
              leadId: String(lead.leadId),
              ...(lead.carId ? { carId: String(lead.carId) } : {}),
            })}`}
            className={buttonClass('secondary', 'flex-1 sm:flex-none')}
          >
            Lập giao dịch
          </Link>
        ) : null}
      </div>

      <CustomerQuickActions phone={lead.phone} leadId={lead.leadId} />
      <Details lead={lead} />
      <TranscriptSection transcript={lead.transcript} />
      {lead.purchase ? <PurchaseSection lead={lead} purchase={lead.purchase} /> : null}

      <Section title="Trạng thái">
        <Workflow status={lead.status} type={type} />
        {lead.status === 'CANCELLED' ? (
          <p className="text-sm text-slate-500">Yêu cầu đã bị hủy.</p>
        ) : lead.status === 'DONE' ? (
          <p className="text-sm text-emerald-700">Yêu cầu đã hoàn thành.</p>
        ) : null}
        {lead.nextStatuses.length > 0 ? (
          <>
            <FormField label="Ghi chú khi đổi trạng thái" htmlFor={`${ids}-sn`} hint="Không bắt buộc">
              <Input
                id={`${ids}-sn`}
                value={statusNote}
                maxLength={STATUS_LIMITS.note}
                onChange={(e) => setStatusNote(e.target.value)}
                placeholder="Ví dụ: khách hẹn lại sáng thứ Bảy"
              />
            </FormField>
            <fieldset className="flex flex-wrap gap-2" aria-label="Chuyển trạng thái">
              {forward.map((s, i) => (
                <Button
                  key={s}
                  variant={i === 0 && s !== 'DECLINED' ? 'primary' : 'secondary'}
                  aria-label={`Chuyển sang ${leadStatusLabel(s, type)}`}
                  loading={status.isPending && status.variables?.status === s}
                  disabled={status.isPending}
                  onClick={() => move(s)}
                >
                  {leadStatusLabel(s, type)}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Button>
              ))}
              {canCancel ? (
                <Button
                  variant="ghost"
                  className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  disabled={status.isPending}
                  onClick={() => setCancelling(true)}
                >
                  Hủy yêu cầu
                </Button>
              ) : null}
            </fieldset>
          </>
        ) : null}
      </Section>

      <Section title="Phân công">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <FormField label="Nhân viên phụ trách" htmlFor={`${ids}-as`} className="flex-1">
            <Select
              id={`${ids}-as`}
              value={lead.assignee ? String(lead.assignee.userId) : ''}
              disabled={assign.isPending || assignees.isPending}
              onChange={(e) => assignTo(e.target.value)}
            >
              <option value="">Chưa giao</option>
              {lead.assignee && !staff.some((s) => s.userId === lead.assignee?.userId) ? (
                <option value={lead.assignee.userId}>{lead.assignee.fullName}</option>
              ) : null}
              {staff.map((s) => (
                <option key={s.userId} value={s.userId}>
                  {s.fullName}
                  {s.userId === me?.userId ? ' (tôi)' : ''}
                </option>
              ))}
            </Select>
          </FormField>
          {me && !mine && staff.some((s) => s.userId === me.userId) ? (
            <Button
              variant="secondary"
              loading={assign.isPending}
              onClick={() => assignTo(String(me.userId))}
            >
              Nhận xử lý
            </Button>
          ) : null}
        </div>
      </Section>

      <FollowUpSection key={`${lead.leadId}-${lead.followUpAt}`} type={type} lead={lead} />

      <Section title="Ghi chú nội bộ">
        <FormField label="Ghi chú mới" htmlFor={`${ids}-nt`} error={noteError}>
          <CountedTextarea
            id={`${ids}-nt`}
            rows={2}
            maxLength={NOTE_LIMITS.note}
            value={noteText}
            onChange={(e) => setNoteText(e.target.value)}
            placeholder="Chỉ nhân viên nhìn thấy"
          />
        </FormField>
        <Button variant="secondary" loading={note.isPending} onClick={addNote}>
          Thêm ghi chú
        </Button>
      </Section>

      <Section title="Lịch sử xử lý">
        <ol className="relative space-y-4 border-l border-slate-200 pl-4" aria-label="Lịch sử xử lý">
          {lead.events.map((e) => (
            <li key={e.eventId} className="relative">
              <span
                className={cx(
                  'absolute top-1.5 -left-[1.3rem] size-2.5 rounded-full ring-4 ring-white',
                  e.kind === 'NOTE' ? 'bg-amber-500' : e.kind === 'STATUS' ? 'bg-brand-600' : 'bg-slate-400',
                )}
                aria-hidden="true"
              />
              <p className="text-sm text-slate-800">{e.text}</p>
              {e.note ? (
                <p
                  className={cx(
                    'mt-1 rounded-lg px-3 py-2 text-sm whitespace-pre-line text-slate-800',
                    e.kind === 'NOTE' ? 'bg-amber-50' : 'bg-slate-50',
                  )}
                >
                  {e.note}
                </p>
              ) : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {e.by ? e.by.fullName : 'Khách hàng'} · {formatDateTime(e.createdAt)}
              </p>
            </li>
          ))}
        </ol>
      </Section>

      <ConfirmDialog
        open={cancelling}
        title="Hủy yêu cầu này?"
        message={`Yêu cầu ${lead.reference} của ${lead.fullName} sẽ chuyển sang "Đã hủy" và không thể mở lại.`}
        confirmLabel="Hủy yêu cầu"
        cancelLabel="Quay lại"
        loading={status.isPending}
        onConfirm={() => move('CANCELLED')}
        onCancel={() => setCancelling(false)}
      />
    </div>
  );
}

/**
 * The detail drawer of one lead (a modal panel from the right; full width on phones): contact, the
 * request, the status workflow, assignment, internal notes and the history with who and when.
 */
export function LeadDrawer({
  type,
  id,
  onClose,
}: {
  type: LeadType;
  id: number | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const lead = useLead(type, id);
  const open = id !== null;
  const ref = useModal(open);

  const data = lead.data && lead.data.leadId === id ? lead.data : undefined;
  const notFound = lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={(e) => {
        // React passes a nested dialog's close (the cancel confirmation) up the tree: only ours counts.
        if (e.target === e.currentTarget) onClose();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-full overflow-y-auto overscroll-contain bg-white p-0 shadow-2xl backdrop:bg-slate-900/40 motion-safe:animate-slide-in-right sm:max-w-xl"
    >
      {open ? (
        <div className="flex min-h-full flex-col">
          <header className="sticky top-0 z-20 flex items-start gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-medium text-slate-500">
                {LEAD_TYPE_LABELS[type]}
                {data ? <span className="ml-1.5 font-mono text-brand-700">{data.reference}</span> : null}
              </p>
              <h2 id={titleId} className="truncate text-lg font-semibold text-slate-900">
                {data ? data.fullName : notFound ? 'Không tìm thấy yêu cầu' : 'Đang tải...'}
              </h2>
              {data ? (
                <div className="mt-1 flex flex-wrap items-center gap-2">
                  <LeadStatusBadge status={data.status} type={data.type} />
                  {data.assignee ? (
                    <span className="text-xs text-slate-500">Phụ trách: {data.assignee.fullName}</span>
                  ) : (
                    <span className="text-xs text-slate-500">Chưa giao</span>
                  )}
                </div>
              ) : null}
            </div>
            <CloseButton label="Đóng" onClick={onClose} iconClassName="size-5" />
          </header>
          <div className="flex-1 pt-4">
            {data ? (
              <LeadBody type={type} lead={data} />
            ) : lead.isError ? (
              <EmptyState
                title={notFound ? 'Không tìm thấy yêu cầu' : 'Không tải được yêu cầu'}
                description={
                  notFound ? 'Yêu cầu có thể đã bị xóa hoặc đường dẫn không đúng.' : errorMessage(lead.error)
                }
              />
            ) : (
              <div className="space-y-4 px-4 sm:px-6">
                <Skeleton className="h-11 w-40" />
                <SkeletonText lines={6} />
                <Skeleton className="h-24 w-full" />
              </div>
            )}
          </div>
          {data ? (
            <p className="sr-only" aria-live="polite">
              {`${data.reference}: ${leadStatusLabel(data.status, data.type)}${data.preferredDate ? `, ngày hẹn ${formatDay(data.preferredDate)}` : ''}`}
            </p>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
