/** Lead types, statuses and their Vietnamese labels, paths and pages. */
export const LEAD_TYPES = ['TEST_DRIVE', 'MAINTENANCE', 'CONSULTING', 'PURCHASE'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  TEST_DRIVE: 'Lái thử',
  MAINTENANCE: 'Bảo dưỡng',
  CONSULTING: 'Tư vấn',
  PURCHASE: 'Thu mua xe',
};

/** Public and management API paths of each lead type (docs/leads.md). */
export const LEAD_PATHS: Record<LeadType, string> = {
  TEST_DRIVE: '/api/test-drives',
  MAINTENANCE: '/api/maintenance',
  CONSULTING: '/api/consulting',
  PURCHASE: '/api/purchases',
};

/** The dashboard page of each lead type: notifications link to `${page}?id=<leadId>`. */
export const LEAD_PAGES: Record<LeadType, string> = {
  TEST_DRIVE: '/dashboard/testdriveManagement',
  MAINTENANCE: '/dashboard/maintenanceManagement',
  CONSULTING: '/dashboard/consultantManagement',
  PURCHASE: '/dashboard/purchaseManagement',
};

/** Every status of every type; LEAD_TYPE_STATUSES says which belong to a type. */
export const LEAD_STATUSES = [
  'NEW',
  'CONTACTED',
  'SCHEDULED',
  'DONE',
  'CANCELLED',
  'OFFERED',
  'BOUGHT',
  'DECLINED',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'Mới',
  CONTACTED: 'Đã liên hệ',
  SCHEDULED: 'Đã hẹn',
  DONE: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
  OFFERED: 'Đã báo giá',
  BOUGHT: 'Đã mua',
  DECLINED: 'Không mua',
};

/** The statuses a lead of each type goes through, in order (the finals last). */
export const LEAD_TYPE_STATUSES: Record<LeadType, readonly LeadStatus[]> = {
  TEST_DRIVE: ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'],
  MAINTENANCE: ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'],
  CONSULTING: ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'],
  PURCHASE: ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED', 'BOUGHT', 'DECLINED'],
};

/** A status as a lead of this type names it: a buy-in's appointment is the car's inspection. */
export function leadStatusLabel(status: LeadStatus, type?: LeadType): string {
  if (type === 'PURCHASE' && status === 'SCHEDULED') return 'Hẹn kiểm tra';
  return LEAD_STATUS_LABELS[status];
}

/** Statuses in which the showroom still owes the customer something. */
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED'];

/** Open statuses in which the booked day is still ahead of the lead (an offered buy-in was inspected). */
export const AWAITING_VISIT_STATUSES: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED'];

/**
 * The workflow of the three service forms, Mới → Đã liên hệ → Đã hẹn → Hoàn thành, or Đã hủy: a lead
 * moves forward (a step may be skipped, e.g. a call that books the appointment at once goes Mới → Đã
 * hẹn) or is cancelled while still open; Hoàn thành and Đã hủy are final.
 *
 * A buy-in (PURCHASE): Mới → Đã liên hệ → Hẹn kiểm tra → Đã báo giá → Đã mua, or Không mua while
 * open. Steps before the offer may be skipped; "Đã mua" comes only after an offer (its amount is the
 * purchase price), and Đã mua and Không mua are final.
 */
export function nextLeadStatuses(from: LeadStatus, type: LeadType = 'TEST_DRIVE'): LeadStatus[] {
  if (type === 'PURCHASE') {
    const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'OFFERED'];
    const at = chain.indexOf(from);
    if (at < 0) return [];
    if (from === 'OFFERED') return ['BOUGHT', 'DECLINED'];
    return [...chain.slice(at + 1), 'DECLINED'];
  }
  const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];
  const at = chain.indexOf(from);
  if (at < 0 || from === 'DONE') return [];
  return [...chain.slice(at + 1), 'CANCELLED'];
}

export function canMoveLead(from: LeadStatus, to: LeadStatus, type: LeadType = 'TEST_DRIVE'): boolean {
  return nextLeadStatuses(from, type).includes(to);
}

/**
 * Moves that carry more than a status, and so are made by their own call rather than the plain status
 * change: a buy-in's offer (amount and validity, e-mailed to the seller) and its purchase (the car
 * entering stock).
 */
export function leadMoveAction(type: LeadType, to: LeadStatus): 'offer' | 'buy' | null {
  if (type !== 'PURCHASE') return null;
  if (to === 'OFFERED') return 'offer';
  if (to === 'BOUGHT') return 'buy';
  return null;
}

export const MAINTENANCE_SERVICE_TYPES = ['PERIODIC', 'REPAIR', 'BODY_PAINT', 'INSPECTION', 'OTHER'] as const;
export type MaintenanceServiceType = (typeof MAINTENANCE_SERVICE_TYPES)[number];
export const MAINTENANCE_SERVICE_LABELS: Record<MaintenanceServiceType, string> = {
  PERIODIC: 'Bảo dưỡng định kỳ',
  REPAIR: 'Sửa chữa',
  BODY_PAINT: 'Đồng sơn',
  INSPECTION: 'Kiểm tra tổng quát',
  OTHER: 'Khác',
};

export const CONSULTING_TOPICS = ['BUY', 'SELL', 'INSTALLMENT', 'OTHER'] as const;
export type ConsultingTopic = (typeof CONSULTING_TOPICS)[number];
export const CONSULTING_TOPIC_LABELS: Record<ConsultingTopic, string> = {
  BUY: 'Mua xe',
  SELL: 'Bán xe, định giá xe',
  INSTALLMENT: 'Trả góp',
  OTHER: 'Khác',
};
