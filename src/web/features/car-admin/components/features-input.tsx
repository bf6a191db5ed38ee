import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { controlClass } from '../../../components/form-field';
import { cx } from '../../../lib/cx';
import { CAR_LIMITS } from '../form-schema';

/** Features buyers look for, offered as one-tap suggestions. */
export const COMMON_FEATURES = [
  'Camera lùi',
  'Cảm biến lùi',
  'Màn hình cảm ứng',
  'Kết nối Apple CarPlay/Android Auto',
  'Khởi động nút bấm',
  'Chìa khóa thông minh',
  'Cân bằng điện tử',
  'Hỗ trợ khởi hành ngang dốc',
  'Đèn LED ban ngày',
  'Điều hòa tự động 2 vùng',
  'Ghế da',
  'Ga tự động (Cruise control)',
  'Cảnh báo điểm mù',
  'Camera 360',
  'Cửa sổ trời',
  'Phanh tay điện tử',
  'Ghế lái chỉnh điện',
  'Sạc không dây',
  'Cốp điện',
  'Hệ thống hỗ trợ lái nâng cao (ADAS)',
];

/** The feature list: chips with a remove button, a text box (Enter adds) and suggestions. */
export function FeaturesInput({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const add = (raw: string) => {
    const f = raw.trim();
    if (!f) return;
    if (!value.some((v) => v.toLowerCase() === f.toLowerCase())) onChange([...value, f]);
    setText('');
  };
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add(text);
    }
  };
  const suggestions = COMMON_FEATURES.filter((f) => !value.includes(f)).slice(0, 8);
  return (
    <div>
      {value.length ? (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label="Tiện nghi đã thêm">
          {value.map((f) => (
            <li
              key={f}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800"
            >
              {f}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== f))}
                className="inline-flex size-7 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-800"
                aria-label={`Bỏ ${f}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          id={id}
          list={listId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={keyDown}
          maxLength={CAR_LIMITS.feature}
          placeholder="Nhập tiện nghi rồi nhấn Enter"
          className={cx(controlClass, 'flex-1')}
        />
        <button
          type="button"
          onClick={() => add(text)}
          className="inline-flex min-h-11 shrink-0 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          <Plus className="size-4" aria-hidden="true" />
          Thêm
        </button>
        <datalist id={listId}>
          {COMMON_FEATURES.map((f) => (
            <option key={f} value={f} />
          ))}
        </datalist>
      </div>
      {suggestions.length ? (
        <div className="mt-2 flex flex-wrap gap-1.5">
          <span className="py-1 text-xs text-slate-500">Gợi ý:</span>
          {suggestions.map((f) => (
            <button
              key={f}
              type="button"
              onClick={() => add(f)}
              className="rounded-full border border-dashed border-slate-300 px-2.5 py-1 text-xs text-slate-600 hover:border-brand-400 hover:text-brand-700"
            >
              + {f}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
