import { formatDay, formatKm } from '@contract/format';
import type { InspectionItemResult, InspectionReport as Report } from '@contract/inspections';
import {
  INSPECTION_GROUP_LABELS,
  INSPECTION_GROUPS,
  INSPECTION_RESULT_LABELS,
  type InspectionResult,
} from '@contract/inspections-labels';
import { Printer } from 'lucide-react';
import { useRef } from 'react';
import { cx } from '../../../lib/cx';
import { PledgeBadges } from './pledge-badges';

const RESULT_STYLE: Record<InspectionResult | 'NONE', string> = {
  PASS: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  FIXED: 'bg-sky-50 text-sky-800 ring-sky-200',
  ATTENTION: 'bg-amber-50 text-amber-900 ring-amber-300',
  NA: 'bg-slate-100 text-slate-600 ring-slate-200',
  NONE: 'bg-slate-100 text-slate-500 ring-slate-200',
};

// Printing shows the report alone, every group open.
const PRINT_CSS = `@media print {
  body[data-printing="inspection"] * { visibility: hidden !important; }
  body[data-printing="inspection"] #inspection-report, body[data-printing="inspection"] #inspection-report * { visibility: visible !important; }
  body[data-printing="inspection"] #inspection-report { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; }
  body[data-printing="inspection"] .no-print { display: none !important; }
}`;

function ResultTag({ result }: { result: InspectionResult | null }) {
  return (
    <span
      className={cx(
        'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        RESULT_STYLE[result ?? 'NONE'],
      )}
    >
      {result ? INSPECTION_RESULT_LABELS[result] : 'Chưa kiểm tra'}
    </span>
  );
}

function Item({ item }: { item: InspectionItemResult }) {
  const noted = item.note || item.photo;
  return (
    <li className={cx('py-2', item.result === 'ATTENTION' && 'rounded-lg bg-amber-50/60 px-2')}>
      <div className="flex items-start justify-between gap-3">
        <span className="text-sm text-slate-800">{item.label}</span>
        <ResultTag result={item.result} />
      </div>
      {noted ? (
        <div className="mt-1.5 flex items-start gap-3">
          {item.photo ? (
            <a href={item.photo.urls[1600]} target="_blank" rel="noreferrer" className="shrink-0">
              <img
                src={item.photo.urls[480]}
                alt={`Ảnh hạng mục: ${item.label}`}
                width={item.photo.width}
                height={item.photo.height}
                loading="lazy"
                className="h-16 w-24 rounded-md object-cover ring-1 ring-slate-200"
              />
            </a>
          ) : null}
          {item.note ? <p className="text-sm text-slate-600">{item.note}</p> : null}
        </div>
      ) : null}
    </li>
  );
}

/** The whole report: facts, pledges, conclusion, the items in collapsible groups, a print button. */
export default function InspectionReportView({ report }: { report: Report }) {
  const root = useRef<HTMLDivElement>(null);
  const print = () => {
    const details = [...(root.current?.querySelectorAll('details') ?? [])];
    const closed = details.filter((d) => !d.open);
    for (const d of closed) d.open = true;
    document.body.dataset.printing = 'inspection';
    const done = () => {
      delete document.body.dataset.printing;
      for (const d of closed) d.open = false;
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };
  const s = report.summary;
  return (
    <div ref={root} id="inspection-report" className="space-y-4">
      <style>{PRINT_CSS}</style>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {[
          ['Người kiểm định', report.inspectorName],
          ['Ngày kiểm định', formatDay(report.inspectedAt)],
          ['Số km lúc kiểm định', formatKm(report.odometerKm)],
          ['Kết quả', `${s.passed + s.fixed}/${s.total} đạt`],
        ].map(([k, v]) => (
          <div key={k} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{k}</dt>
            <dd className="font-semibold text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <PledgeBadges summary={s} />
      {!report.odometerConsistent ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Lịch sử số km của xe có số đọc thấp hơn lần trước: showroom không cam kết "Không tua ODO" cho xe
          này.
        </p>
      ) : null}
      {report.conclusion ? (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Kết luận</h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{report.conclusion}</p>
        </div>
      ) : null}
      <div className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
        {INSPECTION_GROUPS.map((g) => {
          const items = report.results.filter((r) => r.group === g);
          if (items.length === 0) return null;
          const ok = items.filter((i) => i.result === 'PASS' || i.result === 'FIXED').length;
          const na = items.filter((i) => i.result === 'NA').length;
          const flagged = items.filter((i) => i.result === 'ATTENTION').length;
          return (
            <details key={g} className="group px-3 sm:px-4" open={flagged > 0}>
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 py-2 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                <span>{INSPECTION_GROUP_LABELS[g]}</span>
                <span className="flex items-center gap-2 text-sm font-normal text-slate-600 tabular-nums">
                  {flagged ? <span className="text-amber-800">{flagged} cần lưu ý ·</span> : null}
                  {ok}/{items.length - na} đạt
                  {na ? <span className="hidden sm:inline">· {na} không áp dụng</span> : null}
                  <span aria-hidden="true" className="transition group-open:rotate-180">
                    ▾
                  </span>
                </span>
              </summary>
              <ul className="divide-y divide-slate-100 pb-2">
                {items.map((i) => (
                  <Item key={i.itemId} item={i} />
                ))}
              </ul>
            </details>
          );
        })}
      </div>
      <button
        type="button"
        onClick={print}
        className="no-print inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
      >
        <Printer className="size-4" aria-hidden="true" />
        In báo cáo
      </button>
    </div>
  );
}
