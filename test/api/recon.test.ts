import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateItem } from '../../src/contract/inspections';
import type { ReconBoard } from '../../src/contract/recon';
import { auditLog, notifications } from '../../src/server/db/schema';
import { reconCostOf } from '../../src/server/modules/recon';
import type { Clock } from '../../src/server/platform/clock';
import { STAFF_PASSWORD, startTestApp, type TestApp } from '../helpers/app';
import { carBody } from './cars-fixtures';

/** Reconditioning: the board, stage moves and their clocks, work items and their approval (docs/reconditioning.md). */

// Saturday 28/11/2026 09:00 in Vietnam; the showroom opens 8:00 to 18:00 every day.
let now = new Date('2026-11-28T02:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const HOUR = 3_600_000;

/** Moves the clock; sessions idle that long have ended, so both sign in again. */
async function later(ms: number) {
  now = new Date(now.getTime() + ms);
  manager.token = await t.login(manager.username, STAFF_PASSWORD);
  workshop.token = await t.login(workshop.username, STAFF_PASSWORD);
}

let t: TestApp;
let manager: { id: number; username: string; token: string };
let workshop: { id: number; username: string; token: string };
let items: TemplateItem[];

async function addCar(name: string) {
  const body = carBody({ carName: name });
  delete (body as { status?: string }).status;
  const res = await t.call('POST', '/api/cars/admin/add', { token: manager.token, body });
  expect(res.status, res.body).toBe(201);
  return res.json.carId as number;
}
const board = async (token = workshop.token) =>
  (await t.call('GET', '/api/recon/board', { token })).json as ReconBoard;
const move = (carId: number, stage: string, token = workshop.token) =>
  t.call('PUT', `/api/cars/admin/${carId}/recon/stage`, { token, body: { stage } });
const addItem = (carId: number, body: unknown, token = workshop.token) =>
  t.call('POST', `/api/cars/admin/${carId}/recon/items`, { token, body });
const setItem = (itemId: number, body: unknown, token = workshop.token) =>
  t.call('PUT', `/api/recon/items/${itemId}`, { token, body });

beforeAll(async () => {
  t = await startTestApp({}, { clock });
  manager = await t.createStaff(['MANAGE_CAR']);
  workshop = await t.createStaff([]);
  items = (await t.call('GET', '/api/inspection-template', { token: manager.token })).json.items;
});
afterAll(() => t.close());

describe('GET /api/recon/board', () => {
  it('has the eight default stages and puts a new car in "Nhận xe" with its clock', async () => {
    const carId = await addCar('Toyota Fortuner Mới Mua');
    const b = await board();
    expect(b.stages.map((s) => s.name)).toEqual([
      'Nhận xe',
      'Kiểm tra',
      'Báo giá sửa chữa',
      'Chờ duyệt',
      'Sửa chữa',
      'Làm đẹp',
      'Chụp ảnh',
      'Sẵn sàng bán',
    ]);
    const card = b.cards.find((c) => c.carId === carId)!;
    expect(card).toMatchObject({
      stage: 'RECEIVED',
      late: false,
      daysSincePurchase: 0,
      carName: 'Toyota Fortuner Mới Mua',
    });
    expect(card.limitMinutes).toBe(4 * 60);
  });

  it('counts working hours only, turns late past the limit, and leaves listed cars off', async () => {
    const carId = await addCar('Mazda CX-8 Đồng Hồ');
    await move(carId, 'INSPECTION'); // at 09:00; "Kiểm tra" allows 8 working hours
    // 09:00 + 3 h: 12:00.
    await later(3 * HOUR);
    let card = (await board()).cards.find((c) => c.carId === carId)!;
    expect(card).toMatchObject({ stage: 'INSPECTION', minutesInStage: 180, limitMinutes: 480, late: false });
    // 12:00 to 07:00 next morning: only 6 of those 19 hours are working hours (to 18:00).
    await later(19 * HOUR);
    card = (await board()).cards.find((c) => c.carId === carId)!;
    expect(card).toMatchObject({ minutesInStage: 540, late: true });
    const listed = carBody({ carName: 'Xe Đang Bán Không Lên Bảng' });
    const res = await t.call('POST', '/api/cars/admin/add', { token: manager.token, body: listed });
    expect((await board()).cards.map((c) => c.carId)).not.toContain(res.json.carId);
  });

  it('is for signed-in staff only', async () => {
    expect((await t.call('GET', '/api/recon/board')).status).toBe(401);
  });
});

describe('PUT /api/cars/admin/{carId}/recon/stage', () => {
  it('moves a car by key or by name, restarts its clock and audits the move', async () => {
    const carId = await addCar('Honda Civic Chuyển Công Đoạn');
    const byKey = await move(carId, 'INSPECTION');
    expect(byKey.status, byKey.body).toBe(200);
    expect(byKey.json.stage).toBe('INSPECTION');
    const byName = await move(carId, 'bao gia sua chua');
    expect(byName.json.stage).toBe('QUOTE');
    const card = (await board()).cards.find((c) => c.carId === carId)!;
    expect(card).toMatchObject({ stage: 'QUOTE', minutesInStage: 0, late: false });
    const audits = (await t.ctx.db.select().from(auditLog)).filter(
      (r) => r.entity === 'car_recon' && r.entityId === String(carId),
    );
    expect(audits.map((a) => a.after)).toEqual([{ stage: 'INSPECTION' }, { stage: 'QUOTE' }]);
  });

  it('refuses an unknown stage (400), a missing car (404), a listed car (409), a visitor (401)', async () => {
    const carId = await addCar('Kia K3 Sai Công Đoạn');
    const bad = await move(carId, 'Đi chơi');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Công đoạn không hợp lệ');
    expect((await move(999_999, 'INSPECTION')).status).toBe(404);
    const listed = await t.call('POST', '/api/cars/admin/add', { token: manager.token, body: carBody() });
    expect((await move(listed.json.carId, 'INSPECTION')).status).toBe(409);
    expect(
      (await t.call('PUT', `/api/cars/admin/${carId}/recon/stage`, { body: { stage: 'INSPECTION' } })).status,
    ).toBe(401);
    expect((await move(carId, '')).status).toBe(400);
  });
});

describe('work items', () => {
  it('are added (201), approved by a manager only, completed with their actual cost', async () => {
    const carId = await addCar('Hyundai Santa Fe Sửa Chữa');
    const created = await addItem(carId, {
      title: 'Sơn lại cản trước',
      group: 'đồng sơn',
      estimate: { parts: 800_000, labour: 1_200_000 },
      vendor: 'Gara Minh Phát',
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json).toMatchObject({
      group: 'BODYWORK',
      status: 'PENDING',
      estimateParts: 800_000,
      estimateLabour: 1_200_000,
      vendor: 'Gara Minh Phát',
      actualCost: null,
    });
    const id = created.json.itemId;
    // The workshop may not approve its own quote.
    const self = await setItem(id, { status: 'Đã duyệt' });
    expect(self.status).toBe(403);
    // Nor complete what nobody approved.
    expect((await setItem(id, { status: 'DONE', actualCost: 1 })).status).toBe(409);
    const approved = await setItem(id, { status: 'Đã duyệt' }, manager.token);
    expect(approved.json.status).toBe('APPROVED');
    const noCost = await setItem(id, { status: 'DONE' });
    expect(noCost.status).toBe(400);
    expect(noCost.json.message).toBe('Vui lòng nhập chi phí thực tế khi hoàn thành hạng mục');
    const done = await setItem(id, { status: 'Hoàn thành', actualCost: '2.150.000' });
    expect(done.status, done.body).toBe(200);
    expect(done.json).toMatchObject({ status: 'DONE', actualCost: 2_150_000 });
    const again = await setItem(id, { status: 'REJECTED' }, manager.token);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('Không thể chuyển hạng mục từ "Hoàn thành" sang "Từ chối"');
    const card = (await board()).cards.find((c) => c.carId === carId)!;
    expect(card.items).toEqual({ pending: 0, approved: 0, done: 1 });
  });

  it('have their estimate corrected while they await approval, and fixed once approved', async () => {
    const carId = await addCar('Kia Seltos Dự Toán');
    // An inspection finding arrives without an estimate; the workshop quotes it before the manager looks.
    const { json: item } = await addItem(carId, { title: 'Thay má phanh', group: 'gầm', estimate: {} });
    const estimate = (id: number, body: object, token?: string) =>
      t.call('PUT', `/api/recon/items/${id}/estimate`, { token: token ?? workshop.token, body });
    const quoted = await estimate(item.itemId, { parts: '1.100.000', labour: 400_000, vendor: 'Gara Tín' });
    expect(quoted.status, quoted.body).toBe(200);
    expect(quoted.json).toMatchObject({
      estimateParts: 1_100_000,
      estimateLabour: 400_000,
      vendor: 'Gara Tín',
    });
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'recon_item'));
    const audit = audits.find((a) => a.action === 'update' && String(a.entityId) === String(item.itemId));
    expect(audit).toMatchObject({
      before: { parts: 0, labour: 0 },
      after: { parts: 1_100_000, labour: 400_000 },
    });
    expect((await estimate(item.itemId, { parts: -5 })).json.message).toBe('Chi phí phụ tùng không được âm');
    expect((await estimate(999_999, { parts: 1 })).status).toBe(404);
    expect(
      (await t.call('PUT', `/api/recon/items/${item.itemId}/estimate`, { body: { parts: 1 } })).status,
    ).toBe(401);
    await setItem(item.itemId, { status: 'APPROVED' }, manager.token);
    const late = await estimate(item.itemId, { parts: 2_000_000 }, manager.token);
    expect(late.status).toBe(409);
    expect(late.json.message).toBe('Hạng mục đang "Đã duyệt": chỉ sửa dự toán khi hạng mục còn chờ duyệt');
  });

  it('sum their actual costs of completed items only: reconCostOf', async () => {
    const carId = await addCar('Ford Ranger Chi Phí');
    const mk = async (title: string, cost: number | null, reject = false) => {
      const { json } = await addItem(carId, {
        title,
        group: 'máy',
        estimate: { parts: 1_000_000, labour: 0 },
      });
      if (reject) return setItem(json.itemId, { status: 'REJECTED' }, manager.token);
      await setItem(json.itemId, { status: 'APPROVED' }, manager.token);
      if (cost !== null) await setItem(json.itemId, { status: 'DONE', actualCost: cost });
    };
    await mk('Thay dầu máy', 950_000);
    await mk('Thay lọc gió', 350_000);
    await mk('Làm máy', null);
    await mk('Thay turbo', null, true);
    expect(await reconCostOf(t.ctx.db, carId)).toBe(1_300_000);
    expect(await t.services.recon.reconCostOf(carId)).toBe(1_300_000);
    expect(await reconCostOf(t.ctx.db, 999_999)).toBe(0);
  });

  it('refuse bad input with Vietnamese messages and unknown cars or items', async () => {
    const carId = await addCar('Suzuki XL7 Dữ Liệu Sai');
    const noTitle = await addItem(carId, { title: '', group: 'máy', estimate: { parts: 0, labour: 0 } });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.message).toBe('Vui lòng nhập tên hạng mục');
    const badGroup = await addItem(carId, {
      title: 'Lốp',
      group: 'bánh xe',
      estimate: { parts: 0, labour: 0 },
    });
    expect(badGroup.json.message).toBe('Nhóm hạng mục không hợp lệ');
    const negative = await addItem(carId, { title: 'Lốp', group: 'gầm', estimate: { parts: -1, labour: 0 } });
    expect(negative.json.message).toBe('Chi phí phụ tùng không được âm');
    const noEstimate = await addItem(carId, { title: 'Lốp', group: 'gầm' });
    expect(noEstimate.status).toBe(400);
    expect((await addItem(999_999, { title: 'Lốp', group: 'gầm', estimate: {} })).status).toBe(404);
    expect((await setItem(999_999, { status: 'APPROVED' }, manager.token)).status).toBe(404);
    expect((await setItem(1, { status: 'ĐANG LÀM' })).json.message).toBe('Trạng thái hạng mục không hợp lệ');
    expect(
      (await t.call('POST', `/api/cars/admin/${carId}/recon/items`, { body: { title: 'x', group: 'máy' } }))
        .status,
    ).toBe(401);
  });

  it('are listed with the car, oldest first, for any staff member (the editor reads this list)', async () => {
    const carId = await addCar('Hyundai Tucson Danh Sách');
    const first = await addItem(carId, {
      title: 'Sơn lại cản trước',
      group: 'đồng sơn',
      estimate: { parts: 0, labour: 1_800_000 },
      vendor: 'Gara Minh Phát',
    });
    const second = await addItem(carId, { title: 'Rút hồ sơ gốc', group: 'PAPERS', estimate: { parts: 0 } });
    await setItem(second.json.itemId, { status: 'REJECTED' }, manager.token);
    const list = await t.call('GET', `/api/cars/admin/${carId}/recon`, { token: workshop.token });
    expect(list.status, list.body).toBe(200);
    expect(list.json.items.map((i: { title: string; status: string }) => [i.title, i.status])).toEqual([
      ['Sơn lại cản trước', 'PENDING'],
      ['Rút hồ sơ gốc', 'REJECTED'],
    ]);
    expect(list.json.items[0]).toMatchObject({
      itemId: first.json.itemId,
      carId,
      group: 'BODYWORK',
      estimateParts: 0,
      estimateLabour: 1_800_000,
      vendor: 'Gara Minh Phát',
      actualCost: null,
      inspectionItemId: null,
    });
    expect((await t.call('GET', `/api/cars/admin/${carId}/recon`)).status).toBe(401);
    expect((await t.call('GET', '/api/cars/admin/999999/recon', { token: workshop.token })).status).toBe(404);
    const bad = await t.call('GET', '/api/cars/admin/abc/recon', { token: workshop.token });
    expect(bad.status).toBe(400);
  });

  it('come from every "Cần lưu ý" of the inspection in one call, never twice', async () => {
    const carId = await addCar('Toyota Camry Kiểm Định');
    expect(
      (
        await t.call('POST', `/api/cars/admin/${carId}/recon/items/from-inspection`, {
          token: workshop.token,
        })
      ).status,
    ).toBe(409);
    const live = items.filter((i) => !i.retired);
    const attention = [live[0], live.find((i) => i.group === 'ENGINE')!];
    const results = live.map((i) => ({
      itemId: i.itemId,
      result: attention.includes(i) ? 'ATTENTION' : 'PASS',
      note: i === attention[1] ? 'Rò rỉ dầu nhẹ' : '',
    }));
    const saved = await t.call('PUT', `/api/cars/${carId}/inspection`, {
      token: manager.token,
      body: { inspectorName: 'Trần Kiểm', inspectedOn: '29/11/2026', odometerKm: 32_000, results },
    });
    expect(saved.status, saved.body).toBe(200);
    const made = await t.call('POST', `/api/cars/admin/${carId}/recon/items/from-inspection`, {
      token: workshop.token,
    });
    expect(made.status, made.body).toBe(201);
    expect(made.json).toHaveLength(2);
    expect(made.json.map((i: { title: string }) => i.title)).toContain(
      `${attention[1].label}: Rò rỉ dầu nhẹ`,
    );
    expect(
      made.json.find((i: { inspectionItemId: number }) => i.inspectionItemId === attention[1].itemId).group,
    ).toBe('ENGINE');
    expect(made.json.every((i: { status: string }) => i.status === 'PENDING')).toBe(true);
    const twice = await t.call('POST', `/api/cars/admin/${carId}/recon/items/from-inspection`, {
      token: workshop.token,
    });
    expect(twice.json).toEqual([]);
    const car = await t.call('GET', `/api/cars/admin/${carId}/recon`, { token: workshop.token });
    expect(car.json.items).toHaveLength(2);
  });
});

describe('settings', () => {
  it('rename, time and staff the stages; a manager only; a stage holding a car cannot go', async () => {
    const s = (await t.call('GET', '/api/recon/settings', { token: workshop.token })).json;
    const stages = s.stages.map((x: { key: string; name: string; maxHours: number }) => ({
      key: x.key,
      name: x.name,
      maxHours: x.maxHours,
      ownerId: x.key === 'REPAIR' ? workshop.id : null,
    }));
    stages[4].maxHours = 40;
    expect(
      (await t.call('PUT', '/api/recon/settings', { token: workshop.token, body: { ...s, stages } })).status,
    ).toBe(403);
    const saved = await t.call('PUT', '/api/recon/settings', {
      token: manager.token,
      body: { minListingPhotos: 8, stages: [...stages, { name: 'Rửa xe', maxHours: 2 }] },
    });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.minListingPhotos).toBe(8);
    const repair = saved.json.stages.find((x: { key: string }) => x.key === 'REPAIR');
    expect(repair).toMatchObject({ maxHours: 40, ownerId: workshop.id });
    expect(repair.ownerName).toMatch(/^Nhân Viên Thử/);
    expect(saved.json.stages.at(-1)).toMatchObject({ name: 'Rửa xe', key: 'RUAXE', position: 9 });
    // "Kiểm tra" holds a car moved there above: removing it is refused.
    const carId = await addCar('Xe Ở Kiểm Tra');
    await move(carId, 'INSPECTION');
    const removed = await t.call('PUT', '/api/recon/settings', {
      token: manager.token,
      body: { minListingPhotos: 6, stages: stages.filter((x: { key: string }) => x.key !== 'INSPECTION') },
    });
    expect(removed.status).toBe(409);
    expect(removed.json.message).toContain('Còn xe ở công đoạn "Kiểm tra"');
    const people = await t.call('GET', '/api/recon/staff', { token: manager.token });
    expect(people.json.map((p: { userId: number }) => p.userId)).toContain(workshop.id);
    expect((await t.call('GET', '/api/recon/staff', { token: workshop.token })).status).toBe(403);
    const badOwner = await t.call('PUT', '/api/recon/settings', {
      token: manager.token,
      body: { minListingPhotos: 6, stages: stages.map((x: object) => ({ ...x, ownerId: 999_999 })) },
    });
    expect(badOwner.status).toBe(400);
    await t.call('PUT', '/api/recon/settings', {
      token: manager.token,
      body: { minListingPhotos: 6, stages },
    });
  });
});

describe('a car over its stage limit rings its owner', () => {
  it('once, by bell and e-mail, through the stored job', async () => {
    const carId = await addCar('Mitsubishi Pajero Trễ Hạn');
    await move(carId, 'REPAIR'); // owner: the workshop member, 40 working hours after the settings above
    await t.services.recon.ringLateCars(); // cars of the tests above that are late already
    const before = (await t.ctx.db.select().from(notifications)).length;
    expect(await t.services.recon.ringLateCars()).toBe(0);
    // Five days later: 50 working hours.
    await later(5 * 24 * HOUR);
    await t.services.jobs.drain();
    const bells = await t.ctx.db.select().from(notifications).where(eq(notifications.userId, workshop.id));
    const mine = bells.filter((n) => n.message.includes('Mitsubishi Pajero Trễ Hạn'));
    expect(mine).toHaveLength(1);
    expect(mine[0].message).toContain('đã quá thời gian ở công đoạn "Sửa chữa"');
    expect(mine[0].link).toBe('/dashboard/recon');
    const mail = await t.mailContaining('Mitsubishi Pajero Trễ Hạn', 'Xem bảng chuẩn bị xe');
    expect(mail).toContain('To: staff2@example.com'); // the workshop member who owns "Sửa chữa"
    expect((await t.ctx.db.select().from(notifications)).length).toBeGreaterThan(before);
    // Once per stage entry.
    expect(await t.services.recon.ringLateCars()).toBe(0);
  });
});
