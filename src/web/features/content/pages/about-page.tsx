import { PAGE_TITLES } from '@contract/page-titles';
import {
  ArrowRight,
  BadgeCheck,
  Clock,
  Handshake,
  HeartHandshake,
  Mail,
  MapPin,
  Phone,
  ScanSearch,
} from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/button';
import { PageHero } from '../../../components/page-hero';
import { Skeleton } from '../../../components/skeleton';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWebConfig } from '../../../lib/web-config';

const FIGURES = [
  { value: '10+', label: 'năm kinh nghiệm' },
  { value: '2.000+', label: 'xe đã bàn giao' },
  { value: '176', label: 'hạng mục kiểm định' },
  { value: '6 tháng', label: 'bảo hành động cơ, hộp số' },
];

const VALUES = [
  {
    icon: ScanSearch,
    title: 'Minh bạch',
    text: 'Giá niêm yết rõ ràng, lịch sử xe và biên bản kiểm định được đưa tận tay trước khi bạn quyết định.',
  },
  {
    icon: BadgeCheck,
    title: 'Chất lượng',
    text: 'Chỉ nhận xe không đâm đụng, không ngập nước; mỗi chiếc qua 176 hạng mục kiểm tra của kỹ thuật viên.',
  },
  {
    icon: HeartHandshake,
    title: 'Tận tâm',
    text: 'Tư vấn đúng nhu cầu và ngân sách, không ép mua; hỗ trợ lái thử, trả góp và sang tên trọn gói.',
  },
  {
    icon: Handshake,
    title: 'Đồng hành lâu dài',
    text: 'Bảo dưỡng định kỳ tại xưởng, thu mua lại xe khi bạn muốn đổi đời xe, chăm sóc sau bán hàng.',
  },
];

const PHOTOS = [
  {
    src: '/about/showroom-front.svg',
    alt: 'Mặt tiền showroom với bãi xe trưng bày phía trước',
    caption: 'Mặt tiền showroom',
  },
  {
    src: '/about/showroom-hall.svg',
    alt: 'Sảnh trưng bày xe trong nhà dưới hệ thống đèn chiếu sáng',
    caption: 'Sảnh trưng bày trong nhà',
  },
  {
    src: '/about/workshop.svg',
    alt: 'Xưởng dịch vụ với cầu nâng và tủ dụng cụ',
    caption: 'Xưởng kiểm định và bảo dưỡng',
  },
];

/** /about: the showroom's story, values, photos and how to find it (map from the web configuration). */
export default function AboutPage() {
  const { data: config, isPending } = useWebConfig();
  const name = config?.showroomName || 'AutoViet';
  useDocumentTitle(PAGE_TITLES['/about']);
  const mapsSearch = config?.showroomAddress
    ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(config.showroomAddress)}`
    : null;

  return (
    <>
      <PageHero
        eyebrow="Giới thiệu"
        title={`Về ${name}`}
        intro="Showroom ô tô đã qua sử dụng dành cho người muốn mua xe cũ mà vẫn an tâm như mua xe mới."
      />

      <section className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-2 lg:gap-14">
        <div>
          <h2 className="text-2xl font-bold text-slate-900 sm:text-3xl">Câu chuyện của chúng tôi</h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-600">
            <p>
              {name} bắt đầu từ một bãi xe nhỏ với mong muốn đơn giản: giúp người mua xe cũ biết rõ mình đang
              mua gì. Thị trường xe đã qua sử dụng khi ấy nhiều nỗi lo về xe đâm đụng, ngập nước hay tua đồng
              hồ, và chúng tôi muốn thay đổi điều đó.
            </p>
            <p>
              Hôm nay, mỗi chiếc xe lên sàn đều có hồ sơ kiểm định, lịch sử bảo dưỡng và mức giá niêm yết công
              khai. Đội ngũ tư vấn và kỹ thuật viên đồng hành cùng bạn từ lúc chọn xe, lái thử, làm thủ tục
              trả góp cho tới những lần bảo dưỡng sau này.
            </p>
          </div>
          <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {FIGURES.map((f) => (
              <div key={f.label} className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <dt className="text-xs text-slate-500">{f.label}</dt>
                <dd className="order-first text-xl font-bold text-brand-600 sm:text-2xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <img
          src="/about/handover.svg"
          alt="Chiếc xe đỏ thắt nơ vàng trong ngày bàn giao cho khách hàng"
          width={1200}
          height={800}
          className="aspect-[3/2] w-full rounded-2xl object-cover shadow-lg ring-1 ring-slate-200"
        />
      </section>

      <section className="bg-slate-50" aria-labelledby="values-title">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
          <h2 id="values-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
            Giá trị chúng tôi theo đuổi
          </h2>
          <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((v) => (
              <div key={v.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <div className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
                  <v.icon className="size-6" aria-hidden="true" />
                </div>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{v.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16" aria-labelledby="photos-title">
        <h2 id="photos-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          Hình ảnh showroom
        </h2>
        <div className="mt-8 grid gap-5 md:grid-cols-3">
          {PHOTOS.map((p) => (
            <figure key={p.src}>
              <img
                src={p.src}
                alt={p.alt}
                width={1200}
                height={800}
                loading="lazy"
                decoding="async"
                className="aspect-[3/2] w-full rounded-2xl object-cover ring-1 ring-slate-200"
              />
              <figcaption className="mt-2 text-sm text-slate-600">{p.caption}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className="border-t border-slate-200 bg-slate-50 text-slate-700" aria-labelledby="visit-title">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div>
            <h2 id="visit-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Ghé thăm showroom
            </h2>
            <p className="mt-2 text-slate-500">Mời bạn đến xem xe và lái thử trực tiếp.</p>
            {isPending ? (
              <div className="mt-6 space-y-3">
                <Skeleton className="h-5 w-72 bg-slate-200" />
                <Skeleton className="h-5 w-40 bg-slate-200" />
                <Skeleton className="h-5 w-52 bg-slate-200" />
              </div>
            ) : (
              <ul className="mt-6 space-y-4">
                {config?.showroomAddress ? (
                  <li className="flex gap-3">
                    <MapPin className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <span>{config.showroomAddress}</span>
                  </li>
                ) : null}
                {config?.showroomPhone ? (
                  <li className="flex gap-3">
                    <Phone className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <a
                      className="-my-3 inline-flex min-h-11 items-center font-semibold text-slate-900 hover:text-brand-700"
                      href={`tel:${config.showroomPhone.replace(/[^\d+]/g, '')}`}
                    >
                      {config.showroomPhone}
                    </a>
                  </li>
                ) : null}
                {config?.showroomEmail ? (
                  <li className="flex gap-3">
                    <Mail className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <a
                      className="-my-3 inline-flex min-h-11 items-center break-all hover:text-brand-700"
                      href={`mailto:${config.showroomEmail}`}
                    >
                      {config.showroomEmail}
                    </a>
                  </li>
                ) : null}
                {config?.openingHours ? (
                  <li className="flex gap-3">
                    <Clock className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <span>{config.openingHours}</span>
                  </li>
                ) : null}
              </ul>
            )}
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/consulting" className={buttonClass('primary', 'px-6')}>
                Đặt lịch tư vấn
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link to="/cars" className={buttonClass('secondary', 'px-6')}>
                Xem xe đang bán
              </Link>
            </div>
          </div>
          <div className="relative aspect-[4/3] overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200 sm:aspect-video">
            {config?.mapEmbedUrl ? (
              <iframe
                title={`Bản đồ đường đến ${name}`}
                src={config.mapEmbedUrl}
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
                className="absolute inset-0 size-full border-0"
                allowFullScreen
              />
            ) : (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
                <MapPin className="size-10" aria-hidden="true" />
                <p>Bản đồ sẽ hiển thị khi showroom cập nhật địa chỉ nhúng.</p>
                {mapsSearch ? (
                  <a
                    href={mapsSearch}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4"
                  >
                    Mở Google Maps
                  </a>
                ) : null}
              </div>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
