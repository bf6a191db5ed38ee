import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type CarCosts,
  COST_CATEGORY_LABELS,
  COST_MESSAGES,
  type CostLine,
  type CostLineData,
  type CostSummary,
  daysBetween,
  type EnteredCostCategory,
  holdingCost,
} from '../../../contract/car-cost-ledger';
import { vnDayKey } from '../../../contract/format';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { writeAudit } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { ApiError, conflict, notFound } from '../../platform/errors';
import { carCostLines } from './schema';

/** What this module needs of a car (through the cars service): its price, how it entered stock and when. */
export interface CostCar {
  sellPrice: number;
  createdAt: Date;
  /** The buy-in lead it came from and the offer the seller accepted (null for a car added by hand). */
  originLeadId: number | null;
  purchasePrice: number | null;
}

/**
 * The reconditioning a car has had: the sum of its completed work items' actual costs (the recon
 * module's `reconCostOf`). Connected in app.ts; until the recon module exists it answers 0, so the
 * ledger shows no reconditioning line rather than a guessed one.
 */
export interface ReconCostSource {
  reconCostOf(carId: number): Promise<number>;
}
export const NO_RECON_COSTS: ReconCostSource = { reconCostOf: async () => 0 };

/** The car's active sale (the sales module): the ledger stops accruing holding cost on the sale day. */
export type SaleOf = (carId: number) => Promise<{ saleDate: string; salePrice: number } | null>;

export interface CarCostsDeps {
  db: Db;
  clock: Clock;
  cars: { findRow(exec: Executor, id: number): Promise<CostCar | undefined> };
  users: { namesOf(ids: Iterable<number | null | undefined>): Promise<Map<number, string>> };
  settings: () => Promise<{ holdingRate: number }>;
  recon?: ReconCostSource;
  saleOf?: SaleOf;
}

type LineRow = typeof carCostLines.$inferSelect;

/** Unprocessable: a well-formed request the ledger refuses (a date after today). */
const unprocessable = (message: string, field: string) => new ApiError(422, message, { [field]: message });

/** The per-car cost ledger, its holding cost and its true cost (docs/car-costs.md). */
export class CarCostsService {
  private recon: ReconCostSource;
  private saleOf: SaleOf;

  constructor(private readonly deps: CarCostsDeps) {
    this.recon = deps.recon ?? NO_RECON_COSTS;
    this.saleOf = deps.saleOf ?? (async () => null);
  }

  /** Wiring: where reconditioning totals come from (the recon module's `reconCostOf`). */
  connectRecon(source: ReconCostSource) {
    this.recon = source;
  }

  /** Wiring: where a car's sale comes from (the sales module), set once both exist. */
  connectSales(saleOf: SaleOf) {
    this.saleOf = saleOf;
  }

  private today() {
    return vnDayKey(this.deps.clock.now());
  }

  private async car(exec: Executor, carId: number): Promise<CostCar> {
    const car = await this.deps.cars.findRow(exec, carId);
    if (!car) throw notFound('Không tìm thấy xe');
    return car;
  }

  /** GET cars/admin/{carId}/costs: the lines, the holding cost to today (or the sale day) and the margin. */
  async ledger(carId: number): Promise<CarCosts> {
    const car = await this.car(this.deps.db, carId);
    const [rows, sale] = await Promise.all([
      this.deps.db
        .select()
        .from(carCostLines)
        .where(eq(carCostLines.carId, carId))
        .orderBy(asc(carCostLines.incurredOn), asc(carCostLines.id)),
      this.saleOf(carId),
    ]);
    return this.compute(carId, car, rows, sale, await this.names(rows));
  }

  /**
   * The true cost on a given day (a sale's day), or null for an unknown car or one whose purchase price
   * nobody entered: what the sales book stores
   * with a sale. Read outside the sale's transaction (the reconditioning source reads on its own).
   */
  async trueCostOn(carId: number, day: string): Promise<number | null> {
    const car = await this.deps.cars.findRow(this.deps.db, carId);
    if (!car) return null;
    const rows = await this.deps.db.select().from(carCostLines).where(eq(carCostLines.carId, carId));
    const costs = await this.compute(
      carId,
      car,
      rows,
      { saleDate: day, salePrice: car.sellPrice },
      new Map(),
    );
    // Without a purchase price the sum of the other lines is no cost at all: unknown, not a windfall.
    return costs.purchasePrice === null ? null : costs.trueCost;
  }

  /** The figures a stock list shows beside each car (unknown ids are left out). */
  async summaries(carIds: number[]): Promise<CostSummary[]> {
    const ids = [...new Set(carIds)];
    if (ids.length === 0) return [];
    const rows = await this.deps.db.select().from(carCostLines).where(inArray(carCostLines.carId, ids));
    const out: CostSummary[] = [];
    for (const id of ids) {
      const car = await this.deps.cars.findRow(this.deps.db, id);
      if (!car) continue;
      const c = await this.compute(
        id,
        car,
        rows.filter((r) => r.carId === id),
        await this.saleOf(id),
        new Map(),
      );
      out.push({
        carId: id,
        purchasePrice: c.purchasePrice,
        trueCost: c.trueCost,
        sellPrice: c.sellPrice,
        margin: c.margin,
        holdingCost: c.holdingCost,
      });
    }
    return out;
  }

  /** True costs to date by car id, for the cars whose purchase price is known (others are unknown, not 0). */
  async trueCosts(carIds: number[]): Promise<Map<number, number>> {
    const known = (await this.summaries(carIds)).filter((c) => c.purchasePrice !== null);
    return new Map(known.map((c) => [c.carId, c.trueCost]));
  }

  private async names(rows: LineRow[]) {
    return this.deps.users.namesOf(rows.map((r) => r.enteredBy));
  }

  private async compute(
    carId: number,
    car: CostCar,
    rows: LineRow[],
    sale: { saleDate: string; salePrice: number } | null,
    names: Map<number, string>,
  ): Promise<CarCosts> {
    const [{ holdingRate }, reconCost] = await Promise.all([
      this.deps.settings(),
      this.recon.reconCostOf(carId),
    ]);
    const lines: CostLine[] = rows.map((r) => ({
      id: r.id,
      category: r.category as EnteredCostCategory,
      label: COST_CATEGORY_LABELS[r.category as EnteredCostCategory] ?? r.category,
      amount: r.amount,
      note: r.note,
      incurredOn: r.incurredOn,
      source: 'entered',
      enteredBy:
        r.enteredBy !== null && names.has(r.enteredBy)
          ? { userId: r.enteredBy, fullName: names.get(r.enteredBy) as string }
          : null,
      enteredAt: r.createdAt.toISOString(),
    }));
    const bought = buyInPrice(car);
    const typedPurchase = lines.find((l) => l.category === 'purchase');
    // The purchase day: the day a bought-in car entered stock, else the typed purchase line's day,
    // else the day the car was added.
    const purchaseDay =
      bought !== null ? vnDayKey(car.createdAt) : (typedPurchase?.incurredOn ?? vnDayKey(car.createdAt));
    if (bought !== null)
      lines.unshift({
        id: null,
        category: 'purchase',
        label: COST_CATEGORY_LABELS.purchase,
        amount: bought,
        note: 'Giá đã trả cho khách theo phiếu mua xe',
        incurredOn: purchaseDay,
        source: 'buyIn',
        enteredBy: null,
        enteredAt: null,
      });
    if (reconCost > 0)
      lines.push({
        id: null,
        category: 'recon',
        label: COST_CATEGORY_LABELS.recon,
        amount: reconCost,
        note: 'Tổng chi phí thực tế của các hạng mục sửa chữa đã hoàn thành',
        incurredOn: purchaseDay,
        source: 'recon',
        enteredBy: null,
        enteredAt: null,
      });
    const today = this.today();
    const until = sale && sale.saleDate < today ? sale.saleDate : today;
    const holding = holdingCost(lines, purchaseDay, until, holdingRate);
    const linesTotal = lines.reduce((s, l) => s + l.amount, 0);
    const trueCost = linesTotal + holding;
    const sellPrice = sale ? sale.salePrice : car.sellPrice;
    const margin = sellPrice - trueCost;
    const purchasePrice = bought ?? (typedPurchase ? typedPurchase.amount : null);
    return {
      carId,
      lines,
      purchasePrice,
      reconCost,
      holdingCost: holding,
      holdingRate,
      holdingFrom: purchaseDay,
      holdingUntil: until,
      holdingDays: daysBetween(purchaseDay, until),
      trueCost,
      sellPrice,
      sold: sale !== null,
      margin,
      marginRate: sellPrice > 0 ? Math.round((margin / sellPrice) * 10_000) / 10_000 : null,
    };
  }

  /** POST cars/admin/{carId}/costs: one dated line, with who entered it, audited. */
  async add(carId: number, input: CostLineData, actor: Actor): Promise<CarCosts> {
    const incurredOn = input.incurredOn ?? this.today();
    await this.deps.db.transaction(async (tx) => {
      const car = await this.car(tx, carId);
      if (incurredOn > this.today()) throw unprocessable(COST_MESSAGES.futureDay, 'incurredOn');
      if (input.category === 'purchase') {
        if (buyInPrice(car) !== null) throw conflict(COST_MESSAGES.buyInPrice);
        const [existing] = await tx
          .select({ id: carCostLines.id })
          .from(carCostLines)
          .where(and(eq(carCostLines.carId, carId), eq(carCostLines.category, 'purchase')));
        if (existing) throw conflict(COST_MESSAGES.purchaseTwice);
      }
      const values = {
        carId,
        category: input.category,
        amount: input.amount,
        note: input.note,
        incurredOn,
        enteredBy: actor.userId,
      };
      const [row] = await tx.insert(carCostLines).values(values).returning({ id: carCostLines.id });
      await writeAudit(tx, actor, { action: 'create', entity: 'car_cost', entityId: row.id, after: values });
    });
    return this.ledger(carId);
  }

  /** DELETE cars/admin/{carId}/costs/{lineId}: a line typed by mistake, audited. */
  async remove(carId: number, lineId: number, actor: Actor): Promise<CarCosts> {
    await this.deps.db.transaction(async (tx) => {
      await this.car(tx, carId);
      const [row] = await tx
        .delete(carCostLines)
        .where(and(eq(carCostLines.id, lineId), eq(carCostLines.carId, carId)))
        .returning();
      if (!row) throw notFound(COST_MESSAGES.lineNotFound);
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'car_cost',
        entityId: lineId,
        before: {
          carId,
          category: row.category,
          amount: row.amount,
          note: row.note,
          incurredOn: row.incurredOn,
        },
      });
    });
    return this.ledger(carId);
  }

  /** For the demo showroom: lines written as staff would have typed them, on their own days. */
  async insertSeeded(exec: Executor, values: (typeof carCostLines.$inferInsert)[]) {
    if (values.length > 0) await exec.insert(carCostLines).values(values);
  }
}

/** The price paid to a member of the public for a car bought through the buy-in flow, else null. */
function buyInPrice(car: CostCar): number | null {
  return car.originLeadId !== null && car.purchasePrice !== null ? car.purchasePrice : null;
}
