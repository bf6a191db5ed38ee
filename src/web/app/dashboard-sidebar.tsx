import type { Grantee } from '@contract/permissions';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { cx } from '../lib/cx';
import { type DashGroup, groupOf, visibleNav } from './dashboard-nav';

const row =
  'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx(row, isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900');

function Group({ group, open, onToggle }: { group: DashGroup; open: boolean; onToggle: () => void }) {
  const id = useId();
  const { pathname } = useLocation();
  const holdsCurrent = group.children.some((c) => pathname === c.to || pathname.startsWith(`${c.to}/`));
  return (
    <li>
      <button
        type="button"
        className={cx(row, holdsCurrent ? 'text-brand-700' : 'text-slate-700', 'hover:bg-slate-100')}
        aria-expanded={open}
        aria-controls={id}
        onClick={onToggle}
      >
        <group.icon className="size-5 shrink-0" aria-hidden="true" />
        <span className="flex-1 text-left">{group.label}</span>
        <ChevronDown className={cx('size-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul id={id} hidden={!open} className="mt-0.5 ml-5 space-y-0.5 border-l border-slate-200 pl-3">
        {group.children.map((c) => (
          <li key={c.to}>
            <NavLink to={c.to} end={c.end} className={linkClass}>
              {c.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The dashboard's side menu for one user: entries they may open, groups closed at first and toggling.
 * `open` / `onToggle` come from the layout so the desktop menu and the phone drawer share the state.
 */
export function DashboardSidebar({
  user,
  openGroups,
  onToggleGroup,
}: {
  user: Grantee;
  openGroups: ReadonlySet<string>;
  onToggleGroup: (label: string) => void;
}) {
  return (
    <nav aria-label="Menu quản trị" className="p-3">
      <ul className="space-y-0.5">
        {visibleNav(user).map((item) =>
          item.children ? (
            <Group
              key={item.label}
              group={item}
              open={openGroups.has(item.label)}
              onToggle={() => onToggleGroup(item.label)}
            />
          ) : (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className={linkClass}>
                <item.icon className="size-5 shrink-0" aria-hidden="true" />
                {item.label}
              </NavLink>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}

/** Open / closed groups of the side menu: all closed at first. */
export function useMenuGroups(pathname: string) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => {
    const current = groupOf(pathname);
    return new Set(current ? [current] : []);
  });
  // Arriving on a page inside a group opens it (others stay as the user left them).
  useEffect(() => {
    const current = groupOf(pathname);
    if (current) setOpen((prev) => (prev.has(current) ? prev : new Set(prev).add(current)));
  }, [pathname]);
  const toggle = (label: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(label)) next.delete(label);
      else next.add(label);
      return next;
    });
  return [open, toggle] as const;
}
