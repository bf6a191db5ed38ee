import { BLOG_CATEGORY_LABELS } from './blogs-labels';
import { COST_CATEGORY_LABELS } from './car-cost-ledger';
import {
  BODY_TYPE_LABELS,
  CAR_STATUS_LABELS,
  DRIVETRAIN_LABELS,
  FUEL_LABELS,
  ORIGIN_LABELS,
  TRANSMISSION_LABELS,
} from './cars-labels';
import { INSPECTION_GROUP_LABELS, PLEDGE_LABELS } from './inspections-labels';
import {
  CONSULTING_TOPIC_LABELS,
  LEAD_STATUS_LABELS,
  LEAD_TYPE_LABELS,
  MAINTENANCE_SERVICE_LABELS,
} from './leads';
import { PERMISSION_LABELS, ROLE_LABELS } from './permissions';
import { RECON_ITEM_STATUS_LABELS } from './recon';
import { CANDIDATE_STATUS_LABELS, JOB_TYPE_LABELS, RECRUITMENT_STATUS_LABELS } from './recruitment';
import { RESERVATION_STATUS_LABELS } from './reservation-labels';
import { PAYMENT_METHOD_LABELS, SALE_STATUS_LABELS } from './sales';

/**
 * How the audit log names the stored fields and their coded values, so a reader sees 'Nhân viên phụ
 * trách: Trần Văn Nam' and 'Loại CV: Tệp PDF', never a column name or a key. Fields holding a person's
 * id are replaced by the person's name on the server (AUDIT_PERSON_FIELDS), and those holding another
 * object's id by its name or title (AUDIT_REFERENCE_FIELDS: a car, a posting, a sale).
 */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  status: 'Trạng thái',
  // Reconditioning and the listing gate
  overrideReason: 'Lý do đăng bán',
  missing: 'Còn thiếu',
  stage: 'Công đoạn',
  actualCost: 'Chi phí thực tế',
  minListingPhotos: 'Số ảnh tối thiểu',
  fullName: 'Họ và tên',
  username: 'Tên đăng nhập',
  email: 'Email',
  confirmedEmail: 'Email chủ tài khoản đã xác nhận',
  emailConfirmed: 'Chủ tài khoản xác nhận email',
  emailSetBy: 'Email do người khác đặt',
  emailSetAt: 'Thời điểm đặt email',
  reauthenticated: 'Đã nhập lại mật khẩu',
  phone: 'Số điện thoại',
  role: 'Vai trò',
  active: 'Hoạt động',
  permissions: 'Quyền',
  permission: 'Quyền',
  receivesLeads: 'Nhận yêu cầu',
  carName: 'Tên xe',
  carId: 'Xe',
  carLabel: 'Xe',
  brand: 'Hãng',
  model: 'Dòng xe',
  version: 'Phiên bản',
  year: 'Năm sản xuất',
  sellPrice: 'Giá bán',
  listPrice: 'Giá niêm yết',
  salePrice: 'Giá bán thực tế',
  purchasePrice: 'Giá nhập',
  trueCost: 'Giá vốn thực',
  trueMargin: 'Lãi trên giá vốn thực',
  incurredOn: 'Ngày phát sinh',
  enteredBy: 'Người nhập',
  odo: 'Số km',
  odometer: 'Số km',
  bodyType: 'Kiểu dáng',
  size: 'Số chỗ',
  fuel: 'Nhiên liệu',
  transmission: 'Hộp số',
  drivetrain: 'Dẫn động',
  engine: 'Động cơ',
  exteriorColor: 'Màu ngoại thất',
  interiorColor: 'Màu nội thất',
  origin: 'Xuất xứ',
  licensePlateRegion: 'Biển số khu vực',
  licencePlate: 'Biển số',
  previousOwners: 'Số đời chủ',
  description: 'Mô tả',
  features: 'Tiện nghi',
  carStatus: 'Trạng thái xe',
  carStatusBefore: 'Trạng thái xe trước',
  carStatusAfter: 'Trạng thái xe sau',
  photoCount: 'Số ảnh',
  title: 'Tiêu đề',
  subtitle: 'Tiêu đề phụ',
  slug: 'Đường dẫn',
  summary: 'Tóm tắt',
  content: 'Nội dung',
  category: 'Chuyên mục',
  coverImage: 'Ảnh bìa',
  image: 'Ảnh',
  link: 'Liên kết',
  buttonText: 'Chữ trên nút',
  sortOrder: 'Thứ tự',
  publishedAt: 'Ngày đăng',
  authorId: 'Tác giả',
  note: 'Ghi chú',
  message: 'Nội dung',
  type: 'Loại',
  reference: 'Mã yêu cầu',
  preferredDate: 'Ngày hẹn',
  timeSlot: 'Khung giờ',
  make: 'Hãng xe',
  serviceType: 'Dịch vụ',
  topic: 'Chủ đề',
  assigneeId: 'Nhân viên phụ trách',
  assigneeName: 'Nhân viên phụ trách',
  userId: 'Nhân viên',
  fromStatus: 'Từ trạng thái',
  toStatus: 'Sang trạng thái',
  cancelReason: 'Lý do hủy',
  cancelledBy: 'Người hủy',
  cancelledAt: 'Thời điểm hủy',
  buyerName: 'Người mua',
  buyerPhone: 'Số điện thoại người mua',
  buyerEmail: 'Email người mua',
  saleDate: 'Ngày bán',
  paymentMethod: 'Hình thức thanh toán',
  salespersonId: 'Nhân viên bán hàng',
  createdBy: 'Người tạo',
  position: 'Vị trí',
  location: 'Nơi làm việc',
  salaryMin: 'Lương từ',
  salaryMax: 'Lương đến',
  salaryText: 'Mức lương',
  quantity: 'Số lượng',
  requirements: 'Yêu cầu',
  benefits: 'Quyền lợi',
  deadline: 'Hạn nộp',
  recruitmentId: 'Tin tuyển dụng',
  letter: 'Thư giới thiệu',
  cvFileName: 'Tệp CV',
  cvSize: 'Dung lượng CV',
  cvKind: 'Loại CV',
  format: 'Định dạng',
  rows: 'Số dòng',
  filters: 'Bộ lọc',
  showroomName: 'Tên showroom',
  showroomAddress: 'Địa chỉ',
  showroomPhone: 'Số điện thoại showroom',
  showroomEmail: 'Email showroom',
  openingHours: 'Giờ mở cửa',
  facebookUrl: 'Facebook',
  youtubeUrl: 'YouTube',
  tiktokUrl: 'TikTok',
  messengerUrl: 'Messenger',
  zaloUrl: 'Zalo',
  mapEmbedUrl: 'Bản đồ',
  carCalculations: 'Thông số tính giá lăn bánh',
  systemMessage: 'Lời nhắc hệ thống',
  sessionIdleHours: 'Thời gian chờ phiên (giờ)',
  ip: 'Địa chỉ IP',
  kind: 'Loại',
  // Papers and service records of a car
  ownerType: 'Loại chủ xe',
  vatInvoice: 'Hóa đơn VAT',
  registrationUntil: 'Hạn đăng kiểm',
  liabilityInsuranceUntil: 'Bảo hiểm TNDS đến',
  bodyInsuranceUntil: 'Bảo hiểm thân vỏ đến',
  loanStatus: 'Thế chấp ngân hàng',
  fineCheckedOn: 'Ngày tra cứu phạt nguội',
  fineResult: 'Kết quả tra cứu phạt nguội',
  staffNote: 'Ghi chú nội bộ',
  servicedOn: 'Ngày bảo dưỡng',
  km: 'Số km',
  work: 'Công việc',
  place: 'Nơi làm',
  imported: 'Nhập từ nguồn ngoài',
  count: 'Số bản ghi',
  records: 'Bản ghi',
  odometerWarning: 'Cảnh báo km',
  // A car's photos and price
  photos: 'Ảnh',
  addedPhotos: 'Ảnh thêm',
  photoId: 'Mã ảnh',
  key: 'Tệp ảnh',
  order: 'Thứ tự',
  coverKey: 'Ảnh đại diện',
  priceDropFrom: 'Giá trước lần giảm',
  priceDroppedAt: 'Thời điểm giảm giá',
  priceRating: 'Nhãn giá so với thị trường',
  priceRatingComparables: 'Số xe so sánh của nhãn giá',
  listedAt: 'Lần đầu đăng bán',
  inspection: 'Kiểm định',
  // Inspection reports and the template
  inspectorName: 'Người kiểm định',
  odometerKm: 'Số km lúc kiểm định',
  markers: 'Số điểm đánh dấu',
  conclusion: 'Kết luận',
  group: 'Nhóm',
  itemId: 'Mã hạng mục',
  label: 'Tên',
  retired: 'Ngừng dùng',
  pledges: 'Cam kết',
  // Reservations and bank transfers
  code: 'Mã đặt cọc',
  amount: 'Số tiền',
  via: 'Cách xác nhận',
  by: 'Người hủy',
  reason: 'Lý do',
  expiresAt: 'Hạn thanh toán',
  holdUntil: 'Giữ xe đến',
  claimedPaidAt: 'Khách báo đã chuyển khoản lúc',
  hours: 'Số giờ gia hạn',
  saleId: 'Giao dịch bán',
  deposit: 'Tiền cọc',
  reservations: 'Đặt cọc giữ xe',
  policies: 'Chính sách showroom',
  // Accounts and sign-in
  viewCount: 'Lượt xem',
  reported: 'Nội dung báo cáo',
  scope: 'Phạm vi',
  failures: 'Số lần sai',
  failuresFromAddressForUser: 'Số lần sai (tài khoản này, địa chỉ này)',
  failuresFromAddress: 'Số lần sai từ địa chỉ này',
  until: 'Đến',
  waitSeconds: 'Thời gian chờ (giây)',
  // Market price imports
  fileName: 'Tên tệp',
  importedRows: 'Số dòng đã nhập',
  duplicateRows: 'Số dòng trùng',
  refusedRows: 'Số dòng bị từ chối',
  removedRows: 'Số dòng đã xóa',
  batchId: 'Lần nhập',
  price: 'Giá',
  source: 'Nguồn',
  // Mail a visitor caused, skipped over the day's cap
  mailKind: 'Loại email',
  capBy: 'Giới hạn theo',
  limit: 'Giới hạn mỗi ngày',
};

/** Where a field means something else on one object ('position' of a template item is its order). */
export const AUDIT_ENTITY_FIELD_LABELS: Record<string, Record<string, string>> = {
  inspection_item: { position: 'Thứ tự', label: 'Tên hạng mục' },
  reservation: { reference: 'Mã giao dịch ngân hàng' },
  car_cost: { category: 'Loại chi phí' },
};

/** Fields holding a user's id: the server shows the person's name instead. */
export const AUDIT_PERSON_FIELDS = new Set([
  'assigneeId',
  'enteredBy',
  'authorId',
  'createdBy',
  'cancelledBy',
  'salespersonId',
  'userId',
]);

/** Kinds of object the log refers to by id; the server looks their names up through their module. */
export type AuditReferenceKind = 'person' | 'car' | 'recruitment' | 'sale' | 'inspectionItem';

/** Fields holding the id of another object (a candidate's posting, a reservation's car): shown by its name. */
export const AUDIT_REFERENCE_FIELDS: Record<string, AuditReferenceKind> = {
  carId: 'car',
  recruitmentId: 'recruitment',
  saleId: 'sale',
};

/** Entries whose whole value is a list of ids (a reordered group of inspection items). */
export const AUDIT_VALUE_REFERENCES: Record<string, AuditReferenceKind> = {
  inspection_item: 'inspectionItem',
};

/** The object an entry is about, when its id names one that has a name ('Xe #12' is 'Toyota Vios 2021'). */
export const AUDIT_ENTITY_REFERENCES: Record<string, AuditReferenceKind> = {
  user: 'person',
  // Sign-ins, sign-outs and failed attempts are recorded under the account's id.
  session: 'person',
  car: 'car',
  car_papers: 'car',
  car_recon: 'car',
  inspection: 'car',
  recruitment: 'recruitment',
  sale: 'sale',
  inspection_item: 'inspectionItem',
};

/** How a referred object that no longer exists reads. */
export const AUDIT_GONE_LABELS: Record<AuditReferenceKind, (id: number) => string> = {
  person: (id) => `Tài khoản đã xóa (#${id})`,
  car: (id) => `Xe đã xóa (#${id})`,
  recruitment: (id) => `Tin tuyển dụng đã xóa (#${id})`,
  sale: (id) => `Giao dịch #${id}`,
  inspectionItem: (id) => `Hạng mục #${id}`,
};

const CV_KIND_LABELS: Record<string, string> = { pdf: 'Tệp PDF', docx: 'Tệp Word (DOCX)' };
const PAID_VIA_LABELS: Record<string, string> = {
  manual: 'Nhân viên xác nhận',
  webhook: 'Ngân hàng báo tự động',
};
const CANCELLED_BY_LABELS: Record<string, string> = { visitor: 'Khách tự hủy' };
const SIGN_IN_SCOPE_LABELS: Record<string, string> = {
  pair: 'Tài khoản này từ địa chỉ này',
  address: 'Mọi tài khoản từ địa chỉ này',
};
const REPORTED_LABELS: Record<string, string> = {
  password: 'Mật khẩu bị đổi mà không phải tôi',
  email: 'Email bị đổi mà không phải tôi',
  reset: 'Mật khẩu bị đặt lại mà không phải tôi',
};
const CAP_BY_LABELS: Record<string, string> = { address: 'Địa chỉ email nhận', ip: 'Địa chỉ IP gửi' };
const MAIL_KIND_LABELS: Record<string, string> = {
  'reservation-created': 'Hướng dẫn chuyển tiền cọc',
  'reservation-cancelled': 'Hủy đặt cọc',
  'reservation-expired': 'Hết hạn giữ xe',
  'reservation-claimed': 'Báo đã chuyển khoản cọc',
  'booking-created': 'Xác nhận lịch hẹn',
  'booking-moved': 'Đổi lịch hẹn',
  'booking-cancelled': 'Hủy lịch hẹn',
  'booking-reminder': 'Nhắc lịch hẹn',
  'alert-confirmation': 'Xác nhận đăng ký thông báo xe',
  'purchase-created': 'Xác nhận yêu cầu bán xe',
};
const EXPORT_FORMAT_LABELS: Record<string, string> = { xlsx: 'Excel (XLSX)', csv: 'CSV' };

/** Coded values per field, whatever the object ('pdf' of cvKind is 'Tệp PDF'). */
export const AUDIT_VALUE_LABELS: Record<string, Record<string, string>> = {
  role: ROLE_LABELS,
  permission: PERMISSION_LABELS,
  permissions: PERMISSION_LABELS,
  bodyType: BODY_TYPE_LABELS,
  fuel: FUEL_LABELS,
  transmission: TRANSMISSION_LABELS,
  drivetrain: DRIVETRAIN_LABELS,
  origin: ORIGIN_LABELS,
  category: { ...BLOG_CATEGORY_LABELS, ...COST_CATEGORY_LABELS },
  serviceType: MAINTENANCE_SERVICE_LABELS,
  topic: CONSULTING_TOPIC_LABELS,
  paymentMethod: PAYMENT_METHOD_LABELS,
  cvKind: CV_KIND_LABELS,
  format: EXPORT_FORMAT_LABELS,
  carStatus: CAR_STATUS_LABELS,
  carStatusBefore: CAR_STATUS_LABELS,
  carStatusAfter: CAR_STATUS_LABELS,
  fromStatus: LEAD_STATUS_LABELS,
  toStatus: LEAD_STATUS_LABELS,
  group: INSPECTION_GROUP_LABELS,
  pledges: PLEDGE_LABELS,
  via: PAID_VIA_LABELS,
  by: CANCELLED_BY_LABELS,
  scope: SIGN_IN_SCOPE_LABELS,
  reported: REPORTED_LABELS,
  capBy: CAP_BY_LABELS,
  mailKind: MAIL_KIND_LABELS,
};

/** `type` means a lead's kind on a lead and a job's kind on a posting. */
export const AUDIT_TYPE_LABELS: Record<string, Record<string, string>> = {
  lead: LEAD_TYPE_LABELS,
  recruitment: JOB_TYPE_LABELS,
};

/** Status keys as staff read them, per object ('NEW' of a lead is 'Mới'). */
export const AUDIT_STATUS_LABELS: Record<string, Record<string, string>> = {
  car: CAR_STATUS_LABELS,
  recon_item: RECON_ITEM_STATUS_LABELS,
  lead: LEAD_STATUS_LABELS,
  candidate: CANDIDATE_STATUS_LABELS,
  recruitment: RECRUITMENT_STATUS_LABELS,
  sale: SALE_STATUS_LABELS,
  reservation: RESERVATION_STATUS_LABELS,
};
