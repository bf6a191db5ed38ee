import { formatDay } from '@contract/format';
import { type InspectionSummary, PLEDGE_LABELS, PLEDGES, summaryLine } from '@contract/inspections-labels';
import { ClipboardCheck, ShieldCheck } from 'lucide-react';
import { cx } from '../../../lib/cx';

/** The pledges that hold, as green badges (the car page, the report). */
export function PledgeBadges({ summary, className }: { summary: InspectionSummary; className?: string }) {
  if (summary.pledges.length === 0) return null;
  return (
    <ul className={cx('flex flex-wrap gap-1.5', className)} aria-label="Cam kết của showroom">
      {PLEDGES.filter((p) => summary.pledges.includes(p)).map((p) => (
        <li
          key={p}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200"
        >
          <ShieldCheck className="size-3.5" aria-hidden="true" />
          {PLEDGE_LABELS[p]}
        </li>
      ))}
    </ul>
  );
}

/** On a card's photo: "Đã kiểm định". */
export function InspectedTag({ className }: { className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2.5 py-1 text-xs font-semibold text-white shadow',
        className,
      )}
    >
      <ClipboardCheck className="size-3.5" aria-hidden="true" />
      Đã kiểm định
    </span>
  );
}

/**
 * A card's line of pledges, each whole ("Không đâm đụng · Không ngập nước · Không tua ODO"): a shortened
 * pledge can read as its opposite ("tua ODO"), so a pledge that does not fit the line is left off whole,
 * never cut. The line wraps inside a box one line high that clips the rest, so every card keeps one
 * height; the full list is read out.
 */
export function CardPledges({ summary }: { summary: InspectionSummary | null }) {
  const held = summary ? PLEDGES.filter((p) => summary.pledges.includes(p)) : [];
  return (
    <div className="mt-2 flex h-5 items-start gap-1 overflow-hidden text-xs font-medium text-emerald-700">
      {held.length ? (
        <>
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">Cam kết: {held.map((p) => PLEDGE_LABELS[p]).join(', ')}</span>
          <ul className="flex min-w-0 flex-wrap content-start gap-x-1" aria-hidden="true" data-pledges>
            {held.map((p, i) => (
              <li key={p} className="h-5 leading-5 whitespace-nowrap" data-pledge={p}>
                {i > 0 ? <span className="mr-1 text-emerald-600/70">·</span> : null}
                {PLEDGE_LABELS[p]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** Near the price: "176/176 hạng mục đạt · 3 đã khắc phục", the pledges and the inspection date. */
export function InspectionSummaryBox({
  summary,
  reportHref = '#inspection',
}: {
  summary: InspectionSummary | null;
  reportHref?: string;
}) {
  if (!summary) return null;
  return (
    <div
      className="mt-3 rounded-xl bg-emerald-50/60 p-3 ring-1 ring-emerald-200"
      data-testid="inspection-summary"
    >
      <p className="flex items-center gap-1.5 text-sm font-semibold text-emerald-900">
        <ClipboardCheck className="size-4 shrink-0" aria-hidden="true" />
        Đã kiểm định {summary.total} hạng mục
      </p>
      <p className="mt-1 text-sm text-slate-700 tabular-nums">{summaryLine(summary)}</p>
      <PledgeBadges summary={summary} className="mt-2" />
      <p className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span>Ngày kiểm định: {formatDay(summary.inspectedAt)}</span>
        <a
          href={reportHref}
          className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Xem báo cáo chi tiết
        </a>
      </p>
    </div>
  );
}
