import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { type ChecklistItem, checklistFor } from '../../../contract/deal-labels';
import type { DealView } from '../../../contract/deals';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { ApiError, badRequest, notFound } from '../../platform/errors';
import type { StoredObject } from '../../platform/storage';
import { AFTER_SALE_ERRORS } from './after-sale';
import type { DealDeps } from './deps';
import { dealChecklist } from './schema';
import type { DealsService } from './service';

export const SCAN_MAX_BYTES = 10 * 1024 * 1024;
export const SCAN_TYPES = { pdf: 'application/pdf', jpg: 'image/jpeg', png: 'image/png' } as const;
type ScanKind = keyof typeof SCAN_TYPES;
export const SCAN_TYPE_MESSAGE = 'Bản quét phải là tệp PDF, JPEG hoặc PNG';

/** What the bytes are, by their first bytes; never by the name or the declared type. */
export function detectScan(buf: Buffer): ScanKind {
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpg';
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  throw new ApiError(415, SCAN_TYPE_MESSAGE);
}

/** A checklist paper's scan, kept in the private storage and read back only by staff. */
export class DealScans {
  constructor(
    private readonly deps: DealDeps,
    private readonly service: DealsService,
  ) {}

  private async needed(dealId: number, item: ChecklistItem) {
    const deal = await this.service.row(dealId);
    if (!checklistFor(await this.deps.sellerIsCompany(deal.carId)).includes(item))
      throw badRequest(AFTER_SALE_ERRORS.notNeeded);
  }

  async put(dealId: number, item: ChecklistItem, data: Buffer, actor: Actor): Promise<DealView> {
    await this.needed(dealId, item);
    const kind = detectScan(data);
    const key = `deals/${dealId}/${item.toLowerCase()}-${randomBytes(8).toString('hex')}.${kind}`;
    await this.deps.privateStorage.put(key, data, SCAN_TYPES[kind]);
    let replaced: string | null = null;
    try {
      await this.deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(dealChecklist)
          .where(and(eq(dealChecklist.dealId, dealId), eq(dealChecklist.item, item)))
          .for('update');
        replaced = before?.scanKey ?? null;
        const now = this.deps.clock.now();
        // A scan means the paper is in hand: "Chưa nhận" becomes "Đã nhận"; a later status stays.
        const status = !before || before.status === 'missing' ? 'received' : before.status;
        await tx
          .insert(dealChecklist)
          .values({
            dealId,
            item,
            status,
            scanKey: key,
            scanType: kind,
            updatedBy: actor.userId,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: [dealChecklist.dealId, dealChecklist.item],
            set: { status, scanKey: key, scanType: kind, updatedBy: actor.userId, updatedAt: now },
          });
        await writeAudit(tx, actor, {
          action: 'checklist-scan',
          entity: 'deal',
          entityId: dealId,
          after: { item, status, type: kind, bytes: data.length },
        });
      });
    } catch (err) {
      await this.deps.privateStorage.delete(key);
      throw err;
    }
    if (replaced) await this.deps.privateStorage.delete(replaced).catch(() => undefined);
    return this.service.get(dealId);
  }

  async get(
    dealId: number,
    item: ChecklistItem,
  ): Promise<{ file: StoredObject; type: string; name: string }> {
    const [row] = await this.deps.db
      .select()
      .from(dealChecklist)
      .where(and(eq(dealChecklist.dealId, dealId), eq(dealChecklist.item, item)));
    const file = row?.scanKey ? await this.deps.privateStorage.get(row.scanKey) : null;
    if (!row?.scanKey || !file) throw notFound('Chưa có bản quét của giấy tờ này');
    const kind = (row.scanType ?? 'pdf') as ScanKind;
    return { file, type: SCAN_TYPES[kind], name: `${item}.${kind}` };
  }
}
