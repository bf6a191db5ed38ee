import { randomBytes } from 'node:crypto';
import {
  type ConsultingTopic,
  LEAD_PAGES,
  LEAD_STATUS_LABELS,
  type LeadStatus,
  type LeadType,
  type MaintenanceServiceType,
} from '../../../contract/leads';
import { compactFold, foldVietnamese } from '../../../contract/text';
import type { LeadRow, NewLead } from './types';

const REFERENCE_PREFIX: Record<LeadType, string> = {
  TEST_DRIVE: 'LT',
  MAINTENANCE: 'BD',
  CONSULTING: 'TV',
  PURCHASE: 'TM',
};

/** The service as it reads inside a sentence ("đặt lịch sửa chữa xe ..."). */
const SERVICE_PHRASE: Record<MaintenanceServiceType, string> = {
  PERIODIC: 'bảo dưỡng định kỳ',
  REPAIR: 'sửa chữa',
  BODY_PAINT: 'đồng sơn',
  INSPECTION: 'kiểm tra tổng quát',
  OTHER: 'dịch vụ',
};
const TOPIC_PHRASE: Record<ConsultingTopic, string> = {
  BUY: 'tư vấn mua xe',
  SELL: 'tư vấn bán xe, định giá xe',
  INSTALLMENT: 'tư vấn trả góp',
  OTHER: 'tư vấn',
};

export const LEAD_MESSAGES = {
  notFound: 'Không tìm thấy yêu cầu',
  carUnavailable: 'Xe bạn chọn hiện không còn được bán, vui lòng chọn xe khác',
  slotClosed: 'Khung giờ nằm ngoài giờ mở cửa của showroom',
  reusedKey: 'Mã yêu cầu đã được dùng cho một biểu mẫu khác, vui lòng tải lại trang',
  sameStatus: (s: LeadStatus) => `Yêu cầu đã ở trạng thái "${LEAD_STATUS_LABELS[s]}"`,
  badMove: (from: LeadStatus, to: LeadStatus) =>
    `Không thể chuyển trạng thái từ "${LEAD_STATUS_LABELS[from]}" sang "${LEAD_STATUS_LABELS[to]}"`,
  staffNotFound: 'Không tìm thấy nhân viên',
  staffInactive: 'Tài khoản nhân viên đã bị vô hiệu hóa',
  staffNoPermission: 'Nhân viên này không có quyền quản lý dịch vụ',
  needsAction: (action: 'offer' | 'buy') =>
    action === 'offer'
      ? 'Hãy dùng "Báo giá" để ghi giá chào mua và hạn báo giá'
      : 'Hãy nhập xe vào kho (biểu mẫu xe) để đánh dấu "Đã mua"',
} as const;

/**
 * "LT-3F9A0C21": made here from random bytes, never from the client's key (a key chosen or seen by
 * someone else would let them name, or guess, another customer's reference).
 */
export function leadReference(type: LeadType): string {
  return `${REFERENCE_PREFIX[type]}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The folded words a lead is found by (written on save). */
export function leadSearchText(lead: NewLead): string {
  const plate = lead.licencePlate ?? '';
  return [
    foldVietnamese(
      [lead.reference, lead.fullName, lead.phone, lead.email, lead.carLabel, plate, lead.make, lead.model]
        .filter(Boolean)
        .join(' '),
    ),
    plate ? compactFold(plate) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** yyyy-mm-dd -> dd/mm/yyyy */
export const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** "Khách hàng Nguyễn Văn A đăng ký lái thử Toyota Vios 2020 ngày 25/11/2026" */
export function leadAnnouncement(row: LeadRow): string {
  const who = `Khách hàng ${row.fullName}`;
  const day = row.preferredDate ? ` ngày ${dmy(row.preferredDate)}` : '';
  switch (row.type as LeadType) {
    case 'TEST_DRIVE':
      return `${who} đăng ký lái thử ${row.carLabel ?? 'xe'}${day}`;
    case 'PURCHASE': {
      const car = [row.make, row.model, row.year].filter(Boolean).join(' ');
      const trade = row.carLabel ? `, muốn đổi lấy ${row.carLabel}` : '';
      return `${who} muốn bán xe ${car}${trade}${day ? `, hẹn kiểm tra${day}` : ''}`;
    }
    case 'MAINTENANCE': {
      const service = SERVICE_PHRASE[row.serviceType as MaintenanceServiceType] ?? 'dịch vụ';
      const car = [row.make, row.model, row.year].filter(Boolean).join(' ');
      return `${who} đặt lịch ${service} xe ${car} (${row.licencePlate})${day}`;
    }
    default: {
      const topic = TOPIC_PHRASE[row.topic as ConsultingTopic] ?? 'tư vấn';
      return `${who} gửi yêu cầu ${topic}${row.carLabel ? ` (${row.carLabel})` : ''}`;
    }
  }
}

/** The dashboard page that opens the lead. */
export function leadLink(row: Pick<LeadRow, 'type' | 'id'>): string {
  return `${LEAD_PAGES[row.type as LeadType]}?id=${row.id}`;
}
