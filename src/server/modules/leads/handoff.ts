import { eq } from 'drizzle-orm';
import { CHAT_GREETING } from '../../../contract/chat';
import { CHAT_HANDOFF_THANKS, type ChatHandoffBody, capTranscript } from '../../../contract/chat-handoff';
import { IDEMPOTENCY_MISMATCH_MESSAGE } from '../../../contract/common';
import { LEAD_RATE_LIMIT_MESSAGE, type LeadReceipt } from '../../../contract/leads';
import type { Actor } from '../../platform/actor';
import { AdvisorTurnSigner } from '../../platform/advisor-turns';
import { conflict, tooMany, unprocessable } from '../../platform/errors';
import { requestFingerprint } from '../../platform/fingerprint';
import type { RateLimiter } from '../../platform/rate-limit';
import { prepareCreation } from './lifecycle';
import { leadEvents, leads } from './schema';
import type { LeadRow, LeadsDeps, NewLead } from './types';
import { leadReceipt } from './views';
import { LEAD_MESSAGES, leadLink, leadReference, leadSearchText } from './wording';

/**
 * "Gặp nhân viên tư vấn" in the chat (POST /api/chat/handoff): a consulting lead from the chat, with
 * the visitor's name and phone and the conversation so far (its newest turns, capped). Nothing else of
 * the chat is stored. Idempotent by clientRequestId and rate limited like the lead forms.
 */

const MAX_QUESTION = 300;

export function handoffReceipt(row: Parameters<typeof leadReceipt>[0]) {
  const receipt = leadReceipt(row);
  return { ...receipt, message: `${CHAT_HANDOFF_THANKS} ${row.reference}.` };
}

/** "Khách muốn gặp nhân viên tư vấn từ khung chat. Câu hỏi cuối: "bớt giá được không"" */
function handoffMessage(transcript: { role: string; content: string }[]): string {
  const last = [...transcript]
    .reverse()
    .find((t) => t.role === 'user')
    ?.content.trim();
  const base = 'Khách muốn gặp nhân viên tư vấn từ khung chat.';
  if (!last) return base;
  const question = last.length > MAX_QUESTION ? `${last.slice(0, MAX_QUESTION - 1)}…` : last;
  return `${base} Câu hỏi cuối: "${question}"`;
}

/** "Khách hàng Nguyễn Văn A muốn gặp nhân viên tư vấn (từ khung chat)" */
export const handoffAnnouncement = (row: LeadRow) =>
  `Khách hàng ${row.fullName} muốn gặp nhân viên tư vấn${row.carLabel ? ` về xe ${row.carLabel}` : ''} (từ khung chat), điện thoại ${row.phone}`;

async function findByRequestId(deps: LeadsDeps, clientRequestId: string) {
  const [row] = await deps.db.select().from(leads).where(eq(leads.clientRequestId, clientRequestId));
  return row;
}

function replay(row: LeadRow, requestHash: string): { receipt: LeadReceipt; created: boolean } {
  if (row.type !== 'CONSULTING' || row.sourceChannel !== 'CHAT') throw conflict(LEAD_MESSAGES.reusedKey);
  if (row.requestHash !== requestHash) throw unprocessable(IDEMPOTENCY_MISMATCH_MESSAGE);
  return { receipt: handoffReceipt(row), created: false };
}

export async function handoffToPerson(
  deps: LeadsDeps,
  limiter: RateLimiter,
  body: ChatHandoffBody,
  actor: Actor,
): Promise<{ receipt: LeadReceipt; created: boolean }> {
  const requestHash = requestFingerprint(body);
  const existing = await findByRequestId(deps, body.clientRequestId);
  if (existing) return replay(existing, requestHash);
  if (!(await limiter.hit(actor.ip ?? ''))) throw tooMany(LEAD_RATE_LIMIT_MESSAGE);
  // Each advisor turn is the server's own only when it carries the signature given with it, for the
  // question it followed; the browser may have written any other.
  const signer = new AdvisorTurnSigner(deps.config.jwtSecret);
  const marked = body.transcript.map((t, i) => {
    const before = body.transcript[i - 1];
    const question = before?.role === 'user' ? before.content : '';
    return {
      role: t.role,
      content: t.content,
      fromServer: t.role === 'model' && signer.verify(question, t.content, t.sig),
    };
  });
  // The greeting every chat starts with says nothing about this visitor.
  const turns = marked.filter((t, i) => !(i === 0 && t.role === 'model' && t.content === CHAT_GREETING));
  const transcript = capTranscript(turns);
  // The car the chat began from keeps the lead a car enquiry; a car no longer on sale is left out
  // rather than refusing a visitor who asked for a person.
  const car = body.carId !== undefined && deps.cars ? await deps.cars.visibleCar(body.carId) : null;
  const creation = await prepareCreation(deps, 'CONSULTING', body.source, {
    chat: true,
    phone: body.phone,
    zaloConsent: body.zaloConsent,
  });
  const values: NewLead = {
    type: 'CONSULTING',
    reference: leadReference('CONSULTING'),
    clientRequestId: body.clientRequestId,
    requestHash,
    fullName: body.fullName,
    phone: body.phone,
    email: null,
    carId: car?.carId ?? null,
    carLabel: car?.label ?? null,
    topic: car ? 'BUY' : 'OTHER',
    message: handoffMessage(transcript),
    transcript,
    sourceIp: actor.ip,
    ...creation.values,
  };
  values.searchText = leadSearchText(values);
  if (body.website?.trim()) {
    deps.log.info({ ip: actor.ip }, 'chat hand-off honeypot filled: answered, not stored');
    return {
      receipt: handoffReceipt({
        ...values,
        carLabel: values.carLabel ?? null,
        preferredDate: null,
        timeSlot: null,
        status: 'NEW',
        createdAt: deps.clock.now(),
      }),
      created: true,
    };
  }
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(leads)
      .values(values)
      .onConflictDoNothing({ target: leads.clientRequestId })
      .returning();
    if (!inserted) return null;
    await tx
      .insert(leadEvents)
      .values({ leadId: inserted.id, kind: 'CREATED', toStatus: 'NEW', createdAt: inserted.createdAt });
    await creation.inTx(tx, inserted);
    return inserted;
  });
  if (!row) {
    const winner = await findByRequestId(deps, body.clientRequestId);
    if (!winner) throw conflict(LEAD_MESSAGES.reusedKey);
    return replay(winner, requestHash);
  }
  await deps.notifications.notifySafely(
    deps.users.idsWithPermission('MANAGE_SERVICE'),
    handoffAnnouncement(row),
    leadLink(row),
  );
  await creation.afterCommit();
  return { receipt: handoffReceipt(row), created: true };
}
