import { eq } from 'drizzle-orm';
import type { CarStatus } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Transactor } from './photos';
import { type CarRow, listedAtOn } from './rows';
import { cars } from './schema';

export async function findCar(exec: Executor, id: number): Promise<CarRow | undefined> {
  const [row] = await exec.select().from(cars).where(eq(cars.id, id));
  return row;
}

/** Locks the car row for the rest of the transaction (sales, status changes, photo edits). */
export async function lockCar(tx: Executor, id: number): Promise<CarRow> {
  const [row] = await tx.select().from(cars).where(eq(cars.id, id)).for('update');
  if (!row) throw notFound('Không tìm thấy xe');
  return row;
}

/**
 * What a car still lacks before it may be listed, each in words a manager reads ("chưa có báo cáo
 * kiểm định"); empty when nothing. Filled in app.ts by the recon module, which owns the rule
 * (docs/reconditioning.md): the cars module knows nothing of reconditioning.
 */
export type ListingGate = (tx: Executor, car: CarRow) => Promise<string[]>;

/**
 * A car's status: staff move it between preparing, on sale and pending; "sold" is reached and left only
 * through a sale (the sales service calls setStatusIn inside its own transaction, after lockCar).
 * Listing a preparing car passes the listing gate, or is forced with a reason that is audited.
 */
export class CarLifecycle {
  private gate: ListingGate = async () => [];

  constructor(private readonly transaction: Transactor) {}

  setListingGate(gate: ListingGate) {
    this.gate = gate;
  }

  async setStatus(id: number, status: CarStatus, actor: Actor, overrideReason?: string): Promise<void> {
    if (status === 'sold') {
      throw badRequest('Để chuyển xe sang "Đã bán", hãy ghi nhận giao dịch bán trong lịch sử bán hàng');
    }
    await this.transaction(async (tx) => {
      const before = await lockCar(tx, id);
      if (before.status === status) return;
      if (before.status === 'sold') {
        throw conflict('Xe đã bán: hãy hủy giao dịch bán trong lịch sử bán hàng để mở bán lại');
      }
      const missing = await this.missingToList(tx, before, status);
      if (missing.length > 0 && !overrideReason) {
        throw conflict(
          `Chưa thể đăng bán xe: ${missing.join('; ')}. Người có quyền quản lý xe có thể đăng bán kèm lý do.`,
        );
      }
      await this.setStatusIn(tx, id, status);
      await writeAudit(tx, actor, {
        action: 'set-status',
        entity: 'car',
        entityId: id,
        before: { status: before.status },
        after: missing.length > 0 ? { status, overrideReason, missing } : { status },
      });
    });
  }

  /** What the gate finds missing when a preparing car would become visible; nothing for other moves. */
  async missingToList(tx: Executor, before: CarRow, status: CarStatus): Promise<string[]> {
    if (before.status !== 'preparing' || status === 'preparing') return [];
    return this.gate(tx, before);
  }

  /** For the sales service, inside its transaction (after lockCar). */
  async setStatusIn(tx: Executor, id: number, status: CarStatus) {
    const now = new Date();
    await tx
      .update(cars)
      .set({ status, listedAt: listedAtOn(status, now), updatedAt: now })
      .where(eq(cars.id, id));
  }
}
