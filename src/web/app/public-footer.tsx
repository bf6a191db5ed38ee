import type { PublicWebConfiguration } from '@contract/web-config';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/logo';
import { Skeleton } from '../components/skeleton';
import { FacebookIcon, TiktokIcon, YoutubeIcon } from '../components/social-icons';

const FOOTER_LINKS = [
  { label: 'Trang chủ', to: '/' },
  { label: 'Giới thiệu', to: '/about' },
  { label: 'Tin tức xe', to: '/blogs' },
  { label: 'Dịch vụ', to: '/services' },
  { label: 'Liên hệ', to: '/consulting' },
];

/** The Facebook page plugin for a page address (the "embedded social page frame"). */
export function facebookPageFrameUrl(pageUrl: string, height = 180) {
  const params = new URLSearchParams({
    href: pageUrl,
    tabs: '',
    width: '340',
    height: String(height),
    small_header: 'false',
    adapt_container_width: 'true',
    hide_cover: 'false',
    show_facepile: 'true',
  });
  return `https://www.facebook.com/plugins/page.php?${params}`;
}

function ContactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="mt-0.5 shrink-0 text-brand-500">{icon}</span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** Site footer: contact details from the web configuration, links, the social page frame and profiles. */
export function PublicFooter({ config, loading }: { config?: PublicWebConfiguration; loading: boolean }) {
  const name = config?.showroomName || 'AutoViet';
  const socials = [
    { url: config?.facebookUrl, label: 'Facebook', icon: <FacebookIcon /> },
    { url: config?.youtubeUrl, label: 'YouTube', icon: <YoutubeIcon /> },
    { url: config?.tiktokUrl, label: 'TikTok', icon: <TiktokIcon /> },
  ].filter((s) => s.url);

  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_0.8fr_1.2fr]">
        <div>
          <Link
            to="/"
            className="inline-block rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Logo name={name} tone="light" />
          </Link>
          <p className="mt-4 max-w-md text-sm leading-relaxed text-slate-400">
            Showroom ô tô đã qua sử dụng: xe kiểm định rõ ràng, giấy tờ minh bạch, hỗ trợ trả góp và tư vấn
            tận tâm.
          </p>
          {loading ? (
            <div className="mt-5 space-y-3">
              <Skeleton className="h-4 w-64 bg-slate-800" />
              <Skeleton className="h-4 w-40 bg-slate-800" />
              <Skeleton className="h-4 w-48 bg-slate-800" />
            </div>
          ) : (
            <ul className="mt-5 space-y-3 text-sm">
              {config?.showroomAddress ? (
                <ContactLine icon={<MapPin className="size-4" aria-hidden="true" />}>
                  <span className="sr-only">Địa chỉ: </span>
                  {config.showroomAddress}
                </ContactLine>
              ) : null}
              {config?.showroomPhone ? (
                <ContactLine icon={<Phone className="size-4" aria-hidden="true" />}>
                  <span className="sr-only">Điện thoại: </span>
                  <a
                    className="-my-3 inline-flex min-h-11 items-center hover:text-white"
                    href={`tel:${config.showroomPhone.replace(/\s/g, '')}`}
                  >
                    {config.showroomPhone}
                  </a>
                </ContactLine>
              ) : null}
              {config?.showroomEmail ? (
                <ContactLine icon={<Mail className="size-4" aria-hidden="true" />}>
                  <span className="sr-only">Email: </span>
                  <a
                    className="-my-3 inline-flex min-h-11 items-center hover:text-white"
                    href={`mailto:${config.showroomEmail}`}
                  >
                    {config.showroomEmail}
                  </a>
                </ContactLine>
              ) : null}
              {config?.openingHours ? (
                <ContactLine icon={<Clock className="size-4" aria-hidden="true" />}>
                  <span className="sr-only">Giờ mở cửa: </span>
                  {config.openingHours}
                </ContactLine>
              ) : null}
            </ul>
          )}
        </div>

        <nav aria-label="Liên kết chân trang">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Liên kết</h2>
          <ul className="mt-3 space-y-0.5 text-sm">
            {FOOTER_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="inline-flex min-h-11 items-center hover:text-white">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="md:col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Kết nối với chúng tôi</h2>
          {config?.facebookUrl ? (
            <div className="mt-4 h-[180px] w-full max-w-[340px] overflow-hidden rounded-lg bg-slate-900">
              <iframe
                title={`Trang Facebook của ${name}`}
                src={facebookPageFrameUrl(config.facebookUrl)}
                loading="lazy"
                className="h-[180px] w-full border-0"
                referrerPolicy="strict-origin-when-cross-origin"
                sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
              />
            </div>
          ) : null}
          {socials.length ? (
            <ul className="mt-4 flex gap-2">
              {socials.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${s.label} của ${name}`}
                    title={s.label}
                    className="inline-flex size-11 items-center justify-center rounded-full bg-slate-800 text-slate-200 transition-colors hover:bg-brand-600 hover:text-white"
                  >
                    {s.icon}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto max-w-7xl px-4 py-5 text-center text-sm text-slate-400 sm:px-6">
          <p>Bản quyền thuộc về {name}</p>
        </div>
      </div>
    </footer>
  );
}
