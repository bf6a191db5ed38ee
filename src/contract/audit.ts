import { z } from 'zod';
import {
  AUDIT_ENTITY_FIELD_LABELS,
  AUDIT_FIELD_LABELS,
  AUDIT_STATUS_LABELS,
  AUDIT_TYPE_LABELS,
  AUDIT_VALUE_LABELS,
} from './audit-labels';
import { blankToUndefined, type Page, pageQuery, positiveId } from './common';
import { checkRangeOrder, rangeFields } from './stats';

/**
 * The audit log page (dashboard/audit, WEB_CONFIG; ADMIN always): who did what, when, to which object,
 * and the fields that changed. GET /api/audit?userId&entity&action&from&to&page&size.
 */

const key = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ message: `${label} không hợp lệ` })
      .trim()
      .max(60, { message: `${label} không hợp lệ` })
      .regex(/^[a-z_+-]+$/, { message: `${label} không hợp lệ` })
      .optional(),
  );

/** Rows of the audit log's first view (a log row is short: more than the spec's 5 of other lists). */
export const AUDIT_PAGE_SIZE = 20;

export const auditQuery = pageQuery(AUDIT_PAGE_SIZE)
  .omit({ search: true })
  .extend({
    userId: z.preprocess(blankToUndefined, positiveId('Nhân viên không hợp lệ').optional()),
    entity: key('Đối tượng'),
    action: key('Thao tác'),
    ...rangeFields,
  })
  .superRefine(checkRangeOrder);
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditQueryParsed = z.output<typeof auditQuery>;

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Tạo mới',
  update: 'Cập nhật',
  'update+password': 'Cập nhật (đổi mật khẩu)',
  'update+image': 'Cập nhật (đổi ảnh)',
  delete: 'Xóa',
  'set-status': 'Đổi trạng thái',
  activate: 'Kích hoạt',
  deactivate: 'Vô hiệu hóa',
  inactivate: 'Ẩn',
  open: 'Mở tuyển',
  close: 'Đóng tuyển',
  login: 'Đăng nhập',
  logout: 'Đăng xuất',
  'change-password': 'Đổi mật khẩu',
  'change-info': 'Đổi thông tin liên hệ',
  'reset-request': 'Yêu cầu đặt lại mật khẩu',
  'reset-password': 'Đặt lại mật khẩu',
  'reset-sent': 'Gửi email đặt lại mật khẩu',
  invite: 'Gửi email mời đặt mật khẩu',
  'login-failed': 'Đăng nhập sai',
  'login-slowdown': 'Làm chậm đăng nhập',
  'login-lockout': 'Tạm khóa đăng nhập',
  'end-session': 'Kết thúc phiên đăng nhập',
  'report-change': 'Báo cáo thay đổi lạ',
  'set-permissions': 'Phân quyền',
  'set-receives-leads': 'Đổi nhận yêu cầu tự động',
  'set-follow-up': 'Hẹn gọi lại',
  assign: 'Giao việc',
  reschedule: 'Đổi lịch hẹn',
  'add-note': 'Thêm ghi chú',
  'add-photos': 'Thêm ảnh',
  'remove-photo': 'Xóa ảnh',
  'reorder-photos': 'Sắp xếp ảnh',
  'upload-image': 'Tải ảnh lên',
  import: 'Nhập dữ liệu',
  cancel: 'Hủy giao dịch',
  apply: 'Ứng tuyển',
  send: 'Gửi thông báo',
  export: 'Xuất dữ liệu',
  expire: 'Hết hạn',
  pay: 'Nhận tiền cọc',
  'claim-paid': 'Khách báo đã chuyển khoản',
  extend: 'Gia hạn',
  refund: 'Hoàn cọc',
  sell: 'Chuyển thành giao dịch bán',
  handle: 'Đánh dấu đã xử lý',
  upload: 'Tải ảnh lên',
  reorder: 'Sắp xếp lại',
  'mail-capped': 'Bỏ qua email (vượt giới hạn mỗi ngày)',
  merge: 'Gộp hồ sơ',
  'log-call': 'Ghi cuộc gọi',
  'send-zalo': 'Gửi tin Zalo',
  'zalo-capped': 'Bỏ qua tin Zalo (vượt giới hạn mỗi ngày)',
  'zalo-opt-out': 'Khách ngừng nhận tin Zalo',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  user: 'Tài khoản',
  session: 'Phiên đăng nhập',
  car: 'Xe',
  car_papers: 'Giấy tờ xe',
  car_cost: 'Chi phí của xe',
  service_record: 'Lịch sử bảo dưỡng',
  sale: 'Giao dịch bán',
  lead: 'Yêu cầu dịch vụ',
  notification: 'Thông báo',
  blog: 'Tin tức',
  slider: 'Banner',
  recruitment: 'Tin tuyển dụng',
  candidate: 'Ứng viên',
  web_configuration: 'Cấu hình hệ thống',
  reservation: 'Đặt cọc giữ xe',
  payment_notification: 'Giao dịch ngân hàng',
  alert_digest: 'Thư thông báo xe',
  inspection: 'Báo cáo kiểm định',
  inspection_item: 'Hạng mục kiểm định',
  inspection_photo: 'Ảnh kiểm định',
  market_price: 'Giá thị trường',
  market_price_import: 'Lần nhập giá thị trường',
  visitor_mail: 'Email gửi khách',
  car_recon: 'Chuẩn bị xe',
  recon_item: 'Hạng mục sửa chữa',
  recon_settings: 'Cài đặt chuẩn bị xe',
  stats: 'Số liệu thống kê',
  customer: 'Khách hàng',
  zalo_message: 'Tin nhắn Zalo',
};

/** A stored coded value (a status, a kind, a list of permissions) as its label, other values as they are. */
export function valueLabel(entity: string, field: string, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => valueLabel(entity, field, v));
  if (typeof value !== 'string') return value;
  const labels =
    field === 'status'
      ? AUDIT_STATUS_LABELS[entity]
      : field === 'type'
        ? AUDIT_TYPE_LABELS[entity]
        : AUDIT_VALUE_LABELS[field];
  return labels?.[value] ?? value;
}

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;
export { AUDIT_FIELD_LABELS, AUDIT_PERSON_FIELDS } from './audit-labels';
/** A stored field's name as staff read it, on that object ('position' of a template item is 'Thứ tự'). */
export const fieldLabel = (field: string, entity?: string) =>
  (entity && AUDIT_ENTITY_FIELD_LABELS[entity]?.[field]) ?? AUDIT_FIELD_LABELS[field] ?? field;

/** One changed field: the value before and after (null when absent). */
export const auditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntryViewSchema = z.object({
  auditId: z.number(),
  userId: z.number().nullable(),
  username: z.string().nullable(),
  /** The account's current name; null when the action had no signed-in user or the account is gone. */
  fullName: z.string().nullable(),
  action: z.string(),
  actionLabel: z.string(),
  entity: z.string(),
  entityLabel: z.string(),
  entityId: z.string().nullable(),
  /** The object's name or title now ('Toyota Vios 1.5G CVT 2021', a posting's title); null when it has none or is gone. */
  entityName: z.string().nullable(),
  /** Fields whose value differs (update), or every field written (create) or removed (delete). */
  changes: z.array(auditChangeSchema),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntryView = z.infer<typeof auditEntryViewSchema>;

export type AuditPage = Page<AuditEntryView>;

/** GET /api/audit/options: what the filters offer (the actions, objects and people found in the log). */
export const auditOptionsSchema = z.object({
  actions: z.array(z.object({ value: z.string(), label: z.string() })),
  entities: z.array(z.object({ value: z.string(), label: z.string() })),
  users: z.array(z.object({ userId: z.number(), username: z.string(), fullName: z.string().nullable() })),
});
export type AuditOptions = z.infer<typeof auditOptionsSchema>;

/** Bookkeeping fields that change on every save and say nothing to a reader. */
const NOISE = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'searchText',
  'searchCompact',
  // The cover picture's size follows its file (coverKey).
  'coverWidth',
  'coverHeight',
]);
const MAX_CHANGES = 40;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The changed fields between two stored snapshots. Both objects: the keys whose values differ. Only
 * after (a creation) or only before (a deletion): every key with a value. Plain values: one change.
 */
export function auditChanges(before: unknown, after: unknown, entity?: string): AuditChange[] {
  const change = (field: string, b: unknown, a: unknown): AuditChange => ({
    field,
    label: field ? fieldLabel(field, entity) : '',
    before: b ?? null,
    after: a ?? null,
  });
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !NOISE.has(k));
    return keys
      .filter((k) => !same(b[k], a[k]))
      .map((k) => change(k, b[k], a[k]))
      .slice(0, MAX_CHANGES);
  }
  if (same(before, after)) return [];
  return [change('', before, after)];
}
