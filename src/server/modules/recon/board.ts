import { eq, inArray, sql } from 'drizzle-orm';
import { openingMinutesBetween, openingWindow } from '../../../contract/leads/response-time';
import type { ReconBoard, ReconCar, ReconCard } from '../../../contract/recon';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import { badRequest, conflict, notFound } from '../../platform/errors';
import type { PreparingCar, ReconDeps } from './deps';
import { itemsOf } from './items';
import { reconCars, reconItems } from './schema';
import { findStage, stageRows, stageViews } from './settings';

const DAY = 86_400_000;

type StageRow = Awaited<ReturnType<typeof stageRows>>[number];
type Position = { stage: StageRow; enteredAt: Date; lateAlertedAt: Date | null; receivedAt: Date };

/**
 * Where each preparing car stands: its row, or the first stage since it entered stock when it has
 * none (a car just bought); a row naming a stage since removed counts as the first stage too.
 */
async function positions(exec: Executor, list: PreparingCar[], stages: StageRow[]) {
  const ids = list.map((c) => c.carId);
  const rows = ids.length ? await exec.select().from(reconCars).where(inArray(reconCars.carId, ids)) : [];
  const byCar = new Map(rows.map((r) => [r.carId, r]));
  const out = new Map<number, Position>();
  for (const car of list) {
    const row = byCar.get(car.carId);
    const stage = (row && stages.find((s) => s.key === row.stage)) || stages[0];
    out.set(car.carId, {
      stage,
      enteredAt: row?.stageEnteredAt ?? car.createdAt,
      lateAlertedAt: row?.lateAlertedAt ?? null,
      receivedAt: row?.receivedAt ?? car.createdAt,
    });
  }
  return out;
}

/** Working minutes in the stage, its limit and whether it is passed: the card's clock. */
function clock(p: Position, now: Date, w: ReturnType<typeof openingWindow>) {
  const minutesInStage = openingMinutesBetween(p.enteredAt, now, w);
  const limitMinutes = p.stage.maxHours * 60;
  return { minutesInStage, limitMinutes, late: minutesInStage >= limitMinutes };
}

/** GET /api/recon/board: every stage, and every preparing car in its stage with its clock. */
export async function board(deps: ReconDeps): Promise<ReconBoard> {
  const [stages, list, hours] = await Promise.all([
    stageRows(deps.db),
    deps.cars.preparing(),
    deps.openingHours(),
  ]);
  const views = await stageViews(deps, stages);
  if (stages.length === 0) return { stages: views, cards: [] };
  const where = await positions(deps.db, list, stages);
  const ids = list.map((c) => c.carId);
  const counts = ids.length
    ? await deps.db
        .select({ carId: reconItems.carId, status: reconItems.status, n: sql<number>`count(*)::int` })
        .from(reconItems)
        .where(inArray(reconItems.carId, ids))
        .groupBy(reconItems.carId, reconItems.status)
    : [];
  const now = deps.clock.now();
  const w = openingWindow(hours);
  const cards: ReconCard[] = list.map((car) => {
    const p = where.get(car.carId) as Position;
    const owner = views.find((v) => v.key === p.stage.key);
    const n = (status: string) =>
      Number(counts.find((c) => c.carId === car.carId && c.status === status)?.n ?? 0);
    return {
      carId: car.carId,
      carName: car.carName,
      year: car.year,
      cover: car.cover,
      stage: p.stage.key,
      stageEnteredAt: p.enteredAt.toISOString(),
      ...clock(p, now, w),
      daysSincePurchase: Math.max(0, Math.floor((now.getTime() - p.receivedAt.getTime()) / DAY)),
      ownerId: owner?.ownerId ?? null,
      ownerName: owner?.ownerName ?? null,
      items: { pending: n('PENDING'), approved: n('APPROVED'), done: n('DONE') },
    };
  });
  return { stages: views, cards };
}

/** GET /api/cars/admin/{carId}/recon: the car's stage and its work items. */
export async function carRecon(deps: ReconDeps, carId: number): Promise<ReconCar> {
  const status = await deps.cars.statusOf(carId);
  if (!status) throw notFound('Không tìm thấy xe');
  const stages = await stageRows(deps.db);
  const [row] = await deps.db.select().from(reconCars).where(eq(reconCars.carId, carId));
  const stage = (row && stages.find((s) => s.key === row.stage)) || stages[0];
  return {
    carId,
    stage: stage?.key ?? '',
    stageEnteredAt: (row?.stageEnteredAt ?? deps.clock.now()).toISOString(),
    items: await itemsOf(deps.db, carId),
  };
}

/** PUT /api/cars/admin/{carId}/recon/stage: the car moves to the stage (key or name); its clock restarts. */
export async function moveStage(
  deps: ReconDeps,
  carId: number,
  given: string,
  actor: Actor,
): Promise<ReconCar> {
  const status = await deps.cars.statusOf(carId);
  if (!status) throw notFound('Không tìm thấy xe');
  if (status !== 'preparing') throw conflict('Chỉ xe đang chuẩn bị bán mới nằm trên bảng chuẩn bị xe');
  const stages = await stageRows(deps.db);
  const stage = findStage(stages, given);
  if (!stage) throw badRequest('Công đoạn không hợp lệ');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(reconCars).where(eq(reconCars.carId, carId)).for('update');
    if (before?.stage === stage.key) return;
    await tx
      .insert(reconCars)
      .values({ carId, stage: stage.key, stageEnteredAt: now, lateAlertedAt: null })
      .onConflictDoUpdate({
        target: reconCars.carId,
        set: { stage: stage.key, stageEnteredAt: now, lateAlertedAt: null },
      });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'car_recon',
      entityId: carId,
      before: { stage: before?.stage ?? stages[0].key },
      after: { stage: stage.key },
    });
  });
  return carRecon(deps, carId);
}

/**
 * Puts a car in a stage since a given moment, received on a given day: the demo showroom's history
 * (moveStage is what people use: its clock starts now).
 */
export async function placeCar(
  deps: ReconDeps,
  carId: number,
  at: { stage: string; enteredAt: Date; receivedAt: Date },
): Promise<void> {
  const values = { carId, stage: at.stage, stageEnteredAt: at.enteredAt, receivedAt: at.receivedAt };
  await deps.db.insert(reconCars).values(values).onConflictDoUpdate({ target: reconCars.carId, set: values });
}

/**
 * The stored job's pass (once a minute, across processes): each car past its stage's limit rings the
 * stage's owner (bell and e-mail), or the car managers when the stage has none, once per stage entry.
 * The mark is written first, in a transaction that claims it, so two passes never ring twice.
 */
export async function ringLateCars(deps: ReconDeps): Promise<number> {
  const [stages, list, hours] = await Promise.all([
    stageRows(deps.db),
    deps.cars.preparing(),
    deps.openingHours(),
  ]);
  if (stages.length === 0 || list.length === 0) return 0;
  const now = deps.clock.now();
  const w = openingWindow(hours);
  const where = await positions(deps.db, list, stages);
  let rung = 0;
  for (const car of list) {
    const p = where.get(car.carId) as Position;
    if (p.lateAlertedAt || !clock(p, now, w).late) continue;
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(reconCars)
        .values({ carId: car.carId, stage: p.stage.key, stageEnteredAt: p.enteredAt, lateAlertedAt: now })
        .onConflictDoUpdate({
          target: reconCars.carId,
          set: { lateAlertedAt: now },
          setWhere: sql`${reconCars.lateAlertedAt} is null and ${reconCars.stage} = ${p.stage.key}`,
        })
        .returning({ carId: reconCars.carId });
      return !!row;
    });
    if (!claimed) continue;
    rung++;
    await tellLate(deps, car, p);
  }
  return rung;
}

async function tellLate(deps: ReconDeps, car: PreparingCar, p: Position) {
  const message = `Xe ${car.carName} ${car.year} đã quá thời gian ở công đoạn "${p.stage.name}" (tối đa ${p.stage.maxHours} giờ làm việc)`;
  const link = '/dashboard/recon';
  const to = p.stage.ownerId ? [p.stage.ownerId] : await deps.users.idsWithPermission('MANAGE_CAR');
  await deps.notify(to, message, link);
  for (const id of to) {
    const who = await deps.users.contact(id);
    if (!who?.email || !who.active) continue;
    await deps.mailer
      .send({
        to: who.email,
        subject: `Xe trễ công đoạn: ${car.carName} ${car.year}`,
        text: [
          `Xin chào ${who.fullName},`,
          '',
          `${message}.`,
          '',
          `Xem bảng chuẩn bị xe: ${deps.publicUrl}${link}`,
        ].join('\n'),
      })
      .catch((err) => deps.log.error({ err }, 'recon late mail failed'));
  }
}
