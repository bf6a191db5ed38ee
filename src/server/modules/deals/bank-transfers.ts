import { eq } from 'drizzle-orm';
import { bankByBin } from '../../../contract/banks';
import { DEAL_CODE_RE, type DealStatus, OPEN_DEAL_STATUSES } from '../../../contract/deal-labels';
import type { DealPaymentQr } from '../../../contract/deals';
import type { PaymentOutcome } from '../../../contract/reservation-labels';
import type { Executor } from '../../db/client';
import { SYSTEM_ACTOR } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { conflict } from '../../platform/errors';
import { type OtherTransfer, qrDataUrl, vietQrPayload } from '../reservations';
import type { DealDeps } from './deps';
import { dealPayments, deals } from './schema';
import type { DealsService } from './service';
import { moneyOf } from './views';

export const TRANSFER_ERRORS = {
  noAccount: 'Showroom chưa cài tài khoản nhận tiền (Cấu hình hệ thống › Đặt cọc giữ xe)',
  nothingDue: 'Giao dịch không còn khoản phải thu',
  closed: 'Giao dịch đã kết thúc, không nhận thanh toán',
} as const;

/** The code in a transfer's content, however the bank spaced or cased it. */
export function dealCodeIn(content: string): string | null {
  const upper = content.toUpperCase();
  return DEAL_CODE_RE.exec(upper)?.[0] ?? DEAL_CODE_RE.exec(upper.replace(/[\s.\-_]/g, ''))?.[0] ?? null;
}

/**
 * The balance paid by VietQR, as the deposit is: the same account as the deposits, the deal's code as the
 * content; the bank's notification (the reservations module's webhook) is matched here by that code.
 */
export class DealTransfers {
  constructor(
    private readonly deps: DealDeps,
    private readonly service: DealsService,
  ) {}

  async balanceQr(dealId: number): Promise<DealPaymentQr> {
    const [deal, settings] = await Promise.all([this.service.row(dealId), this.deps.settings()]);
    const r = settings.reservations;
    if (!r.bankBin || !r.accountNumber) throw conflict(TRANSFER_ERRORS.noAccount);
    if (!OPEN_DEAL_STATUSES.includes(deal.status as DealStatus)) throw conflict(TRANSFER_ERRORS.closed);
    const due = moneyOf(deal, await this.service.payments(dealId)).balanceDue;
    if (due <= 0) throw conflict(TRANSFER_ERRORS.nothingDue);
    const qrPayload = vietQrPayload({
      bankBin: r.bankBin,
      accountNumber: r.accountNumber,
      amount: due,
      purpose: deal.code,
    });
    return {
      amount: due,
      bankName: bankByBin(r.bankBin)?.shortName ?? r.bankBin,
      accountNumber: r.accountNumber,
      accountName: r.accountName,
      content: deal.code,
      qrPayload,
      qrImage: await qrDataUrl(qrPayload),
    };
  }

  /** Inside the webhook's transaction: a transfer naming a deal's code enters its ledger (any amount). */
  async receive(tx: Executor, t: OtherTransfer): Promise<PaymentOutcome | null> {
    const code = dealCodeIn(t.content);
    if (!code) return null;
    const [deal] = await tx.select().from(deals).where(eq(deals.code, code)).for('update');
    if (!deal) return null;
    if (t.accountNumber !== t.expectedAccount) return 'wrongAccount';
    if (!OPEN_DEAL_STATUSES.includes(deal.status as DealStatus)) return 'late';
    const [known] = await tx
      .select({ id: dealPayments.id })
      .from(dealPayments)
      .where(eq(dealPayments.reference, t.reference));
    if (known) return 'duplicate';
    await tx.insert(dealPayments).values({
      dealId: deal.id,
      kind: 'balance',
      method: 'transfer',
      amount: t.amount,
      reference: t.reference,
      note: `Chuyển khoản VietQR (${t.gateway})`,
    });
    await tx.update(deals).set({ updatedAt: this.deps.clock.now() }).where(eq(deals.id, deal.id));
    await writeAudit(
      tx,
      { ...SYSTEM_ACTOR, username: `ngân hàng (${t.gateway})` },
      {
        action: 'payment',
        entity: 'deal',
        entityId: deal.id,
        after: { kind: 'balance', method: 'transfer', amount: t.amount, reference: t.reference },
      },
    );
    return 'confirmed';
  }
}
