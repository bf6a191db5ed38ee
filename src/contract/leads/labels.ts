/** Lead types, statuses and their Vietnamese labels, paths and pages. */
export const LEAD_TYPES = ['TEST_DRIVE', 'MAINTENANCE', 'CONSULTING'] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const LEAD_TYPE_LABELS: Record<LeadType, string> = {
  TEST_DRIVE: 'Lái thử',
  MAINTENANCE: 'Bảo dưỡng',
  CONSULTING: 'Tư vấn',
};

/** Public and management API paths of each lead type (docs/leads.md). */
export const LEAD_PATHS: Record<LeadType, string> = {
  TEST_DRIVE: '/api/test-drives',
  MAINTENANCE: '/api/maintenance',
  CONSULTING: '/api/consulting',
};

/** The dashboard page of each lead type: notifications link to `${page}?id=<leadId>`. */
export const LEAD_PAGES: Record<LeadType, string> = {
  TEST_DRIVE: '/dashboard/testdriveManagement',
  MAINTENANCE: '/dashboard/maintenanceManagement',
  CONSULTING: '/dashboard/consultantManagement',
};

export const LEAD_STATUSES = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE', 'CANCELLED'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  NEW: 'Mới',
  CONTACTED: 'Đã liên hệ',
  SCHEDULED: 'Đã hẹn',
  DONE: 'Hoàn thành',
  CANCELLED: 'Đã hủy',
};

/** Statuses in which the showroom still owes the customer something. */
export const OPEN_LEAD_STATUSES: readonly LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED'];

/**
 * The workflow Mới → Đã liên hệ → Đã hẹn → Hoàn thành, or Đã hủy: a lead moves forward (a step may
 * be skipped, e.g. a call that books the appointment at once goes Mới → Đã hẹn) or is cancelled
 * while still open; Hoàn thành and Đã hủy are final.
 */
export function nextLeadStatuses(from: LeadStatus): LeadStatus[] {
  const chain: LeadStatus[] = ['NEW', 'CONTACTED', 'SCHEDULED', 'DONE'];
  const at = chain.indexOf(from);
  if (at < 0 || from === 'DONE') return [];
  return [...chain.slice(at + 1), 'CANCELLED'];
}

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return nextLeadStatuses(from).includes(to);
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
