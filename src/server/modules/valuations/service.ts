import { formatKm, formatPrice, vnDayKey } from '../../../contract/format';
import {
  BASIS_LABELS,
  type StockAgeing,
  type StockAgeingQuery,
  type ValuationCatalogue,
} from '../../../contract/valuations';
import type { Clock } from '../../platform/clock';
import { ApiError } from '../../platform/errors';
import type { CarEvidence, CarsService } from '../cars/service';
import type { MarketPricesService } from '../market-prices/service';
import type { SalesService } from '../sales/service';
import type { WebConfigService } from '../web-config/service';
import { MarketIndex } from './engine/market-index';
import type { EvidenceInput, Refusal, Valuation, ValuationQuery } from './engine/types';
import { usualOdometer, valueCar } from './engine/value';
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

  constructor(private readonly deps: ValuationDeps) {
    deps.market.onChange(() => {
      this.marketGeneration++;
    });
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
        this.rebuild().catch((err) => this.deps.log?.error({ err }, 'valuation index refresh failed'));
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
