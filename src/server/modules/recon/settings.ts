import { asc, eq, inArray, notInArray } from 'drizzle-orm';
import {
  DEFAULT_MIN_LISTING_PHOTOS,
  type ReconSettings,
  type ReconStage,
  type reconSettingsBody,
} from '../../../contract/recon';
import { compactFold } from '../../../contract/text';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict } from '../../platform/errors';
import type { ReconDeps } from './deps';
import { reconCars, reconSettings, reconStages } from './schema';

type StageRow = typeof reconStages.$inferSelect;
type SettingsInput = ReturnType<typeof reconSettingsBody.parse>;

export async function stageRows(exec: Executor): Promise<StageRow[]> {
  return exec.select().from(reconStages).orderBy(asc(reconStages.position));
}

export async function minListingPhotos(exec: Executor): Promise<number> {
  const [row] = await exec.select().from(reconSettings).where(eq(reconSettings.id, 1));
  return row?.minListingPhotos ?? DEFAULT_MIN_LISTING_PHOTOS;
}

/** A stage named by its key or its name (case and accents ignored), or null. */
export function findStage(rows: StageRow[], given: string): StageRow | null {
  const folded = compactFold(given);
  return (
    rows.find((r) => r.key === given || compactFold(r.key) === folded || compactFold(r.name) === folded) ??
    null
  );
}

export async function stageViews(deps: ReconDeps, rows: StageRow[]): Promise<ReconStage[]> {
  const names = await deps.users.namesOf(rows.map((r) => r.ownerId));
  return rows.map((r) => ({
    key: r.key,
    name: r.name,
    position: r.position,
    maxHours: r.maxHours,
    ownerId: r.ownerId,
    ownerName: r.ownerId ? (names.get(r.ownerId) ?? null) : null,
  }));
}

export async function readSettings(deps: ReconDeps): Promise<ReconSettings> {
  const [rows, minPhotos] = await Promise.all([stageRows(deps.db), minListingPhotos(deps.db)]);
  return { minListingPhotos: minPhotos, stages: await stageViews(deps, rows) };
}

/** A key for a new stage, from its name ('Rửa xe' → 'RUAXE'), unique among the others. */
function newKey(name: string, taken: Set<string>): string {
  const base = compactFold(name).toUpperCase().slice(0, 30) || 'STAGE';
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}${n}`;
  taken.add(key);
  return key;
}

/**
 * PUT /api/recon/settings: the whole list of stages in order. A stage left out is removed, which is
 * refused while a car stands in it (move the car first); each owner must be an active account.
 */
export async function saveSettings(
  deps: ReconDeps,
  input: SettingsInput,
  actor: Actor,
): Promise<ReconSettings> {
  for (const s of input.stages) {
    if (s.ownerId === null) continue;
    const who = await deps.users.contact(s.ownerId);
    if (!who?.active) throw badRequest(`Người phụ trách công đoạn "${s.name}" không hợp lệ`);
  }
  const names = new Set(input.stages.map((s) => compactFold(s.name)));
  if (names.size !== input.stages.length) throw badRequest('Tên các công đoạn không được trùng nhau');
  await deps.db.transaction(async (tx) => {
    const before = await stageRows(tx);
    const known = new Set(before.map((r) => r.key));
    const taken = new Set(known);
    const next = input.stages.map((s, i) => ({
      key: s.key && known.has(s.key) ? s.key : newKey(s.name, taken),
      name: s.name,
      position: i + 1,
      maxHours: s.maxHours,
      ownerId: s.ownerId,
    }));
    const kept = next.map((s) => s.key);
    const removed = before.filter((r) => !kept.includes(r.key));
    if (removed.length > 0) {
      const [busy] = await tx
        .select({ stage: reconCars.stage })
        .from(reconCars)
        .where(
          inArray(
            reconCars.stage,
            removed.map((r) => r.key),
          ),
        )
        .limit(1);
      if (busy) {
        const name = removed.find((r) => r.key === busy.stage)?.name ?? busy.stage;
        throw conflict(`Còn xe ở công đoạn "${name}": hãy chuyển xe sang công đoạn khác trước khi xóa`);
      }
      await tx.delete(reconStages).where(notInArray(reconStages.key, kept));
    }
    for (const s of next) {
      await tx
        .insert(reconStages)
        .values(s)
        .onConflictDoUpdate({
          target: reconStages.key,
          set: { name: s.name, position: s.position, maxHours: s.maxHours, ownerId: s.ownerId },
        });
    }
    await tx
      .insert(reconSettings)
      .values({ id: 1, minListingPhotos: input.minListingPhotos })
      .onConflictDoUpdate({ target: reconSettings.id, set: { minListingPhotos: input.minListingPhotos } });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'recon_settings',
      entityId: 1,
      before: {
        stages: before.map(({ key, name, maxHours, ownerId }) => ({ key, name, maxHours, ownerId })),
      },
      after: { stages: next, minListingPhotos: input.minListingPhotos },
    });
  });
  return readSettings(deps);
}
