import { CHAT_CLAIMED_TURN_LABEL } from '@contract/chat-handoff';
import { vnDayKey } from '@contract/format';
import { type LeadDetail, type LeadType, leadFollowUpBody, OPEN_LEAD_STATUSES } from '@contract/leads';
import { Bot, PhoneCall, ShieldAlert, User } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { vnWall } from '../../../../contract/vn-time';
import { Button } from '../../../components/button';
import { DateInput } from '../../../components/date-input';
import { FormField, Input } from '../../../components/form-field';
import { MessageText } from '../../../components/message-text';
import { errorMessage } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { useLeadActions } from '../api';
import { Section } from './lead-details';
import { FollowUpBadge, useNow } from './lead-speed';

/** "HH:mm" in Vietnam of an ISO moment. */
const vnTime = (iso: string) => vnWall(Date.parse(iso)).toISOString().slice(11, 16);

/**
 * "Hẹn gọi lại": the day (dd/mm/yyyy) and time (HH:mm, Vietnam) staff promised to call back, with a
 * short note; the bell reminds the assignee (or the managers) then. Moved by saving again, removed by
 * "Bỏ hẹn".
 */
export function FollowUpSection({ type, lead }: { type: LeadType; lead: LeadDetail }) {
  const { followUp } = useLeadActions(type, lead.leadId);
  const now = useNow();
  const ids = useId();
  const [date, setDate] = useState(lead.followUpAt ? vnDayKey(lead.followUpAt) : '');
  const [time, setTime] = useState(lead.followUpAt ? vnTime(lead.followUpAt) : '');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = OPEN_LEAD_STATUSES.includes(lead.status);

  function save(clear = false) {
    const body = clear ? { date: null, time: null } : { date, time, note: note.trim() || undefined };
    const parsed = leadFollowUpBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'date')] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    followUp.mutate(body, {
      onSuccess: (d) => {
        setNote('');
        if (!d.followUpAt) {
          setDate('');
          setTime('');
        }
        toast.success(d.followUpAt ? `Đã hẹn gọi lại lúc ${d.followUpText}` : 'Đã bỏ hẹn gọi lại');
      },
      onError: (err) => {
        const fields = (err as { data?: { errors?: Record<string, string> } }).data?.errors;
        if (fields) setErrors(fields);
        toast.error(errorMessage(err));
      },
    });
  }

  if (!open && !lead.followUpAt) return null;
  return (
    <Section title="Hẹn gọi lại">
      {lead.followUpAt ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <FollowUpBadge lead={lead} now={now} />
        </p>
      ) : (
        <p className="text-sm text-slate-500">
          Chưa hẹn. Chuông sẽ nhắc {lead.assignee ? 'người phụ trách' : 'quản lý dịch vụ'} đúng giờ hẹn.
        </p>
      )}
      {open ? (
        <>
          <div className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-2">
            <FormField label="Ngày gọi lại" htmlFor={`${ids}-d`} error={errors.date}>
              <DateInput
                id={`${ids}-d`}
                value={date}
                min={vnDayKey(now)}
                onChange={setDate}
                aria-invalid={errors.date ? true : undefined}
              />
            </FormField>
            <FormField label="Giờ (HH:mm)" htmlFor={`${ids}-t`} error={errors.time}>
              <Input
                id={`${ids}-t`}
                inputMode="numeric"
                placeholder="14:30"
                maxLength={5}
                value={time}
                aria-invalid={errors.time ? true : undefined}
                onChange={(e) => setTime(e.target.value.replace(/[^\d:]/g, ''))}
              />
            </FormField>
          </div>
          <FormField label="Ghi chú hẹn" htmlFor={`${ids}-n`} hint="Không bắt buộc" error={errors.note}>
            <Input
              id={`${ids}-n`}
              value={note}
              maxLength={500}
              placeholder="Ví dụ: khách bận, gọi lại sau giờ làm"
              onChange={(e) => setNote(e.target.value)}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" loading={followUp.isPending} onClick={() => save()}>
              <PhoneCall className="size-4" aria-hidden="true" />
              {lead.followUpAt ? 'Đổi giờ hẹn' : 'Đặt hẹn gọi lại'}
            </Button>
            {lead.followUpAt ? (
              <Button variant="ghost" disabled={followUp.isPending} onClick={() => save(true)}>
                Bỏ hẹn
              </Button>
            ) : null}
          </div>
        </>
      ) : null}
    </Section>
  );
}

/**
 * The chat the visitor had with the advisor before asking for a person (oldest first). The visitor's
 * browser sends the conversation: an advisor line the server did not sign is shown as what it is, the
 * visitor's claim, so nobody quotes a "promise" the advisor never made.
 */
export function TranscriptSection({ transcript }: { transcript: LeadDetail['transcript'] }) {
  if (!transcript) return null;
  const claims = transcript.filter((t) => t.role === 'model' && !t.fromServer).length;
  return (
    <Section title="Cuộc trò chuyện với trợ lý AI">
      {transcript.length === 0 ? (
        <p className="text-sm text-slate-500">Khách bấm "Gặp nhân viên tư vấn" trước khi hỏi trợ lý.</p>
      ) : (
        <>
          {claims > 0 ? (
            <p
              className="mb-2 flex gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200"
              data-testid="transcript-claims"
            >
              <ShieldAlert className="size-4 shrink-0" aria-hidden="true" />
              <span>
                {claims} dòng "trợ lý" không có chữ ký của máy chủ: trình duyệt của khách gửi kèm, không phải
                câu trả lời của trợ lý showroom. Đừng dựa vào đó để hứa với khách.
              </span>
            </p>
          ) : null}
          <ol className="space-y-2" aria-label="Cuộc trò chuyện với trợ lý AI">
            {transcript.map((turn, i) => {
              const claim = turn.role === 'model' && !turn.fromServer;
              return (
                <li
                  // biome-ignore lint/suspicious/noArrayIndexKey: the transcript never changes order
                  key={i}
                  className={cx('flex items-start gap-2', turn.role === 'user' && 'flex-row-reverse')}
                  data-from-server={turn.role === 'model' ? String(turn.fromServer) : undefined}
                >
                  <span
                    className={cx(
                      'mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full',
                      turn.role === 'user'
                        ? 'bg-brand-600 text-white'
                        : claim
                          ? 'bg-amber-100 text-amber-800'
                          : 'bg-slate-100 text-slate-600',
                    )}
                    aria-hidden="true"
                  >
                    {turn.role === 'user' ? (
                      <User className="size-4" />
                    ) : claim ? (
                      <ShieldAlert className="size-4" />
                    ) : (
                      <Bot className="size-4" />
                    )}
                  </span>
                  <div
                    className={cx(
                      'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                      turn.role === 'user'
                        ? 'bg-brand-50 text-slate-900'
                        : claim
                          ? 'border border-dashed border-amber-400 bg-amber-50/60 text-slate-800'
                          : 'bg-slate-50 text-slate-800',
                    )}
                  >
                    {claim ? (
                      <span className="mb-1 block text-xs font-semibold text-amber-800">
                        {CHAT_CLAIMED_TURN_LABEL}
                      </span>
                    ) : null}
                    <span className="sr-only">
                      {turn.role === 'user' ? 'Khách: ' : claim ? 'Khách ghi là trợ lý: ' : 'Trợ lý: '}
                    </span>
                    {/* The server's own answers show their links as links (React text, never HTML); a
                        line the visitor wrote, or claims the advisor wrote, stays plain text. */}
                    {turn.role === 'model' && turn.fromServer ? (
                      <MessageText text={turn.content} newTab />
                    ) : (
                      turn.content
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </Section>
  );
}
