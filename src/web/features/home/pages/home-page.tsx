import { PAGE_TITLES } from '@contract/page-titles';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowRight,
  Bot,
  CalendarCheck,
  FileCheck2,
  HandCoins,
  Search,
  ShieldCheck,
  Wallet,
  Wrench,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';
import { HomeNews } from '../../blogs';
import { CarRow, carFiltersQuery, typedSearchUrl, useHomepageCars } from '../../cars';
import { BannerCarousel } from '../../sliders';
import { StaticHero } from '../components/static-hero';

const REASONS = [
  {
    icon: ShieldCheck,
    title: 'Kiểm định kỹ lưỡng',
    text: 'Mỗi chiếc xe được kiểm tra động cơ, khung gầm, điện và lịch sử bảo dưỡng trước khi lên sàn.',
  },
  {
    icon: FileCheck2,
    title: 'Giấy tờ minh bạch',
    text: 'Nguồn gốc rõ ràng, cam kết không đâm đụng, không ngập nước; hỗ trợ sang tên nhanh gọn.',
  },
  {
    icon: Wallet,
    title: 'Hỗ trợ trả góp',
    text: 'Liên kết nhiều ngân hàng, thủ tục đơn giản, tư vấn phương án vay phù hợp với thu nhập.',
  },
];

const SERVICES = [
  {
    icon: CalendarCheck,
    title: 'Đăng ký lái thử',
    text: 'Trải nghiệm thực tế trước khi quyết định.',
    to: '/testdrive',
  },
  {
    icon: Wrench,
    title: 'Bảo dưỡng xe',
    text: 'Đặt lịch bảo dưỡng, sửa chữa tại xưởng.',
    to: '/maintenance',
  },
  {
    icon: HandCoins,
    title: 'Định giá & bán xe',
    text: 'Biết ngay giá xe của bạn, bán hoặc đổi xe tại showroom.',
    to: '/sell-car',
  },
  { icon: Bot, title: 'Tư vấn AI', text: 'Hỏi nhanh về giá, mẫu xe, chi phí lăn bánh.', to: '/chatbot' },
];

/** Shortcuts under the search box: body types and price bands buyers ask for most. */
const SHORTCUTS = [
  { label: 'SUV', to: '/cars?bodyType=SUV' },
  { label: 'Sedan', to: '/cars?bodyType=SEDAN' },
  { label: 'Bán tải', to: '/cars?bodyType=PICKUP' },
  { label: '7 chỗ', to: '/cars?size=7' },
  { label: 'Dưới 500 triệu', to: '/cars?maxPrice=500000000' },
  { label: 'Xe điện', to: '/cars?fuel=ELECTRIC' },
];

function QuickSearch() {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const queryClient = useQueryClient();
  async function search(e: FormEvent) {
    e.preventDefault();
    // The filter panel's values, so a recognised brand or colour is written as the panel lists it.
    const options = await queryClient.ensureQueryData(carFiltersQuery).catch(() => undefined);
    navigate(await typedSearchUrl(query, options));
  }
  return (
    <form
      onSubmit={(e) => void search(e)}
      aria-labelledby="home-search-title"
      className="relative z-10 -mt-10 rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:-mt-12 sm:p-6"
    >
      <h2 id="home-search-title" className="text-lg font-bold text-slate-900 sm:text-xl">
        Bạn đang tìm xe gì?
      </h2>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="home-search" className="sr-only">
          Tên xe, hãng xe hoặc dòng xe
        </label>
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            id="home-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Ví dụ: Toyota Vios, Mazda CX-5, bán tải"
            className="block min-h-12 w-full rounded-lg border border-slate-300 pr-3 pl-10 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          />
        </div>
        <button type="submit" className={buttonClass('primary', 'min-h-12 px-8 text-base')}>
          Tìm xe
        </button>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Tìm nhanh">
        {SHORTCUTS.map((s) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="inline-flex min-h-10 items-center rounded-full bg-slate-100 px-3.5 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-700"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </form>
  );
}

/** Home: banner slot, quick search, newest / most expensive / cheapest cars, why us, services. */
export default function HomePage() {
  useDocumentTitle(PAGE_TITLES['/']);
  const { data: config } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  const newest = useHomepageCars('newest');
  const expensive = useHomepageCars('most-expensive');
  const cheapest = useHomepageCars('cheapest');

  return (
    <>
      <BannerCarousel
        heading={`Xe cũ chất lượng, giá minh bạch, an tâm cầm lái tại showroom ${name}`}
        fallback={<StaticHero name={name} />}
      />
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <QuickSearch />
      </div>

      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10 sm:px-6 sm:py-14">
        <CarRow
          title="Xe mới lên sàn"
          description="Những chiếc xe vừa được đăng bán"
          cars={newest.data}
          loading={newest.isPending}
          moreTo="/cars"
        />
        <CarRow
          title="Xe cao cấp"
          description="Sang trọng, nhiều trang bị"
          cars={expensive.data}
          loading={expensive.isPending}
          moreTo="/cars?sort=price_desc"
          className="render-near-screen-row"
        />
        <CarRow
          title="Xe giá tốt"
          description="Lựa chọn tiết kiệm cho gia đình và người mua xe lần đầu"
          cars={cheapest.data}
          loading={cheapest.isPending}
          moreTo="/cars?sort=price_asc"
          className="render-near-screen-row"
        />
      </div>

      <section className="render-near-screen bg-slate-50" aria-labelledby="why-title">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="why-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Vì sao chọn {name}?
          </h2>
          <div className="mt-8 grid gap-5 md:grid-cols-3">
            {REASONS.map((r) => (
              <div key={r.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <r.icon className="size-6" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{r.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{r.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <HomeNews />

      <section className="render-near-screen" aria-labelledby="services-title">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Dịch vụ của chúng tôi
          </h2>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {SERVICES.map((s) => (
              <Link
                key={s.to}
                to={s.to}
                className="group flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
              >
                <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white group-hover:bg-brand-600">
                  <s.icon className="size-6" aria-hidden="true" />
                </div>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold text-slate-900">{s.title}</p>
                  <p className="text-sm text-slate-600">{s.text}</p>
                </div>
                <ArrowRight className="size-5 text-slate-400 group-hover:text-brand-600" aria-hidden="true" />
              </Link>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
