import { eq } from 'drizzle-orm';
import type { CarStatus } from '../../../contract/cars';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { Transactor } from './photos';
import type { CarRow } from './rows';
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
 * A car's status: staff move it between on sale and pending; "sold" is reached and left only through
 * a sale (the sales service calls setStatusIn inside its own transaction, after lockCar).
 */
export class CarLifecycle {
  constructor(private readonly transaction: Transactor) {}

  async setStatus(id: number, status: CarStatus, actor: Actor): Promise<void> {
    if (status === 'sold') {
      throw badRequest('Để chuyển xe sang "Đã bán", hãy ghi nhận giao dịch bán trong lịch sử bán hàng');
    }
    await this.transaction(async (tx) => {
      const before = await lockCar(tx, id);
      if (before.status === status) return;
      if (before.status === 'sold') {
        throw conflict('Xe đã bán: hãy hủy giao dịch bán trong lịch sử bán hàng để mở bán lại');
      }
      await this.setStatusIn(tx, id, status);
      await writeAudit(tx, actor, {
        action: 'set-status',
        entity: 'car',
        entityId: id,
        before: { status: before.status },
        after: { status },
      });
    });
  }

  /** For the sales service, inside its transaction (after lockCar). */
  async setStatusIn(tx: Executor, id: number, status: CarStatus) {
    await tx.update(cars).set({ status, updatedAt: new Date() }).where(eq(cars.id, id));
  }
}
