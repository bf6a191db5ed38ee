import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type DealStatus,
  LOAN_MOVES,
  LOAN_STATUS_LABELS,
  type LoanStatus,
  loanRefusal,
  OPEN_DEAL_STATUSES,
} from '../../../contract/deal-labels';
import type { DealView, LoanCreate, LoanView } from '../../../contract/deals';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { DealDeps } from './deps';
import { dealLoans, dealPayments, deals } from './schema';
import type { DealsService } from './service';

type LoanRow = typeof dealLoans.$inferSelect;

export const LOAN_ERRORS = {
  unknownBank: 'Ngân hàng không có trong danh sách ngân hàng liên kết (Cấu hình hệ thống)',
  dealClosed: 'Chỉ lập hồ sơ vay cho giao dịch chưa bàn giao và chưa hủy',
  notFound: 'Không tìm thấy hồ sơ vay',
} as const;

/** The first month's payment on a declining balance: equal principal plus a month's interest on it all. */
export const firstPayment = (amount: number, termMonths: number, rate: number) =>
  Math.round(amount / termMonths + (amount * rate) / 12);

export const loanView = (l: LoanRow): LoanView => ({
  loanId: l.id,
  bankName: l.bankName,
  amount: l.amount,
  termMonths: l.termMonths,
  interestRate: l.interestRate,
  monthlyPayment: firstPayment(l.amount, l.termMonths, l.interestRate),
  status: l.status as LoanStatus,
  conditions: l.conditions,
  submittedAt: l.submittedAt.toISOString(),
  decidedAt: l.decidedAt?.toISOString() ?? null,
  disbursedAt: l.disbursedAt?.toISOString() ?? null,
});

export const loansOf = (exec: Executor, dealId: number) =>
  exec.select().from(dealLoans).where(eq(dealLoans.dealId, dealId)).orderBy(asc(dealLoans.id));

/**
 * Loan applications to the partner banks of the settings: the bank's own rules (share of the car's
 * value, longest term) refuse what it would not lend, with the reason; the bank's answer moves the
 * application Đã nộp → Đã duyệt / Từ chối → Đã giải ngân, and the disbursement enters the ledger.
 */
export class DealLoans {
  constructor(
    private readonly deps: DealDeps,
    private readonly service: DealsService,
  ) {}

  async apply(dealId: number, input: LoanCreate, actor: Actor): Promise<DealView> {
    const settings = await this.deps.settings();
    const bank = settings.partnerBanks.find((b) => b.name.toLowerCase() === input.bankName.toLowerCase());
    if (!bank) throw badRequest(LOAN_ERRORS.unknownBank, { bankName: LOAN_ERRORS.unknownBank });
    await this.deps.db.transaction(async (tx) => {
      const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
      if (!deal) throw notFound('Không tìm thấy giao dịch');
      if (!OPEN_DEAL_STATUSES.includes(deal.status as DealStatus)) throw conflict(LOAN_ERRORS.dealClosed);
      const refusal = loanRefusal(bank, deal.price, input.amount, input.termMonths);
      if (refusal)
        throw badRequest(refusal, {
          [input.termMonths > bank.maxTermMonths && input.amount <= deal.price * bank.maxLoanRatio
            ? 'termMonths'
            : 'amount']: refusal,
        });
      const [pending] = await tx
        .select({ bankName: dealLoans.bankName })
        .from(dealLoans)
        .where(and(eq(dealLoans.dealId, dealId), inArray(dealLoans.status, ['submitted', 'approved'])));
      if (pending) throw conflict(`Giao dịch đã có hồ sơ vay đang xử lý tại ${pending.bankName}`);
      const [loan] = await tx
        .insert(dealLoans)
        .values({
          dealId,
          bankName: bank.name,
          amount: input.amount,
          termMonths: input.termMonths,
          interestRate: bank.interestRate,
          createdBy: actor.userId,
          submittedAt: this.deps.clock.now(),
        })
        .returning();
      await tx.update(deals).set({ updatedAt: this.deps.clock.now() }).where(eq(deals.id, dealId));
      await writeAudit(tx, actor, {
        action: 'loan',
        entity: 'deal',
        entityId: dealId,
        after: { loanId: loan.id, bank: bank.name, amount: input.amount, termMonths: input.termMonths },
      });
    });
    return this.service.get(dealId);
  }

  async decide(
    dealId: number,
    loanId: number,
    input: { status: LoanStatus; conditions: string },
    actor: Actor,
  ): Promise<DealView> {
    await this.deps.db.transaction(async (tx) => {
      const [loan] = await tx
        .select()
        .from(dealLoans)
        .where(and(eq(dealLoans.id, loanId), eq(dealLoans.dealId, dealId)))
        .for('update');
      if (!loan) throw notFound(LOAN_ERRORS.notFound);
      const from = loan.status as LoanStatus;
      if (!LOAN_MOVES[from].includes(input.status))
        throw conflict(
          `Không thể chuyển hồ sơ vay từ "${LOAN_STATUS_LABELS[from]}" sang "${LOAN_STATUS_LABELS[input.status]}"`,
        );
      const now = this.deps.clock.now();
      await tx
        .update(dealLoans)
        .set({
          status: input.status,
          conditions: input.conditions || loan.conditions,
          ...(input.status === 'disbursed' ? { disbursedAt: now } : { decidedAt: now }),
        })
        .where(eq(dealLoans.id, loanId));
      // The bank's money is in: the ledger says so, and the balance due falls by it.
      if (input.status === 'disbursed')
        await tx.insert(dealPayments).values({
          dealId,
          kind: 'loan',
          method: 'loan',
          amount: loan.amount,
          reference: `Giải ngân ${loan.bankName}`,
          note: `Hồ sơ vay #${loan.id}`,
          recordedBy: actor.userId,
          recordedAt: now,
        });
      await tx.update(deals).set({ updatedAt: now }).where(eq(deals.id, dealId));
      await writeAudit(tx, actor, {
        action: 'loan-status',
        entity: 'deal',
        entityId: dealId,
        before: { loanId, status: from },
        after: { loanId, status: input.status, conditions: input.conditions },
      });
    });
    return this.service.get(dealId);
  }
}
