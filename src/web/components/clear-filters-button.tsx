import { buttonClass } from './button';

/** ClearFiltersButton: 'Xóa bộ lọc' under an empty filtered list; onClick drops the filters. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className={buttonClass('secondary')} onClick={onClick}>
      Xóa bộ lọc
    </button>
  );
}
