import { Clock, MapPin, Phone, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useWebConfig } from '../../../lib/web-config';

/**
 * The frame of the three public forms: a short dark band with the title (short on phones so the form
 * starts high), the form card, and the showroom's contact details beside it (below it on phones).
 */
export function LeadPageShell({
  eyebrow,
  title,
  intro,
  promises,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  promises: string[];
  children: ReactNode;
}) {
  const { data: config } = useWebConfig();
  return (
    <>
      <section className="relative overflow-hidden bg-slate-950 text-white">
        <div
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.5),transparent_60%)]"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-6xl px-4 pt-7 pb-14 sm:px-6 sm:pt-10 sm:pb-20">
          <p className="text-sm font-medium text-red-200">{eyebrow}</p>
          <h1 className="mt-1.5 text-2xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-300 sm:text-base">{intro}</p>
        </div>
      </section>
      <div className="relative mx-auto -mt-9 grid max-w-6xl gap-6 px-3 pb-12 sm:-mt-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="rounded-2xl bg-white p-4 shadow-lg ring-1 ring-slate-200 sm:p-7">{children}</div>
        <aside className="space-y-4 lg:sticky lg:top-24">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="font-semibold text-slate-900">Cần hỗ trợ ngay?</h2>
            <ul className="mt-3 space-y-3 text-sm text-slate-600">
              {config?.showroomPhone ? (
                <li>
                  <a
                    href={`tel:${config.showroomPhone.replace(/[^\d+]/g, '')}`}
                    className="flex min-h-11 items-center gap-3 rounded-lg font-semibold text-brand-700 hover:text-brand-800"
                  >
                    <span className="flex size-9 items-center justify-center rounded-full bg-brand-50">
                      <Phone className="size-4" aria-hidden="true" />
                    </span>
                    {config.showroomPhone}
                  </a>
                </li>
              ) : null}
              {config?.openingHours ? (
                <li className="flex items-start gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100">
                    <Clock className="size-4" aria-hidden="true" />
                  </span>
                  <span className="pt-2">{config.openingHours}</span>
                </li>
              ) : null}
              {config?.showroomAddress ? (
                <li className="flex items-start gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100">
                    <MapPin className="size-4" aria-hidden="true" />
                  </span>
                  <span className="pt-2">{config.showroomAddress}</span>
                </li>
              ) : null}
            </ul>
          </div>
          <div className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
            <ul className="space-y-2.5 text-sm text-slate-700">
              {promises.map((p) => (
                <li key={p} className="flex gap-2.5">
                  <ShieldCheck className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                  {p}
                </li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}
