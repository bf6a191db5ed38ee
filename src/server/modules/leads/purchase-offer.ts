import { eq } from 'drizzle-orm';
import { formatPrice, formatVnd, vnDayKey } from '../../../contract/format';
import {
  type LeadDetail,
  type LeadStatus,
  OFFER_DEFAULT_DAYS,
  OFFER_MAX_DAYS,
  type PurchaseOfferBody,
} from '../../../contract/leads';
import type { CurrentUser } from '../../platform/access';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import { byShowroom } from '../../platform/visitor-mail';
import { greetingName } from '../../platform/visitor-mail-text';
import { leadDetail } from './handling';
import { onStatusChange } from './lifecycle';
import { showroomContact } from './purchase-mail';
import { leadEvents, leads, purchaseLeads } from './schema';
import type { LeadRow, LeadsDeps } from './types';
import { leadRow } from './views';
import { dmy } from './wording';
import { zaloAbout } from './zalo';

/** Statuses from which the showroom may (re)state its price: open and not yet bought. */
const OFFERABLE: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED'];

export const OFFER_MESSAGES = {
  closed: 'Yêu cầu thu mua đã kết thúc, không thể báo giá',
  past: 'Hạn báo giá không được ở trong quá khứ',
  tooFar: `Hạn báo giá tối đa ${OFFER_MAX_DAYS} ngày kể từ hôm nay`,
} as const;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * "Đã báo giá": records the showroom's price and the last day it holds (today + 7 by default, at
 * most 60 days), moves the lead to "Đã báo giá" (a later offer replaces the earlier one), and e-mails
 * the seller when an address was given, after the commit.
 */
export async function recordOffer(
  deps: LeadsDeps,
  id: number,
  body: PurchaseOfferBody,
  current: CurrentUser,
  actor: Actor,
): Promise<LeadDetail> {
  const now = deps.clock.now();
  const today = vnDayKey(now);
  const validUntil = body.validUntil ?? addDays(today, OFFER_DEFAULT_DAYS);
  if (validUntil < today) throw badRequest(OFFER_MESSAGES.past, { validUntil: OFFER_MESSAGES.past });
  if (validUntil > addDays(today, OFFER_MAX_DAYS))
    throw badRequest(OFFER_MESSAGES.tooFar, { validUntil: OFFER_MESSAGES.tooFar });
  const text = `Giá chào mua ${formatPrice(body.amount)} (${formatVnd(body.amount)}), hiệu lực đến hết ngày ${dmy(validUntil)}`;
  const row = await deps.db.transaction(async (tx) => {
    const lead = await leadRow(tx, 'PURCHASE', id, true);
    const from = lead.status as LeadStatus;
    if (!OFFERABLE.includes(from)) throw conflict(OFFER_MESSAGES.closed);
    await tx
      .update(purchaseLeads)
      .set({
        offerAmount: body.amount,
        offerValidUntil: validUntil,
        offeredAt: now,
        offerEmailed: !!lead.email,
      })
      .where(eq(purchaseLeads.leadId, id));
    await tx.update(leads).set({ status: 'OFFERED', updatedAt: now }).where(eq(leads.id, id));
    if (from !== 'OFFERED') {
      await onStatusChange(deps, tx, lead, 'OFFERED', now);
      await tx.insert(leadEvents).values({
        leadId: id,
        kind: 'STATUS',
        fromStatus: from,
        toStatus: 'OFFERED',
        userId: current.id,
        userName: current.name,
        createdAt: now,
      });
    }
    await tx.insert(leadEvents).values({
      leadId: id,
      kind: 'OFFER',
      note: body.note ? `${text}. ${body.note}` : text,
      userId: current.id,
      userName: current.name,
      createdAt: now,
    });
    await writeAudit(tx, actor, {
      action: 'offer',
      entity: 'lead',
      entityId: id,
      before: { status: from },
      after: { status: 'OFFERED', amount: body.amount, validUntil, note: body.note ?? null },
    });
    return lead;
  });
  if (row.email) await mailOffer(deps, row, body.amount, validUntil);
  await zaloAbout(deps, 'PURCHASE_OFFER', row, `${body.amount}:${validUntil}`, {
    offer_amount: formatPrice(body.amount),
    valid_until: dmy(validUntil),
  });
  return leadDetail(deps, 'PURCHASE', id);
}

/**
 * The seller's copy of the offer; a failure is logged (staff still see the offer and may call). It names
 * the request, not the car as the seller described it: whoever filled the form typed that address.
 */
async function mailOffer(deps: LeadsDeps, row: LeadRow, amount: number, validUntil: string) {
  const config = await deps.webConfig.get();
  const lines = [
    `Xin chào ${greetingName(row.fullName)},`,
    '',
    `${config.showroomName} xin gửi giá chào mua chiếc xe bạn đăng ký bán (mã yêu cầu ${row.reference}):`,
    '',
    `- Giá chào mua: ${formatPrice(amount)} (${formatVnd(amount)})`,
    `- Hiệu lực đến hết ngày: ${dmy(validUntil)}`,
    '',
    'Giá này dựa trên thông tin và tình trạng xe bạn cung cấp; giá cuối cùng được xác nhận khi showroom kiểm tra xe.',
    `Để đồng ý hoặc trao đổi thêm, vui lòng liên hệ showroom${showroomContact(config)}.`,
    '',
    `Trân trọng,\n${config.showroomName}`,
  ];
  const mail = {
    to: row.email!,
    subject: `${config.showroomName} báo giá thu mua xe (${row.reference})`,
    text: lines.join('\n'),
  };
  await deps.customerMail
    .send(mail, byShowroom('purchase-offer'))
    .catch((err) => deps.log.error({ err }, 'purchase offer mail failed'));
}
