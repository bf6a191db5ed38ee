import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { cx } from '../../../lib/cx';

export const CAR_FORM_TABS = [
  { key: 'thong-tin', label: 'Thông tin' },
  { key: 'anh', label: 'Ảnh' },
  { key: 'kiem-dinh', label: 'Kiểm định' },
  { key: 'giay-to', label: 'Giấy tờ & lịch sử' },
  { key: 'sua-chua', label: 'Sửa chữa' },
  { key: 'chi-phi', label: 'Chi phí' },
] as const;
export type CarFormTab = (typeof CAR_FORM_TABS)[number]['key'];

export const tabId = (key: CarFormTab) => `car-tab-${key}`;
export const panelId = (key: CarFormTab) => `car-panel-${key}`;

/** The open tab, kept in the URL (?tab=giay-to) so a reload or a shared link opens the same one. */
export function useCarFormTab(): [CarFormTab, (tab: CarFormTab) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab = CAR_FORM_TABS.find((t) => t.key === raw)?.key ?? 'thong-tin';
  const select = (next: CarFormTab) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next === 'thong-tin') out.delete('tab');
        else out.set('tab', next);
        return out;
      },
      { replace: true },
    );
  return [tab, select];
}

/**
 * The car form's tab list: 44 px targets for a tablet in the workshop, scrolled sideways on a phone,
 * arrow keys move between tabs (the WAI-ARIA tabs pattern).
 */
export function CarFormTabs({
  active,
  onSelect,
}: {
  active: CarFormTab;
  onSelect: (tab: CarFormTab) => void;
}) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  // On a phone the last tabs start off-screen: bring the open one into the strip (?tab=giay-to).
  useEffect(() => {
    refs.current[active]?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  const keyDown = (e: KeyboardEvent) => {
    const i = CAR_FORM_TABS.findIndex((t) => t.key === active);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const n = CAR_FORM_TABS.length;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : (i + step + n) % n;
    const key = CAR_FORM_TABS[next].key;
    onSelect(key);
    refs.current[key]?.focus();
  };
  return (
    <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <div
        role="tablist"
        aria-label="Phần của hồ sơ xe"
        tabIndex={-1}
        onKeyDown={keyDown}
        className="flex min-w-max gap-1 border-b border-slate-200"
      >
        {CAR_FORM_TABS.map((t) => {
          const selected = t.key === active;
          return (
            <button
              key={t.key}
              ref={(el) => {
                refs.current[t.key] = el;
              }}
              type="button"
              role="tab"
              id={tabId(t.key)}
              aria-selected={selected}
              aria-controls={panelId(t.key)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(t.key)}
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
    </div>
  );
}

/** A tab's panel; hidden ones stay mounted, so the car form keeps what was typed in another tab. */
export function TabPanel({
  tab,
  active,
  children,
}: {
  tab: CarFormTab;
  active: CarFormTab;
  children: React.ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      hidden={tab !== active}
      className="space-y-5"
    >
      {children}
    </div>
  );
}

/** Papers, history and the inspection belong to a saved car. */
export function SaveFirst({ what }: { what: string }) {
  return (
    <div className="rounded-xl bg-white p-6 text-center text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
      <p className="font-medium text-slate-900">Hãy lưu xe trước</p>
      <p className="mt-1">
        {what} được nhập sau khi xe đã được thêm. Điền tab "Thông tin", bấm "Thêm xe", rồi mở lại tab này.
      </p>
    </div>
  );
}
