import { cx } from '../lib/cx';

/** Logo: the red car mark and the showroom's name; tone 'dark' (on white, default) or 'light' (on dark). */
export function Logo({
  name,
  tone = 'dark',
  className,
}: {
  name: string;
  tone?: 'dark' | 'light';
  className?: string;
}) {
  return (
    <span className={cx('inline-flex min-h-11 items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" className="size-9 shrink-0" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#b91c1c" />
        <path d="M12 40l6-14c1-3 3-4 6-4h16c3 0 5 1 6 4l6 14v8h-6v-4H18v4h-6z" fill="#fff" />
        <circle cx="21" cy="40" r="3" fill="#b91c1c" />
        <circle cx="43" cy="40" r="3" fill="#b91c1c" />
      </svg>
      <span className={cx('text-xl', tone === 'dark' ? 'text-slate-900' : 'text-white')}>{name}</span>
    </span>
  );
}
