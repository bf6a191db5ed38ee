import {
  ArrowRight,
  Bot,
  CalendarCheck,
  FileCheck2,
  Search,
  ShieldCheck,
  Wallet,
  Wrench,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/button';
import { useWebConfig } from '../../../lib/web-config';

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
  { icon: Bot, title: 'Tư vấn AI', text: 'Hỏi nhanh về giá, mẫu xe, chi phí lăn bánh.', to: '/chatbot' },
];

/** Placeholder home: the hero and the showroom's promises; the content issue fills in the car sections. */
export default function HomePage() {
  const { data: config } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  const navigate = useNavigate();
  const [query, setQuery] = useState('');

  function search(e: FormEvent) {
    e.preventDefault();
    const q = query.trim();
    navigate(q ? `/cars?carName=${encodeURIComponent(q)}` : '/cars');
  }

  return (
    <>
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.55),transparent_60%)]"
          aria-hidden="true"
        />
        <div
          className="absolute inset-0 opacity-[0.07] [background-image:linear-gradient(rgba(255,255,255,.6)_1px,transparent_1px),linear-gradient(90deg,rgba(255,255,255,.6)_1px,transparent_1px)] [background-size:48px_48px]"
          aria-hidden="true"
        />
        <div className="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.2fr_1fr] lg:py-24">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-red-100 ring-1 ring-white/15">
              <ShieldCheck className="size-4" aria-hidden="true" />
              Showroom ô tô đã qua sử dụng {name}
            </p>
            <h1 className="mt-5 text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem]">
              Xe cũ chất lượng, <span className="text-red-400">giá minh bạch</span>, an tâm cầm lái
            </h1>
            <p className="mt-5 max-w-xl text-base leading-relaxed text-slate-300 sm:text-lg">
              Hàng trăm mẫu xe đã qua kiểm định, giá niêm yết rõ ràng, hỗ trợ trả góp và lái thử tận nơi. Tìm
              chiếc xe phù hợp với bạn chỉ trong vài phút.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/cars" className={buttonClass('primary', 'min-h-12 px-6 text-base')}>
                Xem xe đang bán
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
              <Link
                to="/testdrive"
                className="inline-flex min-h-12 items-center justify-center gap-2 rounded-lg border border-white/25 px-6 text-base font-semibold text-white hover:bg-white/10"
              >
                Đăng ký lái thử
              </Link>
            </div>
          </div>

          <form
            onSubmit={search}
            className="rounded-2xl bg-white p-5 text-slate-800 shadow-2xl ring-1 ring-black/5 sm:p-7"
            aria-label="Tìm xe"
          >
            <h2 className="text-lg font-bold text-slate-900 sm:text-xl">Bạn đang tìm xe gì?</h2>
            <p className="mt-1 text-sm text-slate-500">
              Nhập tên xe hoặc hãng xe, ví dụ: Toyota Vios, Mazda CX-5.
            </p>
            <label htmlFor="home-search" className="sr-only">
              Tên xe hoặc hãng xe
            </label>
            <div className="relative mt-4">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                id="home-search"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Tên xe, hãng xe..."
                className="block min-h-12 w-full rounded-lg border border-slate-300 pr-3 pl-10 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
              />
            </div>
            <button type="submit" className={buttonClass('primary', 'mt-3 min-h-12 w-full text-base')}>
              Tìm xe
            </button>
            <div className="mt-5 grid grid-cols-3 gap-2 border-t border-slate-100 pt-5 text-center">
              {[
                ['100%', 'Xe kiểm định'],
                [`${Math.round((config?.carCalculations.maxLoanRatio ?? 0.7) * 100)}%`, 'Hỗ trợ vay'],
                ['24/7', 'Tư vấn AI'],
              ].map(([value, label]) => (
                <div key={label}>
                  <p className="text-lg font-bold text-brand-600 sm:text-xl">{value}</p>
                  <p className="text-xs text-slate-500">{label}</p>
                </div>
              ))}
            </div>
          </form>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20" aria-labelledby="why-title">
        <h2 id="why-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Vì sao chọn {name}?
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-3">
          {REASONS.map((r) => (
            <div key={r.title} className="rounded-2xl border border-slate-200 p-6 shadow-sm">
              <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                <r.icon className="size-6" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{r.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{r.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-50" aria-labelledby="services-title">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20">
          <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Dịch vụ của chúng tôi
          </h2>
          <div className="mt-8 grid gap-4 md:grid-cols-3">
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
