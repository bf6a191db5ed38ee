import { instalment } from '../../../contract/car-costs';
import { ApiError } from '../../platform/errors';
import type { WebConfigService } from '../web-config/service';
import type {
  CarHold,
  CarRecords,
  InstalmentPlan,
  InstalmentRequest,
  InventoryPort,
  LoanTerms,
  OwnCarQuery,
  OwnCarValue,
  ShowroomInfo,
} from './inventory';

/** What the advisor uses of the reservations and valuations modules (their public entries). */
export interface DealingSources {
  holdOf?: (carId: number) => Promise<{ paid: boolean; until: Date | null } | null>;
  valuations?: {
    value(q: OwnCarQuery): Promise<{
      estimate: number;
      low: number;
      high: number;
      confidence: string;
      comparables: unknown[];
    }>;
  };
}

/** The inventory half of the port: searches, single cars, price statistics, the catalogue. */
export type InventoryReader = Pick<InventoryPort, 'searchCars' | 'getCar' | 'priceStats' | 'catalogue'>;

/** Default loan term when the buyer names none, capped by the configured maximum. */
export const DEFAULT_TERM_MONTHS = 60;

/** Loan figures for a price and the buyer's wishes, with the configured limits (shared by every adapter). */
export function planInstalment(
  settings: Parameters<typeof instalment>[0],
  req: InstalmentRequest,
): InstalmentPlan {
  const price = Math.round(req.price);
  let wanted = settings.maxLoanRatio;
  if (req.downPayment !== undefined && price > 0) wanted = Math.max(0, (price - req.downPayment) / price);
  else if (req.downRatio !== undefined) wanted = 1 - req.downRatio;
  const capped = wanted > settings.maxLoanRatio + 1e-9;
  const term = req.termMonths ?? Math.min(DEFAULT_TERM_MONTHS, settings.maxTermMonths);
  const r = instalment(settings, {
    price,
    loanRatio: Math.min(wanted, settings.maxLoanRatio),
    termMonths: term,
  });
  return {
    price,
    downPayment: r.downPayment,
    loan: r.loanAmount,
    termMonths: r.termMonths,
    annualRate: r.annualRate,
    firstPayment: r.firstMonthPayment,
    lastPayment: r.lastMonthPayment,
    totalInterest: r.totalInterest,
    capped,
    maxLoanRatio: settings.maxLoanRatio,
    maxTermMonths: settings.maxTermMonths,
  };
}

/** The advisor's port: the cars service for cars, the web configuration for the showroom and loans. */
export function inventoryPort(
  reader: InventoryReader,
  webConfig: WebConfigService,
  records: (carId: number) => Promise<CarRecords | null>,
  dealing: DealingSources = {},
): InventoryPort {
  return {
    carRecords: records,
    async carHold(id): Promise<CarHold | null> {
      const hold = await dealing.holdOf?.(id);
      return hold ? { paid: hold.paid, until: hold.until?.toISOString() ?? null } : null;
    },
    async valueCar(q): Promise<OwnCarValue> {
      if (!dealing.valuations) return { ok: false, message: 'Showroom chưa bật định giá tự động.' };
      try {
        const v = await dealing.valuations.value(q);
        return {
          ok: true,
          estimate: v.estimate,
          low: v.low,
          high: v.high,
          confidence: v.confidence,
          comparables: v.comparables.length,
        };
      } catch (err) {
        // The engine refuses what it cannot value (422) in words meant for the visitor.
        if (err instanceof ApiError && err.status < 500) return { ok: false, message: err.message };
        throw err;
      }
    },
    searchCars: (s) => reader.searchCars(s),
    getCar: (id) => reader.getCar(id),
    priceStats: (s) => reader.priceStats(s),
    catalogue: () => reader.catalogue(),
    async showroom(): Promise<ShowroomInfo> {
      const c = await webConfig.get();
      return {
        name: c.showroomName,
        address: c.showroomAddress,
        phone: c.showroomPhone,
        email: c.showroomEmail,
        openingHours: c.openingHours,
        messengerUrl: c.messengerUrl,
        zaloUrl: c.zaloUrl,
        facebookUrl: c.facebookUrl,
        policies: c.policies,
        reservations: webConfig.publicReservations(c.reservations),
      };
    },
    async loanTerms(): Promise<LoanTerms> {
      const s = (await webConfig.get()).carCalculations;
      return { annualRate: s.loanInterestRate, maxLoanRatio: s.maxLoanRatio, maxTermMonths: s.maxTermMonths };
    },
    async instalment(req) {
      return planInstalment((await webConfig.get()).carCalculations, req);
    },
  };
}
