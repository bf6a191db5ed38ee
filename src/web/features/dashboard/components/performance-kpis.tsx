import type { LeadResponseStats, SalesPerformance } from '@contract/stats';
import { BadgeDollarSign, Clock, Timer, TrendingUp } from 'lucide-react';
import type { Range } from '../api';
import { KpiCard } from './kpi-card';
import { count, money, percent, rangeCaption } from './overview-format';

/** The smaller cards under the main ones: margin, days in stock, lead response and average price. */
export function PerformanceKpis({
  canCars,
  canLeads,
  perf,
  response,
  range,
}: {
  canCars: boolean;
  canLeads: boolean;
  perf: SalesPerformance | undefined;
  response: LeadResponseStats | undefined;
  range: Range;
}) {
  return (
    <section aria-label="Hiệu quả" className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {canCars ? (
        <>
          <KpiCard
            small
            testId="kpi-margin"
            label="Lợi nhuận trung bình"
            icon={TrendingUp}
            loading={!perf}
            value={perf?.averageMargin != null ? money(perf.averageMargin) : '—'}
            hint={
              perf
                ? perf.marginRate != null
                  ? `Tỷ suất ${percent(perf.marginRate)} · ${perf.withPurchasePrice}/${perf.count} xe có giá nhập`
                  : 'Chưa có giao dịch ghi giá nhập'
                : null
            }
          />
          <KpiCard
            small
            testId="kpi-days"
            label="Ngày tồn kho trung bình"
            icon={Clock}
            loading={!perf}
            value={
              perf?.averageDaysInStock != null
                ? `${perf.averageDaysInStock.toLocaleString('vi-VN')} ngày`
                : '—'
            }
            hint={
              perf ? `Trên ${count(perf.count)} xe đã bán · ${rangeCaption(range, 'toàn thời gian')}` : null
            }
          />
        </>
      ) : null}
      {canLeads ? (
        <KpiCard
          small
          testId="kpi-response"
          label="Liên hệ trong 24 giờ"
          icon={Timer}
          loading={!response}
          value={response?.share != null ? percent(response.share) : '—'}
          hint={
            response
              ? `${count(response.within24h)}/${count(response.considered)} yêu cầu${
                  response.averageHours != null
                    ? ` · trung bình ${response.averageHours.toLocaleString('vi-VN')} giờ`
                    : ''
                }`
              : null
          }
        />
      ) : null}
      {canCars ? (
        <KpiCard
          small
          testId="kpi-average-price"
          label="Giá bán trung bình"
          icon={BadgeDollarSign}
          loading={!perf}
          value={perf?.averagePrice != null ? money(perf.averagePrice) : '—'}
          hint={perf ? `Doanh thu ${money(perf.revenue)}` : null}
        />
      ) : null}
    </section>
  );
}
