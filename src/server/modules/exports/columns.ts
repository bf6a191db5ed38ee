import {
  BODY_TYPE_LABELS,
  type BodyType,
  CAR_STATUS_LABELS,
  type CarAdminRow,
  FUEL_LABELS,
  ORIGIN_LABELS,
  TRANSMISSION_LABELS,
} from '../../../contract/cars';
import type { LeadType, LeadView } from '../../../contract/leads';
import type { CandidateView } from '../../../contract/recruitment';
import { PAYMENT_METHOD_LABELS, SALE_STATUS_LABELS, type SaleView } from '../../../contract/sales';
import type { ExportColumn } from './writer';

/** The columns of each export, Vietnamese headers first row. */

export const SALE_COLUMNS: ExportColumn<SaleView>[] = [
  { header: 'Mã giao dịch', width: 13, kind: 'int', value: (s) => s.transactionId },
  { header: 'Ngày bán', width: 12, kind: 'date', value: (s) => s.saleDate },
  { header: 'Xe', width: 34, kind: 'text', value: (s) => s.carName },
  { header: 'Hãng', width: 14, kind: 'text', value: (s) => s.brand },
  { header: 'Mã xe', width: 9, kind: 'int', value: (s) => s.carId },
  { header: 'Giá niêm yết (đ)', width: 17, kind: 'money', value: (s) => s.listPrice },
  { header: 'Giá bán (đ)', width: 17, kind: 'money', value: (s) => s.salePrice },
  { header: 'Giá nhập (đ)', width: 17, kind: 'money', value: (s) => s.purchasePrice },
  { header: 'Lợi nhuận (đ)', width: 17, kind: 'money', value: (s) => s.margin },
  { header: 'Người mua', width: 24, kind: 'text', value: (s) => s.buyerName },
  { header: 'Điện thoại', width: 14, kind: 'text', value: (s) => s.buyerPhone },
  { header: 'Email', width: 26, kind: 'text', value: (s) => s.buyerEmail },
  { header: 'Thanh toán', width: 14, kind: 'text', value: (s) => PAYMENT_METHOD_LABELS[s.paymentMethod] },
  { header: 'Nhân viên bán', width: 22, kind: 'text', value: (s) => s.salesperson?.fullName },
  { header: 'Trạng thái', width: 11, kind: 'text', value: (s) => SALE_STATUS_LABELS[s.status] },
  { header: 'Ngày hủy', width: 17, kind: 'datetime', value: (s) => s.cancelledAt },
  { header: 'Lý do hủy', width: 30, kind: 'text', value: (s) => s.cancelReason },
  { header: 'Ghi chú', width: 40, kind: 'text', value: (s) => s.note },
  { header: 'Ghi nhận lúc', width: 17, kind: 'datetime', value: (s) => s.createdAt },
];

/** A car row of the export: the staff list's row and the sale of a sold car. */
export type CarExportRow = CarAdminRow & { saleId: number | null };

export const CAR_COLUMNS: ExportColumn<CarExportRow>[] = [
  { header: 'Mã xe', width: 9, kind: 'int', value: (c) => c.carId },
  { header: 'Tên xe', width: 34, kind: 'text', value: (c) => c.carName },
  { header: 'Hãng', width: 14, kind: 'text', value: (c) => c.brand },
  { header: 'Dòng xe', width: 16, kind: 'text', value: (c) => c.model },
  { header: 'Phiên bản', width: 18, kind: 'text', value: (c) => c.version },
  { header: 'Năm sản xuất', width: 13, kind: 'int', value: (c) => c.year },
  { header: 'Giá bán (đ)', width: 17, kind: 'money', value: (c) => c.sellPrice },
  { header: 'Số km đã đi', width: 13, kind: 'number', value: (c) => c.odo },
  {
    header: 'Kiểu dáng',
    width: 14,
    kind: 'text',
    value: (c) => BODY_TYPE_LABELS[c.bodyType as BodyType] ?? c.bodyType,
  },
  { header: 'Số chỗ', width: 8, kind: 'int', value: (c) => c.size },
  { header: 'Nhiên liệu', width: 11, kind: 'text', value: (c) => FUEL_LABELS[c.fuel] ?? c.fuel },
  {
    header: 'Hộp số',
    width: 10,
    kind: 'text',
    value: (c) => TRANSMISSION_LABELS[c.transmission] ?? c.transmission,
  },
  { header: 'Màu ngoại thất', width: 15, kind: 'text', value: (c) => c.exteriorColor },
  { header: 'Xuất xứ', width: 13, kind: 'text', value: (c) => ORIGIN_LABELS[c.origin] ?? c.origin },
  { header: 'Trạng thái', width: 12, kind: 'text', value: (c) => CAR_STATUS_LABELS[c.status] ?? c.status },
  { header: 'Số ảnh', width: 8, kind: 'int', value: (c) => c.photoCount },
  { header: 'Mã giao dịch bán', width: 16, kind: 'int', value: (c) => c.saleId },
  { header: 'Ngày nhập kho', width: 17, kind: 'datetime', value: (c) => c.createdAt },
  { header: 'Cập nhật lúc', width: 17, kind: 'datetime', value: (c) => c.updatedAt },
];

const leadHead: ExportColumn<LeadView>[] = [
  { header: 'Mã yêu cầu', width: 13, kind: 'text', value: (l) => l.reference },
  { header: 'Trạng thái', width: 12, kind: 'text', value: (l) => l.statusLabel },
  { header: 'Khách hàng', width: 24, kind: 'text', value: (l) => l.fullName },
  { header: 'Điện thoại', width: 14, kind: 'text', value: (l) => l.phone },
  { header: 'Email', width: 26, kind: 'text', value: (l) => l.email },
];

const booking: ExportColumn<LeadView>[] = [
  { header: 'Ngày hẹn', width: 12, kind: 'date', value: (l) => l.preferredDate },
  { header: 'Giờ hẹn', width: 9, kind: 'text', value: (l) => l.timeSlot },
];

const leadTail = (booked: boolean): ExportColumn<LeadView>[] => [
  { header: 'Nhân viên phụ trách', width: 22, kind: 'text', value: (l) => l.assignee?.fullName },
  ...(booked
    ? [
        {
          header: 'Quá hạn',
          width: 9,
          kind: 'text' as const,
          value: (l: LeadView) => (l.overdue ? 'Có' : 'Không'),
        },
      ]
    : []),
  { header: 'Gửi lúc', width: 17, kind: 'datetime', value: (l) => l.createdAt },
  { header: 'Cập nhật lúc', width: 17, kind: 'datetime', value: (l) => l.updatedAt },
];

export const LEAD_COLUMNS: Record<LeadType, ExportColumn<LeadView>[]> = {
  TEST_DRIVE: [
    ...leadHead,
    { header: 'Xe lái thử', width: 32, kind: 'text', value: (l) => l.carLabel },
    ...booking,
    { header: 'Ghi chú của khách', width: 40, kind: 'text', value: (l) => l.message },
    ...leadTail(true),
  ],
  MAINTENANCE: [
    ...leadHead,
    { header: 'Biển số', width: 13, kind: 'text', value: (l) => l.licencePlate },
    { header: 'Hãng xe', width: 13, kind: 'text', value: (l) => l.make },
    { header: 'Dòng xe', width: 14, kind: 'text', value: (l) => l.model },
    { header: 'Năm sản xuất', width: 13, kind: 'int', value: (l) => l.year },
    { header: 'Số km đã đi', width: 13, kind: 'number', value: (l) => l.odometer },
    { header: 'Dịch vụ', width: 20, kind: 'text', value: (l) => l.serviceTypeLabel },
    ...booking,
    { header: 'Ghi chú của khách', width: 40, kind: 'text', value: (l) => l.message },
    ...leadTail(true),
  ],
  CONSULTING: [
    ...leadHead,
    { header: 'Chủ đề', width: 20, kind: 'text', value: (l) => l.topicLabel },
    { header: 'Xe quan tâm', width: 32, kind: 'text', value: (l) => l.carLabel },
    { header: 'Nội dung', width: 50, kind: 'text', value: (l) => l.message },
    ...leadTail(false),
  ],
  PURCHASE: [
    ...leadHead,
    { header: 'Hãng xe', width: 13, kind: 'text', value: (l) => l.make },
    { header: 'Dòng xe', width: 18, kind: 'text', value: (l) => l.model },
    { header: 'Năm sản xuất', width: 13, kind: 'int', value: (l) => l.year },
    { header: 'Số km đã đi', width: 13, kind: 'number', value: (l) => l.odometer },
    {
      header: 'Giá ước tính (đ)',
      width: 17,
      kind: 'money',
      value: (l) => l.purchase?.valuation?.estimate ?? null,
    },
    { header: 'Giá chào mua (đ)', width: 17, kind: 'money', value: (l) => l.purchase?.offer?.amount ?? null },
    {
      header: 'Hạn báo giá',
      width: 13,
      kind: 'text',
      value: (l) => l.purchase?.offer?.validUntilText ?? null,
    },
    { header: 'Đổi lấy xe', width: 32, kind: 'text', value: (l) => l.carLabel },
    ...booking,
    { header: 'Ghi chú của khách', width: 40, kind: 'text', value: (l) => l.message },
    ...leadTail(true),
  ],
};

export const CANDIDATE_COLUMNS: ExportColumn<CandidateView>[] = [
  { header: 'Mã ứng viên', width: 12, kind: 'int', value: (c) => c.candidateId },
  { header: 'Tin tuyển dụng', width: 30, kind: 'text', value: (c) => c.recruitmentTitle },
  { header: 'Họ và tên', width: 24, kind: 'text', value: (c) => c.fullName },
  { header: 'Điện thoại', width: 14, kind: 'text', value: (c) => c.phone },
  { header: 'Email', width: 26, kind: 'text', value: (c) => c.email },
  { header: 'Trạng thái', width: 12, kind: 'text', value: (c) => c.statusLabel },
  { header: 'Thư giới thiệu', width: 50, kind: 'text', value: (c) => c.letter },
  { header: 'Tệp CV', width: 24, kind: 'text', value: (c) => c.cv.fileName },
  { header: 'Ứng tuyển lúc', width: 17, kind: 'datetime', value: (c) => c.createdAt },
];
