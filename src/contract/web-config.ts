import { z } from 'zod';
import { text } from './common';
import { DEFAULT_TRANSFER_STEP_DAYS } from './deal-labels';
import { DEFAULT_LEAD_HANDLING, leadHandlingSettings } from './leads/settings';
import { DEFAULT_ZALO_SETTINGS, zaloSettings } from './messaging';
import {
  DEFAULT_REMAINING_QUALITY_BANDS,
  DEFAULT_REMAINING_QUALITY_BEYOND,
  officialPricesSchema,
  ratio,
  remainingQualityBandsSchema,
} from './registration-fees';
import {
  DEFAULT_RESERVATION_SETTINGS,
  type PublicReservationSettings,
  reservationSettings,
} from './reservations';

/** Cars the service bays take in at once (settings' "Số khoang dịch vụ") when nothing is set. */
export const DEFAULT_SERVICE_BAYS = 2;
export const MAX_SERVICE_BAYS = 50;

const money = (label: string) =>
  z.coerce
    .number({ message: `${label} không hợp lệ` })
    .int({ message: `${label} phải là số nguyên` })
    .min(0, { message: `${label} không được âm` })
    .max(100_000_000_000, { message: `${label} quá lớn` });

const rate = (label: string, max = 1) =>
  z.coerce
    .number({ message: `${label} không hợp lệ` })
    .min(0, { message: `${label} không được âm` })
    .max(max, { message: `${label} không hợp lệ` });

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(1000, { message: `${label} quá dài` })
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), {
      message: `${label} phải là địa chỉ http(s)`,
    });

/**
 * Costs of putting a used car on the road and of a loan. The registration fee of a used car is
 * registrationFeeRate × official price of the model × remaining-quality rate for its age (see
 * src/contract/registration-fees.ts); the transfer of registration costs transferFee, not a new-car plate fee.
 */
export const carCalculations = z.object({
  /** Lệ phí trước bạ of a used car's second and later registration (2% nationwide). */
  registrationFeeRate: rate('Lệ phí trước bạ', 0.2),
  remainingQualityBands: remainingQualityBandsSchema,
  /** The remaining-quality rate of a car older than the last band. */
  remainingQualityBeyond: ratio('Tỷ lệ chất lượng còn lại của xe quá mức cuối'),
  /** Lệ phí đăng ký sang tên: a new registration certificate with the buyer's plate. */
  transferFee: money('Lệ phí đăng ký sang tên'),
  /** The showroom's copy of the official price table (giá tính lệ phí trước bạ). */
  officialPrices: officialPricesSchema,
  inspectionFee: money('Phí đăng kiểm'),
  roadFeePerYear: money('Phí bảo trì đường bộ'),
  insuranceBySeats: z
    .array(z.object({ maxSeats: z.coerce.number().int().min(1).max(60), fee: money('Phí bảo hiểm') }))
    .min(1, { message: 'Cần ít nhất một mức bảo hiểm' })
    .max(10),
  loanInterestRate: rate('Lãi suất vay', 0.5),
  maxLoanRatio: rate('Tỷ lệ vay tối đa'),
  maxTermMonths: z.coerce.number().int().min(6).max(120),
});
export type CarCalculations = z.infer<typeof carCalculations>;

export const DEFAULT_CAR_CALCULATIONS: CarCalculations = {
  registrationFeeRate: 0.02,
  remainingQualityBands: DEFAULT_REMAINING_QUALITY_BANDS,
  remainingQualityBeyond: DEFAULT_REMAINING_QUALITY_BEYOND,
  transferFee: 150_000,
  officialPrices: [],
  inspectionFee: 340_000,
  roadFeePerYear: 1_560_000,
  insuranceBySeats: [
    { maxSeats: 5, fee: 437_000 },
    { maxSeats: 11, fee: 794_000 },
    { maxSeats: 24, fee: 1_270_000 },
  ],
  loanInterestRate: 0.09,
  maxLoanRatio: 0.7,
  maxTermMonths: 96,
};

/**
 * What the showroom promises and asks, in its own words: shown beside the pledges on every car page and
 * quoted by the advisor (which never invents a policy the showroom has not written here).
 */
export const showroomPolicies = z.object({
  warranty: text('Chính sách bảo hành', 2000),
  returns: text('Chính sách đổi trả', 2000),
  negotiation: text('Chính sách thương lượng giá', 2000),
  independentCheck: text('Kiểm tra xe tại hãng', 2000),
  purchaseDocuments: text('Giấy tờ cần khi mua xe', 2000),
  transferDocuments: text('Giấy tờ sang tên', 2000),
  /** Written once, shown wherever a buyer commits money: the reserve dialog and page, its e-mails, the deposit contract. */
  deposit: text('Chính sách đặt cọc', 2000),
  /** The sale contract's and the handover record's terms (bàn giao xe). */
  handoverTerms: text('Điều khoản bàn giao', 2000),
});
export type ShowroomPolicies = z.infer<typeof showroomPolicies>;

export const DEFAULT_SHOWROOM_POLICIES: ShowroomPolicies = {
  warranty: 'Bảo hành động cơ, hộp số 6 tháng hoặc 10.000 km, tùy điều kiện nào đến trước.',
  returns:
    'Hoàn tiền trong 7 ngày nếu phát hiện xe đâm đụng, ngập nước hoặc tua ODO trái với báo cáo kiểm định.',
  negotiation:
    'Giá niêm yết đã sát thị trường; showroom vẫn trao đổi thêm khi khách xem xe trực tiếp, nhất là khi thanh toán nhanh hoặc đổi xe cũ.',
  independentCheck:
    'Khách được mang xe đến trung tâm dịch vụ chính hãng hoặc garage tin cậy để kiểm tra trước khi mua; nhân viên showroom đi cùng, chi phí kiểm tra do khách chi trả.',
  purchaseDocuments:
    'Cá nhân: căn cước công dân (và giấy đăng ký kết hôn nếu mua chung); doanh nghiệp: giấy phép kinh doanh, giấy giới thiệu và căn cước của người đến làm thủ tục.',
  transferDocuments:
    'Showroom chuẩn bị giấy đăng ký xe, hợp đồng mua bán có công chứng và chứng từ lệ phí trước bạ; khách mang căn cước công dân. Sang tên trong vòng 30 ngày kể từ ngày ký hợp đồng.',
  deposit:
    'Tiền cọc được hoàn lại toàn bộ nếu khách báo hủy trước khi hết thời gian giữ xe hoặc nếu xe không đúng như mô tả, báo cáo kiểm định. Khách không đến ký hợp đồng khi hết thời gian giữ xe mà không báo trước thì mất tiền cọc. Showroom không giữ được xe như đã hẹn thì hoàn cọc và bồi thường một khoản bằng tiền cọc.',
  handoverTerms:
    'Xe được bàn giao tại showroom sau khi khách thanh toán đủ (hoặc ngân hàng xác nhận giải ngân), kèm giấy tờ, chìa khóa và phụ kiện ghi trong biên bản bàn giao. Khách kiểm tra xe trước khi ký; từ lúc ký biên bản, khách chịu trách nhiệm về xe.',
};

/**
 * What a stock car costs beyond its lines (docs/car-costs.md): the yearly rate of the money tied up in
 * it (holding cost), and the margin the buy-in offer keeps for the showroom. Staff only, never public.
 */
export const stockCosts = z.object({
  holdingRate: rate('Lãi suất vốn tồn kho', 1),
  targetMarginRate: rate('Biên lợi nhuận mục tiêu', 0.9),
  /** What a bought-in car is expected to need before sale, until staff estimate the car itself. */
  reconEstimate: money('Chi phí tân trang dự kiến'),
  /** Days from purchase to listing the manager aims at (the overview's time-to-line verdict). */
  timeToLineTargetDays: z.coerce
    .number({ message: 'Mục tiêu thời gian lên kệ không hợp lệ' })
    .int({ message: 'Mục tiêu thời gian lên kệ phải là số ngày nguyên' })
    .min(1, { message: 'Mục tiêu thời gian lên kệ phải từ 1 ngày' })
    .max(60, { message: 'Mục tiêu thời gian lên kệ tối đa 60 ngày' })
    .default(3),
});
export type StockCosts = z.infer<typeof stockCosts>;
export const DEFAULT_STOCK_COSTS: StockCosts = {
  holdingRate: 0.1,
  targetMarginRate: 0.08,
  reconEstimate: 10_000_000,
  timeToLineTargetDays: 3,
};

/**
 * A bank the showroom works with for car loans: its rules as the bank states them (the share of a used
 * car's value it lends, the longest term), an indicative yearly rate and the papers it asks for.
 */
export const partnerBank = z.object({
  name: text('Tên ngân hàng', 100).min(1, { message: 'Vui lòng nhập tên ngân hàng' }),
  maxLoanRatio: rate('Tỷ lệ cho vay tối đa', 0.9),
  maxTermMonths: z.coerce
    .number({ message: 'Thời hạn vay tối đa không hợp lệ' })
    .int({ message: 'Thời hạn vay tối đa phải là số tháng nguyên' })
    .min(6, { message: 'Thời hạn vay tối đa từ 6 đến 120 tháng' })
    .max(120, { message: 'Thời hạn vay tối đa từ 6 đến 120 tháng' }),
  interestRate: rate('Lãi suất tham khảo', 0.5),
  documents: text('Hồ sơ ngân hàng yêu cầu', 1000),
});
export type PartnerBank = z.infer<typeof partnerBank>;

export const DEFAULT_PARTNER_BANKS: PartnerBank[] = [
  {
    name: 'Vietcombank',
    maxLoanRatio: 0.7,
    maxTermMonths: 84,
    interestRate: 0.095,
    documents: 'CCCD, xác nhận cư trú, sao kê lương 3 tháng, hợp đồng mua bán xe',
  },
  {
    name: 'TPBank',
    maxLoanRatio: 0.8,
    maxTermMonths: 84,
    interestRate: 0.105,
    documents: 'CCCD, chứng minh thu nhập, hợp đồng mua bán xe, giấy đăng ký kết hôn (nếu có)',
  },
  {
    name: 'VPBank',
    maxLoanRatio: 0.75,
    maxTermMonths: 72,
    interestRate: 0.11,
    documents: 'CCCD, chứng minh thu nhập 6 tháng, hợp đồng mua bán xe',
  },
];

const stepDays = (label: string) =>
  z.coerce
    .number({ message: `Số ngày "${label}" không hợp lệ` })
    .int({ message: `Số ngày "${label}" phải là số nguyên` })
    .min(1, { message: `Số ngày "${label}" từ 1 đến 90` })
    .max(90, { message: `Số ngày "${label}" từ 1 đến 90` });

export const DEFAULT_SYSTEM_MESSAGE =
  'Bạn là trợ lý tư vấn xe của showroom ô tô đã qua sử dụng. Trả lời bằng tiếng Việt, ngắn gọn, lịch sự. ' +
  'Chỉ nêu xe, giá và số liệu lấy từ công cụ tra cứu kho xe; không bịa thông tin. ' +
  'Khi không chắc chắn, mời khách gọi hotline của showroom.';

export const webConfiguration = z.object({
  showroomName: text('Tên showroom', 120).min(1, { message: 'Vui lòng nhập tên showroom' }),
  showroomAddress: text('Địa chỉ', 300),
  showroomPhone: text('Số điện thoại', 30),
  showroomEmail: text('Email', 200),
  /** Printed on the deal documents: the showroom as a business (mã số thuế, who signs for it). */
  showroomTaxCode: text('Mã số thuế', 20),
  showroomRepresentative: text('Người đại diện', 100),
  showroomRepresentativeTitle: text('Chức vụ người đại diện', 100),
  openingHours: text('Giờ mở cửa', 200),
  /** Maintenance bookings one time slot takes: the cars the workshop receives at once. */
  serviceBays: z.coerce
    .number({ message: 'Số khoang dịch vụ phải là số' })
    .int({ message: 'Số khoang dịch vụ phải là số nguyên' })
    .min(1, { message: `Số khoang dịch vụ từ 1 đến ${MAX_SERVICE_BAYS}` })
    .max(MAX_SERVICE_BAYS, { message: `Số khoang dịch vụ từ 1 đến ${MAX_SERVICE_BAYS}` }),
  facebookUrl: url('Facebook'),
  youtubeUrl: url('YouTube'),
  tiktokUrl: url('TikTok'),
  messengerUrl: url('Messenger'),
  zaloUrl: url('Zalo'),
  mapEmbedUrl: url('Bản đồ'),
  carCalculations: carCalculations,
  policies: showroomPolicies,
  reservations: reservationSettings,
  leadHandling: leadHandlingSettings,
  stockCosts: stockCosts,
  /** ZNS template ids per message kind (docs/customers.md). */
  zalo: zaloSettings,
  partnerBanks: z.array(partnerBank).max(20, { message: 'Tối đa 20 ngân hàng liên kết' }),
  /** Days each ownership-transfer step may take before it is late (docs/deals.md). */
  transferStepDays: z.object({
    withdraw: stepDays('Rút hồ sơ gốc'),
    submit: stepDays('Nộp hồ sơ đăng ký'),
    receive: stepDays('Nhận đăng ký, biển số mới'),
    deliver: stepDays('Bàn giao giấy tờ cho khách'),
  }),
  systemMessage: text('Lời nhắc hệ thống', 8000),
  /** A staff session unused for this long is signed out (besides the token's 7-day lifetime). */
  sessionIdleHours: z.coerce
    .number({ message: 'Thời gian chờ phải là số giờ' })
    .int({ message: 'Thời gian chờ phải là số giờ nguyên' })
    .min(1, { message: 'Thời gian chờ từ 1 đến 168 giờ' })
    .max(168, { message: 'Thời gian chờ từ 1 đến 168 giờ' }),
});
export type WebConfiguration = z.infer<typeof webConfiguration>;

export const DEFAULT_WEB_CONFIGURATION: WebConfiguration = {
  showroomName: 'AutoViet',
  showroomAddress: '',
  showroomPhone: '',
  showroomEmail: '',
  showroomTaxCode: '',
  showroomRepresentative: '',
  showroomRepresentativeTitle: 'Giám đốc',
  openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật',
  serviceBays: DEFAULT_SERVICE_BAYS,
  facebookUrl: '',
  youtubeUrl: '',
  tiktokUrl: '',
  messengerUrl: '',
  zaloUrl: '',
  mapEmbedUrl: '',
  carCalculations: DEFAULT_CAR_CALCULATIONS,
  policies: DEFAULT_SHOWROOM_POLICIES,
  reservations: DEFAULT_RESERVATION_SETTINGS,
  leadHandling: DEFAULT_LEAD_HANDLING,
  stockCosts: DEFAULT_STOCK_COSTS,
  zalo: DEFAULT_ZALO_SETTINGS,
  partnerBanks: DEFAULT_PARTNER_BANKS,
  transferStepDays: DEFAULT_TRANSFER_STEP_DAYS,
  systemMessage: DEFAULT_SYSTEM_MESSAGE,
  sessionIdleHours: 8,
};

/**
 * The webhook key as staff read it back: write-only, so a set key is shown as this mask (blank when
 * none is set); sending the mask back keeps the stored key.
 */
export const WEBHOOK_KEY_MASK = '••••••••';
export const PAYMENT_PASSWORD_REQUIRED =
  'Vui lòng nhập mật khẩu hiện tại để đổi tài khoản nhận cọc hoặc khóa API webhook';

/**
 * PUT web-configuration: any subset of the fields; a nested block is replaced whole. Changing the
 * deposit account (bank, number, name) or the webhook key needs `currentPassword`.
 */
export const webConfigurationUpdate = webConfiguration
  .partial()
  .extend({ currentPassword: z.string().max(128, { message: 'Mật khẩu quá dài' }).optional() })
  .strict();

/** A stored document read back: defaults fill fields added since it was written. */
export function withConfigDefaults(stored: unknown): WebConfiguration {
  const data = (stored && typeof stored === 'object' ? stored : {}) as Partial<WebConfiguration>;
  const merged = {
    ...DEFAULT_WEB_CONFIGURATION,
    ...data,
    carCalculations: { ...DEFAULT_CAR_CALCULATIONS, ...(data.carCalculations ?? {}) },
    policies: { ...DEFAULT_SHOWROOM_POLICIES, ...(data.policies ?? {}) },
    reservations: { ...DEFAULT_RESERVATION_SETTINGS, ...(data.reservations ?? {}) },
    stockCosts: { ...DEFAULT_STOCK_COSTS, ...(data.stockCosts ?? {}) },
    zalo: { templates: { ...DEFAULT_ZALO_SETTINGS.templates, ...(data.zalo?.templates ?? {}) } },
    transferStepDays: { ...DEFAULT_TRANSFER_STEP_DAYS, ...(data.transferStepDays ?? {}) },
    leadHandling: {
      ...DEFAULT_LEAD_HANDLING,
      ...(data.leadHandling ?? {}),
      autoAssign: { ...DEFAULT_LEAD_HANDLING.autoAssign, ...(data.leadHandling?.autoAssign ?? {}) },
    },
  };
  const parsed = webConfiguration.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_WEB_CONFIGURATION;
}

/** What anyone may read: everything but the advisor's instruction (its own call) and the sign-in rules. */
export const publicWebConfiguration = webConfiguration
  // The showroom's cost of money and target margin are its own business.
  .omit({ systemMessage: true, sessionIdleHours: true, stockCosts: true, zalo: true })
  // Every page reads this document; the official price table (up to thousands of rows) is read only by
  // the car page's calculator, from GET web-configuration/car-calculations.
  .extend({
    carCalculations: carCalculations.omit({ officialPrices: true }),
    // The webhook's key is the showroom's secret.
    reservations: reservationSettings.omit({ webhookApiKey: true }),
  });
export type PublicWebConfiguration = Omit<
  WebConfiguration,
  'systemMessage' | 'sessionIdleHours' | 'carCalculations' | 'reservations' | 'stockCosts' | 'zalo'
> & {
  carCalculations: Omit<CarCalculations, 'officialPrices'>;
  reservations: PublicReservationSettings;
};
