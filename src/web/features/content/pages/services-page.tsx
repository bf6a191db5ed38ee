import { PAGE_TITLES } from '@contract/page-titles';
import {
  ArrowRight,
  Banknote,
  Bot,
  CalendarCheck,
  Car,
  CheckCircle2,
  type LucideIcon,
  MessagesSquare,
  Phone,
  Wrench,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { PageHero } from '../../../components/page-hero';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';

interface Service {
  icon: LucideIcon;
  title: string;
  text: string;
  points: string[];
  to: string;
  action: string;
}

/** The three bookable services first (test drive, maintenance, consulting). */
const MAIN: Service[] = [
  {
    icon: CalendarCheck,
    title: 'Đăng ký lái thử',
    text: 'Cảm nhận thực tế chiếc xe bạn quan tâm trước khi quyết định, có kỹ thuật viên đi cùng.',
    points: ['Đặt lịch trong 1 phút', 'Lái thử tại showroom hoặc tận nhà', 'Không mua cũng không sao'],
    to: '/testdrive',
    action: 'Đăng ký lái thử',
  },
  {
    icon: Wrench,
    title: 'Bảo dưỡng xe',
    text: 'Bảo dưỡng định kỳ, sửa chữa gầm máy, điện và điều hòa tại xưởng dịch vụ của showroom.',
    points: [
      'Phụ tùng chính hãng, báo giá trước',
      'Xưởng 6 khoang nâng, nhận xe đúng hẹn',
      'Bảo hành 6 tháng',
    ],
    to: '/maintenance',
    action: 'Đặt lịch bảo dưỡng',
  },
  {
    icon: MessagesSquare,
    title: 'Tư vấn mua xe',
    text: 'Chuyên viên giúp bạn chọn xe theo nhu cầu, ngân sách và tính trước chi phí lăn bánh.',
    points: ['Tư vấn miễn phí, không ép mua', 'So sánh các mẫu xe phù hợp', 'Gọi lại trong giờ làm việc'],
    to: '/consulting',
    action: 'Nhận tư vấn',
  },
];

const MORE: Service[] = [
  {
    icon: Car,
    title: 'Mua xe đã qua sử dụng',
    text: 'Xe kiểm định 176 hạng mục, giấy tờ minh bạch, giá niêm yết rõ ràng.',
    points: [],
    to: '/cars',
    action: 'Xem xe đang bán',
  },
  {
    icon: Banknote,
    title: 'Hỗ trợ trả góp',
    text: 'Liên kết nhiều ngân hàng, vay đến 70% giá trị xe, thủ tục trọn gói tại showroom.',
    points: [],
    to: '/consulting',
    action: 'Hỏi về trả góp',
  },
  {
    icon: Bot,
    title: 'Tư vấn AI 24/7',
    text: 'Hỏi nhanh về giá, mẫu xe, chi phí lăn bánh bất kỳ lúc nào.',
    points: [],
    to: '/chatbot',
    action: 'Trò chuyện ngay',
  },
];

const STEPS = [
  { title: 'Chọn dịch vụ', text: 'Lái thử, bảo dưỡng hoặc tư vấn: chọn điều bạn cần.' },
  { title: 'Để lại thông tin', text: 'Họ tên, số điện thoại và thời gian thuận tiện.' },
  { title: 'Showroom xác nhận', text: 'Nhân viên gọi lại xác nhận lịch trong giờ làm việc.' },
  { title: 'Đến hẹn', text: 'Chúng tôi chuẩn bị sẵn xe và kỹ thuật viên đón bạn.' },
];

/** /services: what the showroom offers, with links to /testdrive, /maintenance and /consulting. */
export default function ServicesPage() {
  const { data: config } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  useDocumentTitle(PAGE_TITLES['/services']);

  return (
    <>
      <PageHero
        eyebrow="Dịch vụ"
        title="Dịch vụ tại showroom"
        intro={`Từ lúc chọn xe tới những lần bảo dưỡng sau này, ${name} đồng hành cùng bạn trên mọi hành trình.`}
      />

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16" aria-label="Dịch vụ chính">
        <div className="grid gap-5 lg:grid-cols-3">
          {MAIN.map((s) => (
            <div
              key={s.to}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-7"
            >
              <div className="flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
                <s.icon className="size-6" aria-hidden="true" />
              </div>
              <h2 className="mt-5 text-xl font-bold text-slate-900">{s.title}</h2>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{s.text}</p>
              <ul className="mt-4 space-y-2 text-sm text-slate-700">
                {s.points.map((p) => (
                  <li key={p} className="flex gap-2">
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                    {p}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <Link to={s.to} className={buttonClass('primary', 'w-full')}>
                  {s.action}
                  <ArrowRight className="size-4" aria-hidden="true" />
                </Link>
              </div>
            </div>
          ))}
        </div>
      </section>

      <section className="bg-slate-50" aria-labelledby="more-title">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="more-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Còn nhiều hơn thế
          </h2>
          <div className="mt-8 grid gap-4 md:grid-cols-3">
            {MORE.map((s) => (
              <Link
                key={s.title}
                to={s.to}
                className="group flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-200"
              >
                <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-slate-900 text-white group-hover:bg-brand-600">
                  <s.icon className="size-6" aria-hidden="true" />
                </div>
                <div className="min-w-0">
                  <h3 className="font-semibold text-slate-900">{s.title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{s.text}</p>
                  <span className="mt-2 inline-flex items-center gap-1 text-sm font-semibold text-brand-600">
                    {s.action}
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </span>
                </div>
              </Link>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="steps-title">
        <h2 id="steps-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Đặt lịch thế nào?
        </h2>
        <ol className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-2xl border border-slate-200 p-5">
              <span className="flex size-9 items-center justify-center rounded-full bg-brand-50 font-bold text-brand-700">
                {i + 1}
              </span>
              <h3 className="mt-3 font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
        {config?.showroomPhone ? (
          <div className="mt-10 flex flex-col items-start gap-4 rounded-2xl bg-brand-600 p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
            <div>
              <p className="text-lg font-bold sm:text-xl">Cần hỗ trợ ngay?</p>
              <p className="mt-1 text-sm text-red-100">Gọi hotline, chúng tôi trả lời trong giờ mở cửa.</p>
            </div>
            <a
              href={`tel:${config.showroomPhone.replace(/[^\d+]/g, '')}`}
              className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-white px-6 font-semibold text-brand-700 hover:bg-red-50"
            >
              <Phone className="size-5" aria-hidden="true" />
              {config.showroomPhone}
            </a>
          </div>
        ) : null}
      </section>
    </>
  );
}
