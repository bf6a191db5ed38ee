import { formatPrice, formatThousands } from '@contract/format';
import type { Range } from '../api';

/** How the overview writes its figures and its range. */
export const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
export const percent = (ratio: number) =>
  `${(Math.round(ratio * 1000) / 10).toLocaleString('vi-VN', { maximumFractionDigits: 1 })}%`;
export const money = (vnd: number) => formatPrice(vnd) || '0 đ';
export const count = (n: number) => formatThousands(n) || '0';

export function rangeCaption(range: Range, open: string) {
  if (range.from && range.to) return `Từ ${dmy(range.from)} đến ${dmy(range.to)}`;
  if (range.from) return `Từ ${dmy(range.from)}`;
  if (range.to) return `Đến ${dmy(range.to)}`;
  return open;
}

/**
 * What the "Xe đang giao dịch" card counts, said part by part (only the parts there are): deposits
 * received, online holds still waiting for the transfer, cars staff marked by hand.
 */
export function pendingHint(h: { paidDeposit: number; awaitingPayment: number; heldByStaff: number }) {
  const parts = [
    h.paidDeposit ? `${count(h.paidDeposit)} đã nhận cọc` : '',
    h.awaitingPayment ? `${count(h.awaitingPayment)} chờ khách chuyển cọc` : '',
    h.heldByStaff ? `${count(h.heldByStaff)} do nhân viên giữ` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Không có xe nào đang được giữ';
}
