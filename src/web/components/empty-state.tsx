import { Inbox } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../lib/cx';

/** EmptyState: title, description?, icon? (an icon element; an inbox by default), action? (a button or link), className. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col items-center px-4 py-10 text-center', className)}>
      <div className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        {icon ?? <Inbox className="size-6" aria-hidden="true" />}
      </div>
      <p className="font-semibold text-slate-800">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-sm text-slate-500">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}
