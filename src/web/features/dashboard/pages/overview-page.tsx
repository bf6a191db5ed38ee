import { formatDate, formatPrice, formatThousands, vnDayKey } from '@contract/format';
import { hasPermission, type Permission, ROLE_LABELS } from '@contract/permissions';
import {
  ArrowRight,
  BadgeDollarSign,
  Car,
  CarFront,
  Clock,
  Handshake,
  Images,
  Newspaper,
  PackageOpen,
  PhoneCall,
  Settings,
  Timer,
  TrendingUp,
  UserPlus,
  UserRound,
  Users,
  Wrench,
} from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { Skeleton } from '../../../components/skeleton';
import { cx } from '../../../lib/cx';
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
import { KpiCard } from '../components/kpi-card';
import { RangePicker } from '../components/range-picker';

const SHORTCUTS: { label: string; text: string; to: string; icon: typeof Car; permission?: Permission }[] = [
  {
    label: 'Danh sách xe',
    text: 'Thêm, sửa và theo dõi xe trong kho',
    to: '/dashboard/carManagement',
    icon: Car,
    permission: 'MANAGE_CAR',
  },
  {
    label: 'Yêu cầu dịch vụ',
    text: 'Lái thử, bảo dưỡng, tư vấn',
    to: '/dashboard/testdriveManagement',
    icon: Wrench,
    permission: 'MANAGE_SERVICE',
  },
  {
    label: 'Banner trang chủ',
    text: 'Ảnh trình chiếu trên trang chủ',
    to: '/dashboard/sliders',
    icon: Images,
    permission: 'MANAGE_OVERVIEW',
  },
  {
    label: 'Tin tức',
    text: 'Viết và xuất bản bài viết',
    to: '/dashboard/blogs',
    icon: Newspaper,
    permission: 'MANAGE_BLOG',
  },
  {
    label: 'Tài khoản nhân viên',
    text: 'Tài khoản và phân quyền',
    to: '/dashboard/users',
    icon: Users,
    permission: 'MANAGE_USER',
  },
  {
    label: 'Cấu hình hệ thống',
    text: 'Thông tin showroom, chi phí, trợ lý AI',
    to: '/dashboard/setting',
    icon: Settings,
    permission: 'WEB_CONFIG',
  },
  {
    label: 'Tài khoản của tôi',
    text: 'Thông tin cá nhân, đổi mật khẩu',
    to: '/dashboard/profile',
    icon: UserRound,
  },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const percent = (ratio: number) =>
  `${(Math.round(ratio * 1000) / 10).toLocaleString('vi-VN', { maximumFractionDigits: 1 })}%`;
const money = (vnd: number) => formatPrice(vnd) || '0 đ';
const count = (n: number) => formatThousands(n) || '0';

function rangeCaption(range: Range, open: string) {
  if (range.from && range.to) return `Từ ${dmy(range.from)} đến ${dmy(range.to)}`;
  if (range.from) return `Từ ${dmy(range.from)}`;
  if (range.to) return `Đến ${dmy(range.to)}`;
  return open;
}

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

  const s = summary.data;
  const custom = Boolean(range.from || range.to);
  const against = custom ? 'kỳ trước' : 'tháng trước';
  const shortcuts = SHORTCUTS.filter((x) => !x.permission || hasPermission(user, x.permission));
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
                hint={s ? `Giá trị kho ${money(s.stockValue)}` : null}
                to="/dashboard/carManagement?status=available"
              />
              <KpiCard
                testId="kpi-pending"
                label={custom ? 'Xe nhập trong kỳ đang giao dịch' : 'Xe đang giao dịch'}
                icon={Handshake}
                loading={!s}
                value={s ? count(s.pendingCars) : null}
                hint="Đã đặt cọc, chờ hoàn tất"
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
                hint="Lái thử, bảo dưỡng và tư vấn"
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
        <section aria-label="Hiệu quả" className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {canCars ? (
            <>
              <KpiCard
                small
                testId="kpi-margin"
                label="Lợi nhuận trung bình"
                icon={TrendingUp}
                loading={!perf.data}
                value={perf.data?.averageMargin != null ? money(perf.data.averageMargin) : '—'}
                hint={
                  perf.data
                    ? perf.data.marginRate != null
                      ? `Tỷ suất ${percent(perf.data.marginRate)} · ${perf.data.withPurchasePrice}/${perf.data.count} xe có giá nhập`
                      : 'Chưa có giao dịch ghi giá nhập'
                    : null
                }
              />
              <KpiCard
                small
                testId="kpi-days"
                label="Ngày tồn kho trung bình"
                icon={Clock}
                loading={!perf.data}
                value={
                  perf.data?.averageDaysInStock != null
                    ? `${perf.data.averageDaysInStock.toLocaleString('vi-VN')} ngày`
                    : '—'
                }
                hint={
                  perf.data
                    ? `Trên ${count(perf.data.count)} xe đã bán · ${rangeCaption(range, 'toàn thời gian')}`
                    : null
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
              loading={!response.data}
              value={response.data?.share != null ? percent(response.data.share) : '—'}
              hint={
                response.data
                  ? `${count(response.data.within24h)}/${count(response.data.considered)} yêu cầu${
                      response.data.averageHours != null
                        ? ` · trung bình ${response.data.averageHours.toLocaleString('vi-VN')} giờ`
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
              loading={!perf.data}
              value={perf.data?.averagePrice != null ? money(perf.data.averagePrice) : '—'}
              hint={perf.data ? `Doanh thu ${money(perf.data.revenue)}` : null}
            />
          ) : null}
        </section>
      ) : null}

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
            </>
          ) : null}
          {canCars ? (
            <section
              className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 xl:col-span-2"
              aria-label="Doanh số theo nhân viên"
            >
              <h2 className="font-semibold text-slate-900">Doanh số theo nhân viên</h2>
              <p className="mb-3 text-sm text-slate-500">{rangeCaption(range, 'Toàn thời gian')}</p>
              {!people.data ? (
                <div className="space-y-2">
                  <Skeleton className="h-10 w-full" />
                  <Skeleton className="h-10 w-full" />
                </div>
              ) : people.data.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-500">
                  Không có giao dịch trong khoảng thời gian này
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {people.data.map((p, i) => {
                    const best = people.data[0].revenue || 1;
                    return (
                      <li
                        key={p.userId}
                        className="grid grid-cols-[1.5rem_minmax(0,1fr)_auto] items-center gap-3 py-2.5"
                      >
                        <span className="text-sm font-semibold text-slate-400 tabular-nums">{i + 1}</span>
                        <div className="min-w-0">
                          <p className="truncate font-medium text-slate-900">{p.fullName}</p>
                          <div className="mt-1 h-1.5 rounded-full bg-slate-100" aria-hidden="true">
                            <div
                              className="h-1.5 rounded-full bg-brand-500"
                              style={{ width: `${Math.max(4, (p.revenue / best) * 100)}%` }}
                            />
                          </div>
                        </div>
                        <div className="text-right text-sm">
                          <p className="font-semibold text-slate-900 tabular-nums">{money(p.revenue)}</p>
                          <p className="text-slate-500">{count(p.count)} xe</p>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          ) : null}
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

      <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Truy cập nhanh</h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {(user ? shortcuts : []).map((x) => (
          <li key={x.to} className="min-w-0">
            <Link
              to={x.to}
              className="group flex items-center gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-brand-300"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                <x.icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{x.label}</span>
                <span className="block truncate text-sm text-slate-500">{x.text}</span>
              </span>
              <ArrowRight className="size-4 text-slate-400 group-hover:text-brand-600" aria-hidden="true" />
            </Link>
          </li>
        ))}
        {user
          ? null
          : Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <li key={i}>
                <Skeleton className={cx('h-[76px] w-full rounded-xl')} />
              </li>
            ))}
      </ul>
    </>
  );
}
