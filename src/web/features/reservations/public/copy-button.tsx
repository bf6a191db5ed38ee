import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx } from '../../../lib/cx';

/** The clipboard API where the page may use it; the old selection copy on a plain-http address. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {
    ok = false;
  }
  area.remove();
  return ok;
}

/** A 44 px "Sao chép" button for one value; says "Đã sao chép" for two seconds after it worked. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(t);
  }, [state]);
  const done = state === 'done';
  return (
    <button
      type="button"
      onClick={async () => setState((await copyText(value)) ? 'done' : 'failed')}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 transition-colors',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        done
          ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
          : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
      )}
    >
      {done ? (
        <Check className="size-4" aria-hidden="true" />
      ) : (
        <Copy className="size-4" aria-hidden="true" />
      )}
      <span aria-hidden="true">{done ? 'Đã chép' : state === 'failed' ? 'Chép lỗi' : 'Chép'}</span>
      {/* The name stays the label; the result is read out once. */}
      <span className="sr-only" aria-live="polite">
        {done ? 'Đã sao chép' : state === 'failed' ? 'Không sao chép được, hãy chọn và chép tay' : ''}
      </span>
    </button>
  );
}
