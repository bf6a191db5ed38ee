/**
 * The inspection vocabulary without zod (the public pages import it): groups, results, pledges with their
 * Vietnamese labels, and the pure derivation of the pledges and the summary. ./inspections re-exports it.
 */

// ---------------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------------

export const INSPECTION_GROUPS = [
  'EXTERIOR',
  'INTERIOR',
  'ENGINE',
  'UNDERCARRIAGE',
  'ELECTRICAL',
  'ROAD_TEST',
  'PAPERS',
] as const;
export type InspectionGroup = (typeof INSPECTION_GROUPS)[number];
export const INSPECTION_GROUP_LABELS: Record<InspectionGroup, string> = {
  EXTERIOR: 'Ngoại thất',
  INTERIOR: 'Nội thất',
  ENGINE: 'Khoang động cơ',
  UNDERCARRIAGE: 'Gầm và hệ thống treo',
  ELECTRICAL: 'Hệ thống điện',
  ROAD_TEST: 'Vận hành khi lái thử',
  PAPERS: 'Giấy tờ pháp lý',
};

export const INSPECTION_RESULTS = ['PASS', 'ATTENTION', 'FIXED', 'NA'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];
export const INSPECTION_RESULT_LABELS: Record<InspectionResult, string> = {
  PASS: 'Đạt',
  ATTENTION: 'Cần lưu ý',
  FIXED: 'Đã khắc phục',
  NA: 'Không áp dụng',
};

export const PLEDGES = ['NO_CRASH', 'NO_FLOOD', 'NO_ODO_ROLLBACK'] as const;
export type Pledge = (typeof PLEDGES)[number];
export const PLEDGE_LABELS: Record<Pledge, string> = {
  NO_CRASH: 'Không đâm đụng',
  NO_FLOOD: 'Không ngập nước',
  NO_ODO_ROLLBACK: 'Không tua ODO',
};

export const INSPECTION_LIMITS = {
  itemLabel: 150,
  note: 500,
  staffNote: 2000,
  conclusion: 2000,
  inspector: 100,
  markerLabel: 60,
  markers: 30,
  items: 400,
} as const;

/** The public message of a car without a report. */
export const NO_REPORT_MESSAGE = 'Xe này chưa có báo cáo kiểm định';

/** What GET /api/cars/{carId}/inspection, CarSummary.inspection and the cars list carry. */
export interface InspectionSummary {
  /** Items judged: the template's items at save time (a retired one counts only if it has a result). */
  total: number;
  passed: number;
  fixed: number;
  attention: number;
  na: number;
  /** The pledges that hold, in PLEDGES order. */
  pledges: Pledge[];
  /** The inspection day, yyyy-mm-dd (show it dd/mm/yyyy). */
  inspectedAt: string;
}

// ---------------------------------------------------------------------------------------------------
// The pledges and the summary, derived (used by the server on save and read, the editor's preview and
// the advisor)
// ---------------------------------------------------------------------------------------------------

export interface DeriveItem {
  itemId: number;
  pledges: readonly Pledge[];
  retired?: boolean;
}

/**
 * The summary of a report judged against a template (for a saved report: its own snapshot of items).
 * The items judged are the template's active items plus any retired item the report has a result for.
 * A pledge holds only when it has at least one item behind it and EVERY such item is PASS or FIXED:
 * ATTENTION, NA or a missing result breaks it. NO_ODO_ROLLBACK also needs `odometerConsistent` (the car's
 * odometer history never goes backwards).
 */
export function deriveInspection(
  report: { inspectedAt: string; results: readonly { itemId: number; result: InspectionResult | null }[] },
  template: readonly DeriveItem[],
  odometerConsistent = true,
): InspectionSummary {
  const byItem = new Map(report.results.map((r) => [r.itemId, r.result]));
  const judged = template.filter((t) => !t.retired || byItem.get(t.itemId));
  const counts = { passed: 0, fixed: 0, attention: 0, na: 0 };
  for (const t of judged) {
    const r = byItem.get(t.itemId);
    if (r === 'PASS') counts.passed++;
    else if (r === 'FIXED') counts.fixed++;
    else if (r === 'ATTENTION') counts.attention++;
    else if (r === 'NA') counts.na++;
  }
  const pledges = PLEDGES.filter((p) => {
    const behind = judged.filter((t) => t.pledges.includes(p));
    if (behind.length === 0) return false;
    if (p === 'NO_ODO_ROLLBACK' && !odometerConsistent) return false;
    return behind.every((t) => {
      const r = byItem.get(t.itemId);
      return r === 'PASS' || r === 'FIXED';
    });
  });
  return { total: judged.length, ...counts, pledges, inspectedAt: report.inspectedAt };
}

/** "176/176 hạng mục đạt · 3 đã khắc phục": passed counts PASS and FIXED together, as buyers read it. */
export function summaryLine(s: InspectionSummary): string {
  const ok = s.passed + s.fixed;
  const parts = [`${ok}/${s.total} hạng mục đạt`];
  if (s.fixed > 0) parts.push(`${s.fixed} đã khắc phục`);
  if (s.attention > 0) parts.push(`${s.attention} cần lưu ý`);
  if (s.na > 0) parts.push(`${s.na} không áp dụng`);
  return parts.join(' · ');
}
