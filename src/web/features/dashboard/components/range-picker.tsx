import { vnDayKey } from '@contract/format';
import { useEffect, useRef } from 'react';
import { DateInput } from '../../../components/date-input';
import { cx } from '../../../lib/cx';
import type { Range } from '../api';

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Quick choices; each gives the range from today in Vietnam. */
export function presets(now = new Date()): { key: string; label: string; range: Range }[] {
  const today = vnDayKey(now);
  const month = `${today.slice(0, 8)}01`;
  const lastMonthEnd = shift(month, -1);
  return [
    { key: 'all', label: 'Tất cả', range: { from: '', to: '' } },
    { key: 'month', label: 'Tháng này', range: { from: month, to: today } },
    {
      key: 'last-month',
      label: 'Tháng trước',
      range: { from: `${lastMonthEnd.slice(0, 8)}01`, to: lastMonthEnd },
    },
    { key: '90d', label: '90 ngày', range: { from: shift(today, -89), to: today } },
    { key: 'year', label: 'Năm nay', range: { from: `${today.slice(0, 4)}-01-01`, to: today } },
  ];
}

/**
 * The overview's date range: dd/mm/yyyy inputs (Từ ngày / Đến ngày) and quick choices. `value` and
 * `onChange` use 'yyyy-mm-dd' ('' = open), as the statistics calls take them.
 */
export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  const today = vnDayKey(new Date());
  // The range as last changed here: the new address (and so `value`) arrives in a transition, which
  // typing defers; a 'to' typed right after a 'from' must not be merged into the range before it.
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (next: Range) => {
    latest.current = next;
    onChange(next);
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 lg:flex-row lg:items-center">
      <legend className="sr-only">Khoảng thời gian thống kê</legend>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:items-center">
        <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
          <span className="shrink-0 text-sm text-slate-600" aria-hidden="true">
            Từ ngày
          </span>
          <DateInput
            value={value.from}
            max={value.to || today}
            onChange={(from) => change({ ...latest.current, from })}
            className="sm:w-40"
            aria-label="Từ ngày"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-2">
          <span className="shrink-0 text-sm text-slate-600" aria-hidden="true">
            Đến ngày
          </span>
          <DateInput
            value={value.to}
            min={value.from || undefined}
            onChange={(to) => change({ ...latest.current, to })}
            className="sm:w-40"
            aria-label="Đến ngày"
          />
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        {presets().map((p) => {
          const active = p.range.from === value.from && p.range.to === value.to;
          return (
            <button
              key={p.key}
              type="button"
              aria-pressed={active}
              onClick={() => change(p.range)}
              className={cx(
                'min-h-11 rounded-lg px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                active ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200',
              )}
            >
              {p.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
