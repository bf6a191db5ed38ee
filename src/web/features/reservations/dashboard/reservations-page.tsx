import { type KeyboardEvent, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { cx } from '../../../lib/cx';
import { PaymentsTab } from './payments-tab';
import { ReservationsTab } from './reservations-tab';

const TABS = [
  { key: 'dat-coc', label: 'Đặt cọc' },
  { key: 'giao-dich', label: 'Giao dịch ngân hàng' },
] as const;
type Tab = (typeof TABS)[number]['key'];

/**
 * /dashboard/reservations: the online deposits (confirm the money, extend, cancel, refund) and, in a
 * second tab, the bank's transfer notifications that confirmed nothing. The tab is kept in the address
 * (?tab=giao-dich); switching drops the other tab's filters.
 */
export default function ReservationsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'giao-dich' ? 'giao-dich' : 'dat-coc';
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (next: Tab) => {
    if (next !== tab)
      setParams(new URLSearchParams(next === 'dat-coc' ? {} : { tab: next }), { replace: true });
  };
  const keyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = tab === 'dat-coc' ? 'giao-dich' : 'dat-coc';
    select(next);
    refs.current[next]?.focus();
  };

  return (
    <>
      <PageHeader
        title="Đặt cọc giữ xe"
        description="Khách đặt cọc trên website bằng VietQR: xác nhận tiền, gia hạn, hủy và hoàn cọc."
      />
      <div
        role="tablist"
        aria-label="Đặt cọc giữ xe"
        onKeyDown={keyDown}
        tabIndex={-1}
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {TABS.map((t) => {
          const selected = t.key === tab;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={`reservations-tab-${t.key}`}
              aria-selected={selected}
              aria-controls="reservations-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => select(t.key)}
              className={cx(
                '-mb-px min-h-11 whitespace-nowrap border-b-2 px-4 text-sm font-medium transition-colors',
                selected
                  ? 'border-brand-600 text-brand-700'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id="reservations-panel" aria-labelledby={`reservations-tab-${tab}`}>
        {tab === 'dat-coc' ? <ReservationsTab /> : <PaymentsTab />}
      </div>
    </>
  );
}
