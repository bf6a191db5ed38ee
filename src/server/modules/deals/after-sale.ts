import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  CHECKLIST_LABELS,
  type ChecklistItem,
  type ChecklistStatus,
  checklistFor,
  DEAL_STATUS_LABELS,
  type DealStatus,
  TRANSFER_STEP_LABELS,
  TRANSFER_STEPS,
  type TransferStep,
} from '../../../contract/deal-labels';
import type { DealPublicView, DealView } from '../../../contract/deals';
import { formatDay, vnDayKey } from '../../../contract/format';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { DealDeps } from './deps';
import { dealChecklist, dealEvents, deals, dealTransferSteps } from './schema';
import type { DealsService } from './service';

type Days = Record<TransferStep, number>;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export const AFTER_SALE_ERRORS = {
  notNeeded: 'Giao dịch này không cần loại giấy tờ đó',
  notHandedOver: 'Các bước sang tên bắt đầu sau khi bàn giao xe',
  order: 'Hoàn thành bước trước trước khi làm bước này',
  undoLater: 'Bỏ đánh dấu các bước sau trước',
  badLink: 'Đường dẫn không hợp lệ hoặc đã hết hiệu lực',
} as const;

/**
 * The transfer steps with their due days: the first counts from the handover, each next from the day the
 * previous one was done; a step past its day and not done is late.
 */
export function transferPlan(
  handedOverOn: string | null,
  rows: { step: string; doneOn: string | null; ownerId: number | null }[],
  days: Days,
  today: string,
) {
  let start = handedOverOn;
  return TRANSFER_STEPS.map((step) => {
    const row = rows.find((r) => r.step === step);
    const dueOn = start ? addDays(start, days[step]) : null;
    const doneOn = row?.doneOn ?? null;
    start = doneOn;
    return {
      step,
      label: TRANSFER_STEP_LABELS[step],
      dueOn,
      doneOn,
      late: Boolean(dueOn && !doneOn && today > dueOn),
      ownerId: row?.ownerId ?? null,
    };
  });
}

/** Papers collected, the transfer steps and the buyer's signed page. */
export class AfterSale {
  constructor(
    private readonly deps: DealDeps,
    private readonly service: DealsService,
  ) {}

  token(dealId: number): string {
    const mac = createHmac('sha256', `deal:${this.deps.secret}`).update(String(dealId)).digest('base64url');
    return `${dealId}.${mac.slice(0, 32)}`;
  }

  url(dealId: number) {
    return `${this.deps.publicUrl}/deal/${this.token(dealId)}`;
  }

  private verify(token: string): number {
    const id = Number(token.split('.')[0]);
    const expected = Buffer.from(this.token(id));
    const given = Buffer.from(token);
    if (!Number.isSafeInteger(id) || expected.length !== given.length || !timingSafeEqual(expected, given))
      throw notFound(AFTER_SALE_ERRORS.badLink);
    return id;
  }

  private async handedOverOn(exec: Executor, dealId: number): Promise<string | null> {
    const [e] = await exec
      .select({ at: dealEvents.at })
      .from(dealEvents)
      .where(and(eq(dealEvents.dealId, dealId), eq(dealEvents.toStatus, 'handed_over')));
    return e ? vnDayKey(e.at) : null;
  }

  /** The checklist, the steps and the buyer's link, for the deal's view. */
  async extras(dealId: number, sellerIsCompany: boolean, exec: Executor = this.deps.db) {
    const [items, steps, handedOverOn, settings] = await Promise.all([
      exec.select().from(dealChecklist).where(eq(dealChecklist.dealId, dealId)),
      exec.select().from(dealTransferSteps).where(eq(dealTransferSteps.dealId, dealId)),
      this.handedOverOn(exec, dealId),
      this.deps.settings(),
    ]);
    const names = await this.deps.namesOf([...items.map((i) => i.updatedBy), ...steps.map((s) => s.ownerId)]);
    const ref = (id: number | null) =>
      id !== null && names.has(id) ? { userId: id, fullName: names.get(id)! } : null;
    const today = vnDayKey(this.deps.clock.now());
    return {
      checklist: checklistFor(sellerIsCompany).map((item) => {
        const row = items.find((i) => i.item === item);
        return {
          item,
          label: CHECKLIST_LABELS[item],
          status: (row?.status ?? 'missing') as ChecklistStatus,
          hasScan: Boolean(row?.scanKey),
          updatedAt: row?.updatedAt.toISOString() ?? null,
          updatedBy: ref(row?.updatedBy ?? null),
        };
      }),
      transfer: transferPlan(handedOverOn, steps, settings.transferStepDays, today).map(
        ({ ownerId, ...s }) => ({
          ...s,
          owner: ref(ownerId),
        }),
      ),
      publicUrl: this.url(dealId),
    };
  }

  async setChecklist(
    dealId: number,
    item: ChecklistItem,
    status: ChecklistStatus,
    actor: Actor,
  ): Promise<DealView> {
    return this.setPapers(dealId, [{ item, status }], actor);
  }

  /** Several papers at once, in one transaction (the demo's deals: what came in at each step). */
  async setPapers(
    dealId: number,
    papers: { item: ChecklistItem; status: ChecklistStatus }[],
    actor: Actor,
  ): Promise<DealView> {
    const deal = await this.service.row(dealId);
    const needed = checklistFor(await this.deps.sellerIsCompany(deal.carId));
    if (papers.some((p) => !needed.includes(p.item))) throw badRequest(AFTER_SALE_ERRORS.notNeeded);
    await this.deps.db.transaction(async (tx) => {
      const now = this.deps.clock.now();
      for (const { item, status } of papers) {
        await tx
          .insert(dealChecklist)
          .values({ dealId, item, status, updatedBy: actor.userId, updatedAt: now })
          .onConflictDoUpdate({
            target: [dealChecklist.dealId, dealChecklist.item],
            set: { status, updatedBy: actor.userId, updatedAt: now },
          });
        await writeAudit(tx, actor, {
          action: 'checklist',
          entity: 'deal',
          entityId: dealId,
          after: { item, status },
        });
      }
    });
    return this.service.get(dealId);
  }

  async setStep(
    dealId: number,
    step: TransferStep,
    input: { done: boolean; ownerId?: number },
    actor: Actor,
  ): Promise<DealView> {
    const today = vnDayKey(this.deps.clock.now());
    let told: { to: string; name: string; code: string; carName: string } | null = null;
    // The step just done (not one done before), with whom to tell on Zalo.
    let zalo: { phone: string; name: string; code: string; carName: string } | null = null;
    await this.deps.db.transaction(async (tx) => {
      const [deal] = await tx.select().from(deals).where(eq(deals.id, dealId)).for('update');
      if (!deal) throw notFound('Không tìm thấy giao dịch');
      if (deal.status !== 'handed_over' && deal.status !== 'transferred')
        throw conflict(AFTER_SALE_ERRORS.notHandedOver);
      const rows = await tx
        .select()
        .from(dealTransferSteps)
        .where(eq(dealTransferSteps.dealId, dealId))
        .orderBy(asc(dealTransferSteps.id));
      const i = TRANSFER_STEPS.indexOf(step);
      const doneOf = (s: TransferStep) => rows.find((r) => r.step === s)?.doneOn ?? null;
      if (input.done && i > 0 && !doneOf(TRANSFER_STEPS[i - 1])) throw conflict(AFTER_SALE_ERRORS.order);
      if (!input.done && TRANSFER_STEPS.slice(i + 1).some((s) => doneOf(s)))
        throw conflict(AFTER_SALE_ERRORS.undoLater);
      if (!input.done && deal.status === 'transferred') throw conflict('Giao dịch đã hoàn tất sang tên');
      const doneOn = input.done ? (doneOf(step) ?? today) : null;
      const ownerId = input.ownerId ?? rows.find((r) => r.step === step)?.ownerId ?? actor.userId;
      await tx
        .insert(dealTransferSteps)
        .values({ dealId, step, doneOn, ownerId, updatedAt: this.deps.clock.now() })
        .onConflictDoUpdate({
          target: [dealTransferSteps.dealId, dealTransferSteps.step],
          set: { doneOn, ownerId, updatedAt: this.deps.clock.now() },
        });
      await tx.update(deals).set({ updatedAt: this.deps.clock.now() }).where(eq(deals.id, dealId));
      await writeAudit(tx, actor, {
        action: 'transfer-step',
        entity: 'deal',
        entityId: dealId,
        before: { step, doneOn: doneOf(step) },
        after: { step, doneOn, ownerId },
      });
      if (input.done && !doneOf(step))
        zalo = { phone: deal.customerPhone, name: deal.customerName, code: deal.code, carName: deal.carName };
      if (input.done && !doneOf(step) && deal.customerEmail)
        told = { to: deal.customerEmail, name: deal.customerName, code: deal.code, carName: deal.carName };
    });
    // The buyer is told of each step done, after the commit, by Zalo and by mail; neither undoes it.
    const z = zalo as { phone: string; name: string; code: string; carName: string } | null;
    if (z)
      await this.deps
        .customerMessage?.({
          kind: 'TRANSFER_STEP',
          phone: z.phone,
          dedupeKey: `TRANSFER_STEP:deal:${dealId}:${step}`,
          data: {
            customer_name: z.name,
            deal_code: z.code,
            car_name: z.carName,
            step: TRANSFER_STEP_LABELS[step],
            done_on: today.split('-').reverse().join('/'),
            tracking_url: this.url(dealId),
          },
        })
        .catch(() => undefined);
    const t = told as { to: string; name: string; code: string; carName: string } | null;
    if (t)
      await this.deps
        .tellBuyer({
          to: t.to,
          subject: `Sang tên xe ${t.carName}: ${TRANSFER_STEP_LABELS[step]} - ${t.code}`,
          text: [
            `Chào ${t.name},`,
            '',
            `Thủ tục sang tên xe ${t.carName} đã xong bước "${TRANSFER_STEP_LABELS[step]}" ngày ${today.split('-').reverse().join('/')}.`,
            `Theo dõi các bước tiếp theo: ${this.url(dealId)}`,
            '',
            'Cảm ơn quý khách đã tin tưởng showroom.',
          ].join('\n'),
        })
        .catch(() => undefined);
    return this.service.get(dealId);
  }

  /**
   * The stored job's pass: every step of a handed-over deal past its day and not done rings its owner's
   * bell (everyone who manages cars when nobody owns it), once per step.
   */
  async alertLate(): Promise<number> {
    const db = this.deps.db;
    const settings = await this.deps.settings();
    const today = vnDayKey(this.deps.clock.now());
    const open = await db.select().from(deals).where(eq(deals.status, 'handed_over'));
    let told = 0;
    for (const deal of open) {
      const [rows, handedOverOn] = await Promise.all([
        db.select().from(dealTransferSteps).where(eq(dealTransferSteps.dealId, deal.id)),
        this.handedOverOn(db, deal.id),
      ]);
      for (const s of transferPlan(handedOverOn, rows, settings.transferStepDays, today)) {
        if (!s.late || rows.find((r) => r.step === s.step)?.lateNotifiedOn) continue;
        // The claim: one process, once per step.
        const claimed = await db
          .insert(dealTransferSteps)
          .values({ dealId: deal.id, step: s.step, lateNotifiedOn: today })
          .onConflictDoUpdate({
            target: [dealTransferSteps.dealId, dealTransferSteps.step],
            set: { lateNotifiedOn: today },
            setWhere: isNull(dealTransferSteps.lateNotifiedOn),
          })
          .returning({ id: dealTransferSteps.id });
        if (!claimed.length) continue;
        told += 1;
        await this.deps.notifyStaff(
          s.ownerId === null ? null : [s.ownerId],
          `Trễ hạn sang tên ${deal.code} (${deal.carName}): "${s.label}" quá hạn ${formatDay(s.dueOn)}`,
          `/dashboard/deals/${deal.id}`,
        );
      }
    }
    return told;
  }

  /** All four steps done: what "Hoàn tất sang tên" needs. */
  async allStepsDone(exec: Executor, dealId: number): Promise<boolean> {
    const rows = await exec.select().from(dealTransferSteps).where(eq(dealTransferSteps.dealId, dealId));
    return TRANSFER_STEPS.every((s) => rows.some((r) => r.step === s && r.doneOn));
  }

  /** The buyer's page: the car, the status and the transfer steps; nothing about money or papers. */
  async publicView(token: string): Promise<DealPublicView> {
    const id = this.verify(token);
    const [deal] = await this.deps.db.select().from(deals).where(eq(deals.id, id));
    if (!deal) throw notFound(AFTER_SALE_ERRORS.badLink);
    const [steps, handedOverOn, settings] = await Promise.all([
      this.deps.db.select().from(dealTransferSteps).where(eq(dealTransferSteps.dealId, id)),
      this.handedOverOn(this.deps.db, id),
      this.deps.settings(),
    ]);
    const today = vnDayKey(this.deps.clock.now());
    return {
      code: deal.code,
      carName: deal.carName,
      status: deal.status as DealStatus,
      statusLabel: DEAL_STATUS_LABELS[deal.status as DealStatus],
      buyerName: deal.customerName,
      steps: transferPlan(handedOverOn, steps, settings.transferStepDays, today).map(
        ({ ownerId: _o, ...s }) => s,
      ),
      showroomName: settings.showroomName,
      showroomPhone: settings.showroomPhone,
    };
  }
}
