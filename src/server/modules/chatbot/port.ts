import { instalment } from '../../../contract/car-costs';
import type { WebConfigService } from '../web-config/service';
import type {
  CarRecords,
  InstalmentPlan,
  InstalmentRequest,
  InventoryPort,
  LoanTerms,
  ShowroomInfo,
} from './inventory';

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
): InventoryPort {
  return {
    carRecords: records,
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
