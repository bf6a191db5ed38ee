import type { LeadSourceStats, ServiceRequestStats } from '@contract/leads';
import type { ReconStats } from '@contract/recon-stats';
import type {
  BrandSalesRow,
  BrandStockRow,
  DashboardSummary,
  FirstResponseRow,
  LeadResponseStats,
  LeadWeekRow,
  MonthSalesRow,
  ReservationStats,
  SalesPerformance,
  SalespersonRow,
} from '@contract/stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The range every card and chart of the overview follows ('yyyy-mm-dd' or ''). */
export interface Range {
  from: string;
  to: string;
}

/** Statistics answers of GET dashboard/{path} by their path. */
interface StatsAnswers {
  summary: DashboardSummary;
  'sales-performance': SalesPerformance;
  'sold-cars-by-months': MonthSalesRow[];
  'sold-cars-by-brand': BrandSalesRow[];
  'total-cars-by-brand': BrandStockRow[];
  salespeople: SalespersonRow[];
  'service-requests': ServiceRequestStats;
  'leads-by-week': LeadWeekRow[];
  'lead-response': LeadResponseStats;
  'first-response': FirstResponseRow[];
  'lead-sources': LeadSourceStats;
  reservations: ReservationStats;
  recon: ReconStats;
}

/** GET dashboard/{path}?from&to under ['dashboard', path, range]; the previous answer stays while the next loads. */
export function useStats<P extends keyof StatsAnswers>(path: P, range: Range, enabled = true) {
  return useQuery({
    queryKey: ['dashboard', path, range.from, range.to],
    queryFn: ({ signal }) =>
      api<StatsAnswers[P]>(`dashboard/${path}`, {
        auth: true,
        query: { from: range.from, to: range.to },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
}
