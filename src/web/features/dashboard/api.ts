import type { ServiceRequestStats } from '@contract/leads';
import type {
  BrandSalesRow,
  BrandStockRow,
  DashboardSummary,
  LeadResponseStats,
  LeadWeekRow,
  MonthSalesRow,
  SalesPerformance,
  SalespersonRow,
} from '@contract/stats';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, buildUrl } from '../../lib/api-client';
import { getToken } from '../../lib/token';

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

export type ExportFormat = 'xlsx' | 'csv';

/** The file name the server chose (Content-Disposition), or a fallback. */
function fileName(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(disposition ?? '');
  return plain ? plain[1] : fallback;
}

/**
 * Downloads GET exports/{path}.{format} with the bearer token (a plain link cannot send it): the answer
 * becomes a blob the browser saves under the server's file name.
 */
export async function downloadExport(
  path: string,
  format: ExportFormat,
  query: Record<string, string | number | boolean | null | undefined> = {},
): Promise<void> {
  const url = buildUrl(`exports/${path}.${format}`, query);
  const headers: Record<string, string> = {};
  const jwt = getToken();
  if (jwt) headers.authorization = `Bearer ${jwt}`;
  const res = await fetch(url, { headers, credentials: 'same-origin' });
  if (!res.ok) {
    let message = 'Không xuất được dữ liệu, vui lòng thử lại!';
    try {
      const body = (await res.json()) as { message?: string };
      if (body.message) message = body.message;
    } catch {
      // not JSON: keep the general message
    }
    throw new Error(message);
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(res.headers.get('content-disposition'), `${path.replace(/\//g, '-')}.${format}`);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
