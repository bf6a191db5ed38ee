import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';

/**
 * The home page's hero when no banner is active (or the banner call fails): the fallback of the
 * sliders feature's BannerCarousel. It carries the page's h1.
 */
export function StaticHero({ name }: { name: string }) {
  return (
    <section className="relative overflow-hidden bg-slate-950 text-white">
      <div
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.55),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16 sm:pb-24 lg:pt-20 lg:pb-28">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-red-100 ring-1 ring-white/15">
          <ShieldCheck className="size-4" aria-hidden="true" />
          Showroom ô tô đã qua sử dụng {name}
        </p>
        <h1 className="mt-5 max-w-3xl text-3xl leading-tight font-bold tracking-tight text-balance sm:text-5xl">
          Xe cũ chất lượng, <span className="text-red-400">giá minh bạch</span>, an tâm cầm lái
        </h1>
        <p className="mt-4 max-w-xl text-base leading-relaxed text-slate-300 sm:text-lg">
          Xe đã qua kiểm định, giá niêm yết rõ ràng, hỗ trợ trả góp và lái thử. Tìm chiếc xe phù hợp với bạn
          chỉ trong vài phút.
        </p>
        <div className="mt-7 flex flex-col gap-3 sm:flex-row">
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
    </section>
  );
}
