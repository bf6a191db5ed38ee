import { formatDate, vnDayKey } from '@contract/format';
import { hasPermission, ROLE_LABELS } from '@contract/permissions';
import {
  BadgeDollarSign,
  CarFront,
  Handshake,
  PackageOpen,
  PhoneCall,
  TrendingUp,
  UserPlus,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { useMyInfo } from '../../../lib/session';
import { type Range, useStats } from '../api';
import {
  BrandChart,
  brandPoints,
  ChartCard,
  LeadsByStatusChart,
  LeadsByWeekChart,
  SalesByMonthChart,
} from '../components/charts';
import { FirstResponseCard } from '../components/first-response-card';
import { KpiCard } from '../components/kpi-card';
import { LeadSourcesCard } from '../components/lead-sources-card';
import { count, money, pendingHint, percent, rangeCaption } from '../components/overview-format';
import { PerformanceKpis } from '../components/performance-kpis';
import { RangePicker } from '../components/range-picker';
import { ReconKpis } from '../components/recon-kpis';
import { ReservationKpis } from '../components/reservation-kpis';
import { SalespeopleCard } from '../components/salespeople-card';
import { Shortcuts } from '../components/shortcuts';
import { StockAgeCard } from '../components/stock-age-card';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** '▲ 12,5% so với tháng trước' in green, '▼ …' in red. */
function Change({ ratio, against }: { ratio: number | null; against: string }) {
  if (ratio === null) return <>Chưa có doanh thu {against} để so sánh</>;
  const up = ratio >= 0;
  return (
    <span className={up ? 'text-emerald-700' : 'text-red-700'}>
      {up ? '▲' : '▼'} {percent(Math.abs(ratio))} <span className="text-slate-500">so với {against}</span>
    </span>
  );
}

/**
 * /dashboard: KPI cards and charts of stock, sales and leads for the chosen range (docs/statistics.md),
 * each card a link to the list behind it. What a user's permissions do not cover is not shown:
 * cars and sales need MANAGE_CAR, leads MANAGE_SERVICE.
 */
export default function OverviewPage() {
  const { data: user } = useMyInfo();
  const [params, setParams] = useSearchParams();
  const range: Range = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : '',
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : '',
  };
  const setRange = (next: Range) => {
    const p = new URLSearchParams(params);
    for (const k of ['from', 'to'] as const) {
      if (next[k]) p.set(k, next[k]);
      else p.delete(k);
    }
    setParams(p, { replace: true });
  };
  const canCars = hasPermission(user, 'MANAGE_CAR');
  const canLeads = hasPermission(user, 'MANAGE_SERVICE');
  const summary = useStats('summary', range, canCars || canLeads);
  const perf = useStats('sales-performance', range, canCars);
  const months = useStats('sold-cars-by-months', range, canCars);
  const stock = useStats('total-cars-by-brand', range, canCars);
  const soldByBrand = useStats('sold-cars-by-brand', range, canCars);
  const people = useStats('salespeople', range, canCars);
  const leadStats = useStats('service-requests', range, canLeads);
  const weeks = useStats('leads-by-week', range, canLeads);
  const response = useStats('lead-response', range, canLeads);
  const sources = useStats('lead-sources', range, canLeads);
  const firstResponse = useStats('first-response', range, canLeads);
  const deposits = useStats('reservations', range, canCars);
  const recon = useStats('recon', range, canCars);

  const s = summary.data;
  const custom = Boolean(range.from || range.to);
  const against = custom ? 'kỳ trước' : 'tháng trước';
  const points = brandPoints(stock.data ?? [], soldByBrand.data ?? []);
  const brandHeight = Math.max(160, points.length * 44 + 56);
  // A new showroom: no car ever entered, no lead ever sent.
  const newShowroom =
    !custom &&
    (canCars || canLeads) &&
    (!canCars || (stock.data !== undefined && stock.data.length === 0)) &&
    (!canLeads || (leadStats.data !== undefined && leadStats.data.total === 0));
  const year = months.data?.[0]?.year;
  const soldLink = s
    ? `/dashboard/soldhistory?status=active&from=${s.period.from}&to=${s.period.to}`
    : '/dashboard/soldhistory';

  return (
    <>
      <PageHeader
        title="Tổng quan"
        description={
          custom
            ? `Số liệu ${rangeCaption(range, '').toLowerCase()}`
            : `Hôm nay, ${formatDate(new Date())}${user ? ` · Xin chào, ${user.name}` : ''}`
        }
      />
      {canCars || canLeads ? (
        <div className="mb-5">
          <RangePicker value={range} onChange={setRange} />
        </div>
      ) : null}

      {canCars || canLeads ? (
        <section aria-label="Chỉ số chính" className="grid grid-cols-2 gap-3 xl:grid-cols-3">
          {canCars ? (
            <>
              <KpiCard
                testId="kpi-for-sale"
                label={custom ? 'Xe nhập trong kỳ đang bán' : 'Xe đang bán'}
                icon={CarFront}
                loading={!s}
                value={s ? count(s.carsForSale) : null}
                hint={
                  s
                    ? `Giá trị kho ${money(s.stockValue)}${
                        s.stockFromPublicShare !== null
                          ? ` · ${Math.round(s.stockFromPublicShare * 100)}% thu mua từ khách (${count(s.stockFromPublic)} xe)`
                          : ''
                      }`
                    : null
                }
                to="/dashboard/carManagement?status=available"
              />
              <KpiCard
                testId="kpi-pending"
                label={custom ? 'Xe nhập trong kỳ đang giao dịch' : 'Xe đang giao dịch'}
                icon={Handshake}
                loading={!s}
                value={s ? count(s.pendingCars) : null}
                hint={s ? pendingHint(s.pendingHolds) : null}
                to="/dashboard/carManagement?status=pending"
              />
              <KpiCard
                testId="kpi-sold"
                label={custom ? 'Xe bán trong kỳ' : 'Xe bán tháng này'}
                icon={BadgeDollarSign}
                loading={!s}
                value={s ? count(s.soldCount) : null}
                hint={s ? `${s.previousPeriod.label}: ${count(s.previousSoldCount)} xe` : null}
                to={soldLink}
              />
              <KpiCard
                testId="kpi-revenue"
                label={custom ? 'Doanh thu trong kỳ' : 'Doanh thu tháng này'}
                icon={TrendingUp}
                loading={!s}
                value={s ? money(s.revenue) : null}
                hint={s ? <Change ratio={s.revenueChange} against={against} /> : null}
                to={soldLink}
              />
            </>
          ) : null}
          {canLeads ? (
            <>
              <KpiCard
                testId="kpi-new-leads"
                label={custom ? 'Yêu cầu mới trong kỳ' : 'Yêu cầu mới hôm nay'}
                icon={UserPlus}
                loading={!s}
                value={s ? count(s.newLeads) : null}
                hint="Lái thử, bảo dưỡng, tư vấn và thu mua"
                to="/dashboard/testdriveManagement"
              />
              <KpiCard
                testId="kpi-waiting"
                label="Chờ liên hệ"
                icon={PhoneCall}
                loading={!s}
                value={s ? count(s.leadsWaiting) : null}
                hint={custom ? 'Yêu cầu trong kỳ còn ở trạng thái Mới' : 'Yêu cầu còn ở trạng thái Mới'}
                to="/dashboard/testdriveManagement?status=NEW"
              />
            </>
          ) : null}
        </section>
      ) : null}

      {(canCars || canLeads) && !newShowroom ? (
        <PerformanceKpis
          canCars={canCars}
          canLeads={canLeads}
          perf={perf.data}
          response={response.data}
          range={range}
        />
      ) : null}
      {canCars ? <ReservationKpis stats={deposits.data} range={range} /> : null}
      {canCars && !newShowroom ? <ReconKpis stats={recon.data} range={range} /> : null}

      {newShowroom ? (
        <div className="mt-6 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          <EmptyState
            icon={<PackageOpen className="size-6" aria-hidden="true" />}
            title="Showroom chưa có dữ liệu để thống kê"
            description="Khi có xe trong kho, giao dịch bán và yêu cầu của khách hàng, biểu đồ sẽ hiện ở đây."
            action={
              canCars ? (
                <Link to="/dashboard/car/add" className={buttonClass('primary')}>
                  Thêm xe đầu tiên
                </Link>
              ) : null
            }
          />
        </div>
      ) : null}

      {(canCars || canLeads) && !newShowroom ? (
        <div className="mt-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
          {canCars ? (
            <>
              <ChartCard
                testId="chart-sales-by-month"
                title="Doanh số và doanh thu theo tháng"
                caption={custom ? rangeCaption(range, '') : year ? `Năm ${year}` : null}
                loading={!months.data}
                empty={!!months.data && months.data.every((m) => m.count === 0)}
              >
                <SalesByMonthChart rows={months.data ?? []} today={vnDayKey(new Date())} />
              </ChartCard>
              <ChartCard
                testId="chart-brands"
                title="Xe theo hãng"
                caption={`Đang bán và đã bán · ${rangeCaption(range, 'toàn thời gian')}`}
                loading={!stock.data || !soldByBrand.data}
                empty={points.length === 0}
                height={brandHeight}
              >
                <BrandChart points={points} />
              </ChartCard>
              <StockAgeCard aged={recon.data?.agedStock} />
            </>
          ) : null}
          {canLeads ? (
            <>
              <ChartCard
                testId="chart-leads-status"
                title="Yêu cầu dịch vụ theo trạng thái"
                caption={`Theo loại yêu cầu · ${rangeCaption(range, 'toàn thời gian')}`}
                loading={!leadStats.data}
                empty={leadStats.data?.total === 0}
              >
                <LeadsByStatusChart stats={leadStats.data!} />
              </ChartCard>
              <ChartCard
                testId="chart-leads-week"
                title="Yêu cầu dịch vụ theo tuần"
                caption={rangeCaption(range, '12 tuần gần nhất')}
                loading={!weeks.data}
                empty={!!weeks.data && weeks.data.every((w) => w.total === 0)}
              >
                <LeadsByWeekChart rows={weeks.data ?? []} />
              </ChartCard>
              <LeadSourcesCard stats={sources.data} caption={rangeCaption(range, 'toàn thời gian')} />
              <FirstResponseCard rows={firstResponse.data} caption={rangeCaption(range, 'toàn thời gian')} />
            </>
          ) : null}
          {canCars ? <SalespeopleCard people={people.data} range={range} /> : null}
        </div>
      ) : null}

      {user && !canCars && !canLeads ? (
        <section className="relative overflow-hidden rounded-2xl bg-slate-900 p-6 text-white shadow-sm sm:p-8">
          <div
            className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.6),transparent_55%)]"
            aria-hidden="true"
          />
          <div className="relative">
            <p className="text-sm text-slate-300">{ROLE_LABELS[user.role] ?? user.role}</p>
            <h2 className="mt-1 text-2xl font-bold sm:text-3xl">Xin chào, {user.name}!</h2>
            <p className="mt-3 max-w-2xl text-slate-300">
              Chúc bạn một ngày làm việc hiệu quả. Chọn một mục bên dưới hoặc trong menu để bắt đầu.
            </p>
          </div>
        </section>
      ) : null}

      <Shortcuts user={user} />
    </>
  );
}
