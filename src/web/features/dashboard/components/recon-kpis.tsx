import type { ReconStats } from '@contract/recon-stats';
import { CalendarClock, Hourglass, Landmark, PiggyBank, Timer, Wrench } from 'lucide-react';
import { ExportButtons } from '../../../components/export-buttons';
import type { Range } from '../api';
import { KpiCard } from './kpi-card';
import { count, dmy, money, percent, rangeCaption } from './overview-format';

const days = (n: number) => `${n.toLocaleString('vi-VN')} ngày`;
const VERDICT_TONE = { TARGET: 'text-emerald-700', ACCEPTABLE: 'text-amber-700', SLOW: 'text-red-700' };

/**
 * The numbers a showroom manager runs the lot on (docs/statistics.md, "Reconditioning and stock"):
 * time to line against its target, the board's load, reconditioning per car, the margin on true cost,
 * holding cost and quick sales. Car managers only, like every money figure of the overview.
 */
export function ReconKpis({ stats, range }: { stats: ReconStats | undefined; range: Range }) {
  const s = stats;
  const caption = rangeCaption(range, 'toàn thời gian');
  const busiest = s
    ? s.stages.byStage
        .filter((x) => x.count > 0)
        .map((x) => `${x.name} ${x.count}`)
        .join(' · ')
    : '';
  return (
    <section aria-labelledby="recon-kpis-title" className="mt-6" data-testid="recon-kpis">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="recon-kpis-title" className="font-semibold text-slate-900">
          Chuẩn bị xe và giá vốn
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportButtons path="recon-stats" query={{ from: range.from, to: range.to }} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <KpiCard
          small
          testId="kpi-time-to-line"
          label="Thời gian lên sàn"
          icon={CalendarClock}
          loading={!s}
          value={s?.timeToLine.averageDays != null ? days(s.timeToLine.averageDays) : '—'}
          hint={
            s ? (
              <>
                {s.timeToLine.verdict ? (
                  <span className={VERDICT_TONE[s.timeToLine.verdict]}>{s.timeToLine.verdictLabel} · </span>
                ) : null}
                Mục tiêu {s.timeToLine.targetDays} ngày, chấp nhận {s.timeToLine.acceptableDays} ngày ·{' '}
                {count(s.timeToLine.cars)} xe lên sàn · {caption}
              </>
            ) : null
          }
          to="/dashboard/recon"
        />
        <KpiCard
          small
          testId="kpi-preparing"
          label="Xe đang chuẩn bị"
          icon={Wrench}
          loading={!s}
          value={s ? count(s.stages.preparing) : null}
          hint={
            s ? (
              <>
                <span className={s.stages.late ? 'text-red-700' : undefined}>
                  {count(s.stages.late)} trễ hạn
                </span>
                {busiest ? ` · ${busiest}` : ''}
              </>
            ) : null
          }
          to="/dashboard/recon"
        />
        <KpiCard
          small
          testId="kpi-recon-cost"
          label="Chi phí tân trang mỗi xe"
          icon={Hourglass}
          loading={!s}
          value={s?.reconCost.averagePerCar != null ? money(s.reconCost.averagePerCar) : '—'}
          hint={
            s
              ? s.reconCost.actualToEstimate != null
                ? `Thực tế bằng ${percent(s.reconCost.actualToEstimate)} dự toán · ${count(s.reconCost.itemsCompleted)} hạng mục, ${count(s.reconCost.overEstimate)} vượt dự toán`
                : `Chưa có hạng mục hoàn thành · ${caption}`
              : null
          }
        />
        <KpiCard
          small
          testId="kpi-true-margin"
          label="Lãi mỗi xe trên giá vốn thực"
          icon={PiggyBank}
          loading={!s}
          value={s?.margin.averageMargin != null ? money(s.margin.averageMargin) : '—'}
          hint={
            s
              ? s.margin.marginRate != null
                ? `Tỷ suất ${percent(s.margin.marginRate)} · ${count(s.margin.withTrueCost)}/${count(s.margin.sold)} xe có giá vốn thực`
                : 'Chưa có xe bán kèm giá vốn thực'
              : null
          }
        />
        <KpiCard
          small
          testId="kpi-holding"
          label={range.from || range.to ? 'Chi phí vốn tồn kho trong kỳ' : 'Chi phí vốn tồn kho tháng này'}
          icon={Landmark}
          loading={!s}
          value={s ? money(s.holding.total) : null}
          hint={
            s
              ? `${count(s.holding.cars)} xe · ${percent(s.holding.rate)}/năm · ${dmy(s.holding.from)} – ${dmy(s.holding.to)}`
              : null
          }
        />
        <KpiCard
          small
          testId="kpi-quick-sales"
          label="Bán trong 30 ngày"
          icon={Timer}
          loading={!s}
          value={s?.quickSales.share != null ? percent(s.quickSales.share) : '—'}
          hint={
            s
              ? `${count(s.quickSales.count)}/${count(s.quickSales.sold)} xe bán trong ${s.quickSales.withinDays} ngày kể từ ngày mua · ${caption}`
              : null
          }
        />
      </div>
    </section>
  );
}
