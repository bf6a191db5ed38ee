import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

/**
 * The dark band at the top of a content page: eyebrow, the page's one h1, an intro line. `children`
 * sits under the intro (tabs, buttons). Short on phones so the content starts high.
 */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cx('relative overflow-hidden bg-slate-950 text-white', className)}>
      <div
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(185,28,28,0.5),transparent_60%)]"
        aria-hidden="true"
      />
      <div className="relative mx-auto max-w-7xl px-4 pt-8 pb-10 sm:px-6 sm:pt-12 sm:pb-14">
        {eyebrow ? <p className="text-sm font-medium text-red-200">{eyebrow}</p> : null}
        <h1 className="mt-1.5 text-2xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {intro ? <p className="mt-3 max-w-2xl text-sm text-slate-300 sm:text-base">{intro}</p> : null}
        {children}
      </div>
    </section>
  );
}
