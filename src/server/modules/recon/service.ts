import type {
  ReconBoard,
  ReconCar,
  ReconEstimateUpdate,
  ReconItem,
  ReconItemData,
  ReconItemStatus,
  ReconSettings,
  reconSettingsBody,
} from '../../../contract/recon';
import type { Executor } from '../../db/client';
import type { Actor, StaffActor } from '../../platform/actor';
import { board, carRecon, moveStage, placeCar, ringLateCars } from './board';
import type { ReconDeps } from './deps';
import {
  addItem,
  itemsFromInspection,
  reconCostOf,
  undoneApproved,
  updateEstimate,
  updateItem,
} from './items';
import { minListingPhotos, readSettings, saveSettings } from './settings';

/** A car as the listing gate judges it (the cars module's row, as it hands it over). */
export interface ListingCandidate {
  id: number;
  sellPrice: number;
  photoCount: number;
  inspection: unknown;
}

/**
 * Reconditioning: the board of stages a bought car walks, its work items, and the listing gate
 * (docs/reconditioning.md). Each use case lives in its own file; this is the module's one entry.
 */
export class ReconService {
  constructor(private readonly deps: ReconDeps) {}

  board(): Promise<ReconBoard> {
    return board(this.deps);
  }

  car(carId: number): Promise<ReconCar> {
    return carRecon(this.deps, carId);
  }

  moveStage(carId: number, stage: string, actor: Actor): Promise<ReconCar> {
    return moveStage(this.deps, carId, stage, actor);
  }

  /** The demo showroom's history: a car in a stage since `enteredAt`, received on `receivedAt`. */
  placeCar(carId: number, at: { stage: string; enteredAt: Date; receivedAt: Date }): Promise<void> {
    return placeCar(this.deps, carId, at);
  }

  addItem(carId: number, data: ReconItemData, actor: StaffActor): Promise<ReconItem> {
    return addItem(this.deps, carId, data, actor);
  }

  updateItem(itemId: number, body: { status: ReconItemStatus; actualCost?: number }, actor: StaffActor) {
    return updateItem(this.deps, itemId, body, actor);
  }

  updateEstimate(itemId: number, body: ReconEstimateUpdate, actor: StaffActor) {
    return updateEstimate(this.deps, itemId, body, actor);
  }

  itemsFromInspection(carId: number, actor: StaffActor): Promise<ReconItem[]> {
    return itemsFromInspection(this.deps, carId, actor);
  }

  /** Who may be picked as a stage's owner: active staff, by name. */
  async staff(): Promise<{ userId: number; fullName: string }[]> {
    return (await this.deps.users.active()).sort((a, b) => a.fullName.localeCompare(b.fullName, 'vi'));
  }

  settings(): Promise<ReconSettings> {
    return readSettings(this.deps);
  }

  saveSettings(input: ReturnType<typeof reconSettingsBody.parse>, actor: Actor): Promise<ReconSettings> {
    return saveSettings(this.deps, input, actor);
  }

  /** The sum of the actual costs of the car's completed work items, whole VND: its reconditioning cost. */
  reconCostOf(carId: number, exec: Executor = this.deps.db): Promise<number> {
    return reconCostOf(exec, carId);
  }

  /** One pass of the late-stage alarm (the stored job's work); answers how many cars rang. */
  ringLateCars(): Promise<number> {
    return ringLateCars(this.deps);
  }

  /**
   * The listing gate: what a preparing car still lacks before it may be listed, in a manager's words.
   * Read in the caller's transaction (the cars module's, holding the car's lock).
   */
  async listingGaps(tx: Executor, car: ListingCandidate): Promise<string[]> {
    const missing: string[] = [];
    if (!car.inspection) missing.push('chưa có báo cáo kiểm định');
    const minPhotos = await minListingPhotos(tx);
    if (car.photoCount < minPhotos) missing.push(`mới có ${car.photoCount}/${minPhotos} ảnh`);
    if (!(car.sellPrice > 0)) missing.push('chưa có giá bán');
    const undone = await undoneApproved(tx, car.id);
    if (undone > 0) missing.push(`còn ${undone} hạng mục sửa chữa đã duyệt chưa hoàn thành`);
    return missing;
  }
}
