import { Heart } from 'lucide-react';
import { NavLink } from 'react-router';
import { cx } from '../../lib/cx';
import { useFavorites } from './store';

/** The header's way to /favorites: a heart with the number of saved cars (none on the server's render). */
export function FavoritesLink() {
  const count = useFavorites().length;
  return (
    <NavLink
      to="/favorites"
      // "Xe yêu thích: 2 xe" holds the visible count as a word of its own (axe's label-in-name rule).
      aria-label={count > 0 ? `Xe yêu thích: ${count} xe` : 'Xe yêu thích'}
      title="Xe yêu thích"
      className={({ isActive }) =>
        cx(
          'relative inline-flex size-11 items-center justify-center rounded-lg transition-colors',
          'focus-visible:outline-2 focus-visible:outline-brand-600',
          isActive ? 'text-brand-600' : 'text-slate-700 hover:bg-slate-100 hover:text-brand-600',
        )
      }
      data-testid="favorites-link"
    >
      <Heart className={cx('size-6', count > 0 && 'fill-brand-600 text-brand-600')} aria-hidden="true" />
      {count > 0 ? (
        <span
          className="absolute top-1 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] leading-5 font-bold text-white"
          aria-hidden="true"
        >
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
