import { formatKm, formatPrice, vnDayKey } from '../../../contract/format';
import type { Pricing, Repricing, RepricingRow } from '../../../contract/pricing';
import {
  BASIS_LABELS,
  type StockAgeing,
  type StockAgeingQuery,
  type ValuationCatalogue,
} from '../../../contract/valuations';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { ApiError, conflict } from '../../platform/errors';
import type { CarEvidence, CarsService } from '../cars/service';
import type { MarketPricesService } from '../market-prices/service';
import type { SalesService } from '../sales/service';
import type { WebConfigService } from '../web-config/service';
import { MarketIndex } from './engine/market-index';
import type { EvidenceInput, Refusal, Valuation, ValuationQuery } from './engine/types';
import { usualOdometer, valueCar } from './engine/value';
import { pricingRows, repricingRows } from './pricing';
import type { ManualValuation, RangeAnswer, RangeQuery } from './range';
import { stockAgeing } from './stock-ageing';

/** An index older than this is rebuilt in the background: other server processes' changes show within it. */
export const INDEX_MAX_AGE_MS = 60_000;

export interface ValuationDeps {
  clock: Clock;
  cars: CarsService;
  sales: SalesService;
  market: MarketPricesService;
  webConfig: WebConfigService;
  log?: { error(obj: unknown, msg: string): void };
  /** True costs of cars whose purchase price is known (the car-costs module), by car id. */
  trueCosts?: (carIds: number[]) => Promise<Map<number, number>>;
}

interface Built {
  index: MarketIndex;
  /** The stock cars as read for the index (the stock-ageing page reads them again from here). */
  cars: CarEvidence[];
  builtAt: number;
  carsGeneration: number;
  marketGeneration: number;
}

/**
 * The market evidence as the engine sees it: imported prices, cars on sale (their asking price, seen
 * today) and cars sold (the price they fetched, seen on the sale's day). Cars are read through the cars
 * service and sales through the sales service.
 */
export function evidenceOf(
  market: Awaited<ReturnType<MarketPricesService['records']>>,
  cars: CarEvidence[],
  sold: Map<number, { salePrice: number; saleDate: string }>,
  today: string,
): EvidenceInput[] {
  const out: EvidenceInput[] = market.map((m) => ({ kind: 'market' as const, ref: m.id, carId: null, ...m }));
  for (const c of cars) {
    const sale = c.status === 'sold' ? sold.get(c.id) : undefined;
    if (c.status === 'sold' && !sale) continue;
    out.push({
      kind: sale ? 'sale' : 'listing',
      ref: c.id,
      carId: c.id,
      title: c.carName,
      brand: c.brand,
      model: c.model,
      version: c.version,
      year: c.year,
      odo: c.odo,
      price: sale ? sale.salePrice : c.sellPrice,
      transmission: c.transmission,
      fuel: c.fuel,
      bodyType: c.bodyType,
      province: c.licensePlateRegion,
      source: sale ? 'Showroom (đã bán)' : 'Showroom (đang bán)',
      seenOn: sale ? sale.saleDate : today,
    });
  }
  return out;
}

/**
 * Valuations over an in-memory index of the market, rebuilt when the data changes: at once after a
 * change made through this process (an import, a car saved, a sale), and at most a minute late for a
 * change made by another process. A valuation itself touches no database.
 */
export class ValuationsService {
  private built: Built | null = null;
  private building: Promise<Built> | null = null;
  private marketGeneration = 0;
  /** The deal labels: a refresh running, another one wanted, and changes seen while ours was written. */
  private ratingsRun: Promise<void> | null = null;
  private ratingsDirty = false;
  private writingRatings = false;
  private changesWhileWriting = 0;

  constructor(private readonly deps: ValuationDeps) {
    deps.market.onChange(() => {
      this.marketGeneration++;
      this.refreshRatings();
    });
    deps.cars.onChange(() => {
      if (this.writingRatings) this.changesWhileWriting++;
      else this.refreshRatings();
    });
  }

  /**
   * Re-derives the public deal labels of the whole stock in the background (after any change to a car
   * or to the market data, and when the index is refreshed by age); runs coalesce.
   */
  refreshRatings(): void {
    this.ratingsDirty = true;
    if (this.ratingsRun) return;
    this.ratingsRun = (async () => {
      while (this.ratingsDirty) {
        this.ratingsDirty = false;
        await this.writeRatings();
      }
    })()
      .catch((err) => this.deps.log?.error({ err }, 'price ratings refresh failed'))
      .finally(() => {
        this.ratingsRun = null;
      });
  }

  /**
   * The daily pass (index.ts): comparables age by the day, and a showroom nobody values a car in would
   * keep a label made from listings that have since grown too old. Rebuilds the index, then the labels.
   */
  async refreshDaily(): Promise<void> {
    await this.rebuild();
    this.refreshRatings();
    await this.settled();
  }

  /** Resolves once no refresh of the deal labels is running (tests, the seed). */
  async settled(): Promise<void> {
    while (this.ratingsRun) await this.ratingsRun;
  }

  private async writeRatings() {
    const built = await this.current();
    const rows = pricingRows(built.index, built.cars, new Map(), this.deps.clock.now());
    const before = this.deps.cars.cache.generation;
    this.writingRatings = true;
    this.changesWhileWriting = 0;
    let changed = false;
    try {
      changed = await this.deps.cars.setPriceRatings(
        rows.map((r) => ({
          carId: r.carId,
          priceRating: r.priceRating,
          comparables: r.priceRating ? r.recentComparables : null,
        })),
      );
    } finally {
      this.writingRatings = false;
    }
    // Only our own write happened: the index (prices, not labels) is still current.
    const ours = changed ? 1 : 0;
    if (this.changesWhileWriting > ours) this.refreshRatings();
    else if (this.built === built && built.carsGeneration === before)
      built.carsGeneration = this.deps.cars.cache.generation;
  }

  /** Every car in stock against the market: market value, price- and cost-to-market, the comparables. */
  async pricing(): Promise<Pricing> {
    const built = await this.current();
    const ids = built.cars.filter((c) => c.status !== 'sold').map((c) => c.id);
    const costs = (await this.deps.trueCosts?.(ids)) ?? new Map<number, number>();
    return { content: pricingRows(built.index, built.cars, costs, this.deps.clock.now()) };
  }

  /** The repricing queue: cars outside the price-to-market band of their days in stock. */
  async repricing(): Promise<Repricing> {
    return { content: repricingRows((await this.pricing()).content) };
  }

  /** Applies a car's suggested price (price history and audit through the cars service). */
  async applyRepricing(carId: number, actor: Actor): Promise<RepricingRow> {
    const row = (await this.repricing()).content.find((r) => r.carId === carId);
    if (!row) throw conflict('Xe không nằm trong danh sách cần điều chỉnh giá');
    await this.deps.cars.reprice(carId, row.suggestedPrice, actor);
    return row;
  }

  private async build(): Promise<Built> {
    const carsGeneration = this.deps.cars.cache.generation;
    const marketGeneration = this.marketGeneration;
    const now = this.deps.clock.now();
    const [market, cars, sold] = await Promise.all([
      this.deps.market.records(),
      this.deps.cars.valuationRows(),
      this.deps.sales.soldPrices(),
    ]);
    const index = new MarketIndex(evidenceOf(market, cars, sold, vnDayKey(now)), now.getTime());
    return { index, cars, builtAt: Date.now(), carsGeneration, marketGeneration };
  }

  private rebuild(): Promise<Built> {
    if (!this.building) {
      this.building = this.build()
        .then((b) => {
          this.built = b;
          return b;
        })
        .finally(() => {
          this.building = null;
        });
    }
    return this.building;
  }

  /** The current index: rebuilt first after a change here, refreshed behind the answer when only old. */
  async current(): Promise<Built> {
    const b = this.built;
    const fresh =
      b &&
      b.carsGeneration === this.deps.cars.cache.generation &&
      b.marketGeneration === this.marketGeneration;
    if (b && fresh) {
      if (Date.now() - b.builtAt > INDEX_MAX_AGE_MS && !this.building)
        this.rebuild()
          // Comparables age by the day: the labels are re-derived with the refreshed index.
          .then(() => this.refreshRatings())
          .catch((err) => this.deps.log?.error({ err }, 'valuation index refresh failed'));
      return b;
    }
    // A rebuild already under way may predate the change: wait for it, then check again.
    if (this.building) await this.building.catch(() => undefined);
    const again = this.built;
    if (
      again &&
      again.carsGeneration === this.deps.cars.cache.generation &&
      again.marketGeneration === this.marketGeneration
    )
      return again;
    return this.rebuild();
  }

  /** Values a car, or answers 422 with the reason and the offer of a valuation by a person. */
  async value(q: ValuationQuery): Promise<Valuation> {
    const { index } = await this.current();
    const out = valueCar(index, { ...q, at: this.deps.clock.now().getTime() });
    if (out.ok) return out.valuation;
    const manual = await this.manualOffer(out);
    throw new ApiError(422, manual.message, undefined, undefined, {
      manualValuation: manual.manualValuation,
    });
  }

  /**
   * A range for a car named in a conversation (the advisor's seller or trade-in), never throwing: the
   * estimate and its range, or why there is none with the offer of a valuation by a person. Without
   * the odometer the usual kilometres for the car's age are assumed and the answer says so, so the
   * caller can give a first range and ask for the km. See docs/valuation.md ("For other modules").
   */
  async range(q: RangeQuery): Promise<RangeAnswer> {
    const { index } = await this.current();
    const now = this.deps.clock.now().getTime();
    const odoAssumed = q.odo === undefined;
    const odo = q.odo ?? usualOdometer(index, q.year, now);
    const out = valueCar(index, { ...q, odo, at: now });
    if (!out.ok) return { ok: false, reason: out.reason, ...(await this.manualOffer(out)) };
    const v = out.valuation;
    const name = [v.car.brand, v.car.model, v.car.version, v.car.year].filter(Boolean).join(' ');
    const km = odoAssumed ? `chưa rõ số km, tính theo mức thường gặp ${formatKm(odo)}` : formatKm(odo);
    return {
      ok: true,
      car: v.car,
      estimate: v.estimate,
      low: v.low,
      high: v.high,
      confidence: v.confidence,
      basisLabel: BASIS_LABELS[v.basis],
      comparables: v.comparables.length,
      odoAssumed,
      odometerNote: v.odometerNote,
      summary:
        `Giá tham khảo ${name} (${km}): khoảng ${formatPrice(v.low)} – ${formatPrice(v.high)}, ` +
        `ước tính ${formatPrice(v.estimate)} (độ tin cậy ${v.confidence}).`,
    };
  }

  /** What a refusal tells the visitor: the reason, then the offer of a valuation by a person. */
  private async manualOffer(out: Refusal): Promise<{ message: string; manualValuation: ManualValuation }> {
    const { showroomPhone } = await this.deps.webConfig.get();
    const phone = showroomPhone.trim();
    return {
      message:
        `${out.message} Chưa thể định giá tự động: showroom sẽ định giá trực tiếp cho bạn, ` +
        `hãy gửi yêu cầu tư vấn${phone ? ` hoặc gọi hotline ${phone}` : ''}.`,
      manualValuation: {
        consultingPath: '/consulting',
        hotline: phone || null,
        reason: out.reason,
        detail: out.message,
      },
    };
  }

  /** Cars on sale by days on the lot, against the market, with the suggested markdowns. */
  async stockAgeing(q: StockAgeingQuery): Promise<StockAgeing> {
    const built = await this.current();
    return stockAgeing(built.index, built.cars, this.deps.cars, this.deps.clock.now(), q);
  }

  /**
   * Brands, models and versions the engine has a price for, for the seller's form: every model of the
   * imported price lists and of the showroom's stock and sales, one price being enough (it is valued
   * from its segment, at a low confidence).
   */
  async catalogue(): Promise<ValuationCatalogue> {
    const { index } = await this.current();
    const brands = new Map<string, ValuationCatalogue['brands'][number]['models']>();
    for (const info of index.models.values()) {
      const versions = [...info.versions.values()]
        .map((rows) => ({ version: mostCommonVersion(rows.map((r) => r.version)), count: rows.length }))
        .filter((v) => v.version !== '')
        .sort((a, b) => b.count - a.count || a.version.localeCompare(b.version, 'vi'));
      const years = info.rows.map((r) => r.year);
      const list = brands.get(info.brand) ?? [];
      list.push({
        model: info.model,
        count: info.rows.length,
        years: [Math.min(...years), Math.max(...years)],
        versions,
      });
      brands.set(info.brand, list);
    }
    return {
      brands: [...brands.entries()]
        .sort(([a], [b]) => a.localeCompare(b, 'vi'))
        .map(([brand, models]) => ({
          brand,
          models: models.sort((a, b) => a.model.localeCompare(b.model, 'vi')),
        })),
    };
  }
}

/** The way a version is most often written among rows that share its key. */
function mostCommonVersion(names: string[]): string {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}
