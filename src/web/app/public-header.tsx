import { ChevronDown, Menu, Phone } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { CloseButton } from '../components/close-button';
import { Logo } from '../components/logo';
import { FavoritesLink } from '../features/favorites/public';
import { cx } from '../lib/cx';
import { type NavItem, PUBLIC_NAV, SUBMENU_HIDE_DELAY_MS } from './public-nav';

const topLink = ({ isActive }: { isActive: boolean }) =>
  cx(
    'inline-flex min-h-11 items-center rounded-lg px-3 text-[15px] font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive ? 'text-brand-600' : 'text-slate-700 hover:text-brand-600',
  );

/** A desktop entry with a submenu: opens on hover (closes 200 ms after the pointer leaves) and by keyboard. */
function DesktopDropdown({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toggle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  const { pathname } = useLocation();

  useEffect(() => () => clearTimeout(timer.current), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close when the page changes
  useEffect(() => setOpen(false), [pathname]);

  const show = () => {
    clearTimeout(timer.current);
    setOpen(true);
  };
  const hideLater = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), SUBMENU_HIDE_DELAY_MS);
  };
  const focusItem = (index: number) => {
    const links = list.current?.querySelectorAll<HTMLAnchorElement>('a');
    if (!links?.length) return;
    links[(index + links.length) % links.length].focus();
  };

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    } else if (e.key === 'ArrowDown') {
      e.preventDefault();
      const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      setOpen(true);
      requestAnimationFrame(() => focusItem(at + 1));
    } else if (e.key === 'ArrowUp' && open) {
      e.preventDefault();
      const links = [...(list.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
      focusItem(links.indexOf(document.activeElement as HTMLAnchorElement) - 1);
    }
  }

  return (
    <li
      className="relative"
      onMouseEnter={show}
      onMouseLeave={hideLater}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <div className="flex items-center">
        <NavLink to={item.to} className={(s) => cx(topLink(s), 'pr-1')}>
          {item.label}
        </NavLink>
        <button
          ref={toggle}
          type="button"
          className="-ml-2 inline-flex size-11 items-center justify-center rounded-lg text-slate-500 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-expanded={open}
          aria-controls={id}
          aria-label={`Mở menu ${item.label}`}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown
            className={cx('size-4 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </div>
      <ul
        ref={list}
        id={id}
        hidden={!open}
        className="absolute top-full left-0 z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-2 shadow-lg motion-safe:animate-fade-in"
      >
        {item.children?.map((child) => (
          <li key={child.to}>
            <NavLink
              to={child.to}
              className={({ isActive }) =>
                cx(
                  'flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
                  'focus-visible:outline-2 focus-visible:outline-brand-600',
                  isActive
                    ? 'bg-brand-50 text-brand-700'
                    : 'text-slate-700 hover:bg-slate-50 hover:text-brand-600',
                )
              }
            >
              {child.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The phone menu: a native modal dialog sliding in from the right (focus stays inside, Escape closes). */
function MobileMenu({ open, onClose, phone }: { open: boolean; onClose: () => void; phone?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Its links are built the first time it opens: a page that never opens it neither carries them in its
  // HTML nor hydrates them (the desktop navigation holds the same links for readers without script).
  const [built, setBuilt] = useState(false);
  if (open && !built) setBuilt(true);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const link = ({ isActive }: { isActive: boolean }) =>
    cx(
      'flex min-h-12 items-center rounded-lg px-3 text-base font-medium',
      isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800 hover:bg-slate-50',
    );

  return (
    <dialog
      ref={ref}
      id="public-mobile-menu"
      aria-label="Menu điều hướng"
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={() => undefined}
      className="m-0 ml-auto h-dvh max-h-none w-[85vw] max-w-sm bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 motion-safe:animate-slide-in-right lg:hidden"
    >
      {built ? (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-2">
            <span className="font-semibold text-slate-900">Menu</span>
            <CloseButton label="Đóng menu" onClick={onClose} />
          </div>
          <nav aria-label="Điều hướng chính" className="flex-1 overflow-y-auto p-3">
            <ul className="space-y-1">
              {PUBLIC_NAV.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={link} onClick={onClose}>
                    {item.label}
                  </NavLink>
                  {item.children ? (
                    <ul className="mt-1 mb-2 ml-4 space-y-1 border-l-2 border-slate-100 pl-2">
                      {item.children.map((child) => (
                        <li key={child.to}>
                          <NavLink
                            to={child.to}
                            className={(s) => cx(link(s), 'text-[15px]')}
                            onClick={onClose}
                          >
                            {child.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </nav>
          {phone ? (
            <div className="border-t border-slate-200 p-4">
              <a
                href={`tel:${phone.replace(/\s/g, '')}`}
                className="flex min-h-12 items-center justify-center gap-2 rounded-lg bg-brand-600 font-semibold text-white hover:bg-brand-700"
              >
                <Phone className="size-5" aria-hidden="true" />
                Gọi {phone}
              </a>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}

/** Sticky site header: logo, the spec's navigation, hotline; a slide-in menu below the lg breakpoint. */
export function PublicHeader({ name, phone }: { name: string; phone?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu when the page changes
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-[72px]">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={`${name} - Trang chủ`}
        >
          <Logo name={name} />
        </Link>
        <nav aria-label="Điều hướng chính" className="hidden lg:block">
          <ul className="flex items-center gap-0.5 xl:gap-1">
            {PUBLIC_NAV.map((item) =>
              item.children ? (
                <DesktopDropdown key={item.to} item={item} />
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.to === '/'} className={topLink}>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <FavoritesLink />
          {phone ? (
            <a
              href={`tel:${phone.replace(/\s/g, '')}`}
              className="hidden min-h-11 items-center gap-2 rounded-full bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 xl:inline-flex"
            >
              <Phone className="size-4" aria-hidden="true" />
              {phone}
            </a>
          ) : null}
          <button
            type="button"
            className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 lg:hidden"
            aria-label="Mở menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls="public-mobile-menu"
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-6" aria-hidden="true" />
          </button>
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} phone={phone} />
    </header>
  );
}
