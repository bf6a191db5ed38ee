import { formatPrice } from '../../../contract/format';
import type { ReconStats } from '../../../contract/recon-stats';
import type { ExportColumn } from './writer';

/** One figure of the reconditioning and stock export: a row a manager can sort, chart or paste. */
export interface FigureRow {
  group: string;
  metric: string;
  value: number | null;
  unit: string;
  note: string;
}

export const FIGURE_COLUMNS: ExportColumn<FigureRow>[] = [
  { header: 'Nhóm', width: 24, kind: 'text', value: (r) => r.group },
  { header: 'Chỉ số', width: 36, kind: 'text', value: (r) => r.metric },
  { header: 'Giá trị', width: 16, kind: 'decimal', value: (r) => r.value },
  { header: 'Đơn vị', width: 9, kind: 'text', value: (r) => r.unit },
  { header: 'Ghi chú', width: 48, kind: 'text', value: (r) => r.note },
];

/** A ratio as a percentage with two decimals (0.9765 → 97.65). */
const pct = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 10_000) / 100);
const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** GET dashboard/recon as rows, in the order of the overview's cards (docs/statistics.md). */
export function figureRows(s: ReconStats): FigureRow[] {
  const rows: FigureRow[] = [];
  const add = (group: string, metric: string, value: number | null, unit: string, note = '') =>
    rows.push({ group, metric, value, unit, note });
  const line = 'Thời gian lên sàn';
  const t = s.timeToLine;
  add(
    line,
    'Trung bình (ngày mua → đăng bán)',
    t.averageDays,
    'ngày',
    t.verdictLabel ?? 'Chưa có xe lên sàn',
  );
  add(line, 'Mục tiêu', t.targetDays, 'ngày', `Chấp nhận được: ${t.acceptableDays} ngày`);
  add(
    line,
    'Số xe lên sàn',
    t.cars,
    'xe',
    t.withoutPurchase ? `Không tính ${t.withoutPurchase} xe chưa có giá mua` : '',
  );
  add(line, `Đạt mục tiêu (≤ ${t.targetDays} ngày)`, t.withinTarget, 'xe');
  add(line, `Trong mức chấp nhận (≤ ${t.acceptableDays} ngày)`, t.withinAcceptable, 'xe');
  const stage = 'Xe đang chuẩn bị';
  add(stage, 'Tổng số xe', s.stages.preparing, 'xe', `${s.stages.late} xe trễ hạn`);
  for (const x of s.stages.byStage) add(stage, x.name, x.count, 'xe', `${x.late} xe trễ hạn`);
  const recon = 'Chi phí tân trang';
  const r = s.reconCost;
  add(recon, 'Trung bình mỗi xe', r.averagePerCar, 'đ', `${r.cars} xe có hạng mục hoàn thành`);
  add(recon, 'Hạng mục hoàn thành', r.itemsCompleted, 'hạng mục', `${r.overEstimate} hạng mục vượt dự toán`);
  add(recon, 'Tổng chi phí thực tế', r.actualTotal, 'đ');
  add(recon, 'Tổng dự toán', r.estimateTotal, 'đ');
  add(recon, 'Thực tế so với dự toán', pct(r.actualToEstimate), '%');
  const margin = 'Lãi trên giá vốn thực';
  const m = s.margin;
  add(margin, 'Xe bán', m.sold, 'xe', `${m.withTrueCost} xe có giá vốn thực khi bán`);
  add(margin, 'Doanh thu (xe có giá vốn thực)', m.revenue, 'đ');
  add(margin, 'Tổng giá vốn thực', m.trueCostTotal, 'đ');
  add(margin, 'Tổng lãi', m.marginTotal, 'đ');
  add(margin, 'Lãi trung bình mỗi xe', m.averageMargin, 'đ');
  add(margin, 'Tỷ suất lãi', pct(m.marginRate), '%');
  const h = s.holding;
  add(
    'Chi phí vốn tồn kho',
    `Từ ${dmy(h.from)} đến ${dmy(h.to)}`,
    h.total,
    'đ',
    `${h.cars} xe, lãi suất ${pct(h.rate)}%/năm`,
  );
  const q = s.quickSales;
  add(`Bán trong ${q.withinDays} ngày`, 'Tỷ lệ', pct(q.share), '%', `${q.count}/${q.sold} xe kể từ ngày mua`);
  for (const b of s.agedStock.buckets)
    add('Tuổi tồn kho', b.label, b.count, 'xe', `Giá trị ${formatPrice(b.value) || '0 đ'}`);
  return rows;
}
