import { FAVORITES_MAX } from '@contract/favorites';
import { Heart } from 'lucide-react';
import { cx } from '../../lib/cx';
import { toggleFavorite, useIsFavorite } from './store';

export const SAVE_LABEL = 'Lưu xe yêu thích';
export const UNSAVE_LABEL = 'Bỏ khỏi yêu thích';

// The toast library loads on the first toast: a list of cards carries only the heart. A press says
// nothing more than the filled heart, its new name and the header's count.
const refuse = (message: string) =>
  void import('sonner').then(({ toast }) => toast.error(message)).catch(() => undefined);

/**
 * The heart that saves a car in this browser's favourites. Its name says what a press does ("Lưu xe
 * yêu thích" / "Bỏ khỏi yêu thích") and aria-pressed whether the car is saved. 44 px: on a card it sits
 * beside the car's name, above the card's stretched link (the card positions it); on a car's page it
 * shows its name as its text.
 */
export function HeartButton({
  carId,
  variant = 'card',
  className,
}: {
  carId: number;
  variant?: 'card' | 'page';
  className?: string;
}) {
  const saved = useIsFavorite(carId);
  const label = saved ? UNSAVE_LABEL : SAVE_LABEL;
  function press() {
    if (!toggleFavorite(carId)) {
      refuse(`Danh sách yêu thích có tối đa ${FAVORITES_MAX} xe: hãy bỏ bớt xe cũ trước.`);
      return;
    }
  }
  const icon = (
    <Heart
      className={cx(
        'size-5 shrink-0 transition-colors',
        saved ? 'fill-brand-600 text-brand-600' : variant === 'card' ? 'text-slate-700' : 'text-slate-500',
      )}
      aria-hidden="true"
    />
  );
  if (variant === 'page')
    return (
      <button
        type="button"
        aria-pressed={saved}
        onClick={press}
        data-testid="favorite-toggle"
        className={cx(
          'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 text-sm font-semibold ring-1 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          saved
            ? 'bg-brand-50 text-brand-700 ring-brand-200'
            : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50',
          className,
        )}
      >
        {icon}
        {label}
      </button>
    );
  return (
    <button
      type="button"
      aria-pressed={saved}
      aria-label={label}
      title={label}
      onClick={press}
      data-testid="favorite-toggle"
      className={cx(
        'z-10 inline-flex size-11 items-center justify-center rounded-full transition',
        'hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {icon}
    </button>
  );
}
