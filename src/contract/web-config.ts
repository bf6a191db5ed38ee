import { z } from 'zod';
import { text } from './common';

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

/** Costs of putting a used car on the road and of a loan (issue: inventory, car costs). */
export const carCalculations = z.object({
  registrationFeeRate: rate('Lệ phí trước bạ', 0.2),
  plateFees: z.object({
    hanoi: money('Phí biển số Hà Nội'),
    hcm: money('Phí biển số TP.HCM'),
    city: money('Phí biển số thành phố khác'),
    other: money('Phí biển số khu vực khác'),
  }),
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
  plateFees: { hanoi: 20_000_000, hcm: 20_000_000, city: 1_000_000, other: 200_000 },
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

export const DEFAULT_SYSTEM_MESSAGE =
  'Bạn là trợ lý tư vấn xe của showroom ô tô đã qua sử dụng. Trả lời bằng tiếng Việt, ngắn gọn, lịch sự. ' +
  'Chỉ nêu xe, giá và số liệu lấy từ công cụ tra cứu kho xe; không bịa thông tin. ' +
  'Khi không chắc chắn, mời khách gọi hotline của showroom.';

export const webConfiguration = z.object({
  showroomName: text('Tên showroom', 120).min(1, { message: 'Vui lòng nhập tên showroom' }),
  showroomAddress: text('Địa chỉ', 300),
  showroomPhone: text('Số điện thoại', 30),
  showroomEmail: text('Email', 200),
  openingHours: text('Giờ mở cửa', 200),
  facebookUrl: url('Facebook'),
  youtubeUrl: url('YouTube'),
  tiktokUrl: url('TikTok'),
  messengerUrl: url('Messenger'),
  zaloUrl: url('Zalo'),
  mapEmbedUrl: url('Bản đồ'),
  carCalculations: carCalculations,
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
  openingHours: '8:00 - 18:00, Thứ Hai - Chủ Nhật',
  facebookUrl: '',
  youtubeUrl: '',
  tiktokUrl: '',
  messengerUrl: '',
  zaloUrl: '',
  mapEmbedUrl: '',
  carCalculations: DEFAULT_CAR_CALCULATIONS,
  systemMessage: DEFAULT_SYSTEM_MESSAGE,
  sessionIdleHours: 8,
};

/** PUT web-configuration: any subset of the fields; a nested block is replaced whole. */
export const webConfigurationUpdate = webConfiguration.partial().strict();

/** A stored document read back: defaults fill fields added since it was written. */
export function withConfigDefaults(stored: unknown): WebConfiguration {
  const data = (stored && typeof stored === 'object' ? stored : {}) as Partial<WebConfiguration>;
  const merged = {
    ...DEFAULT_WEB_CONFIGURATION,
    ...data,
    carCalculations: { ...DEFAULT_CAR_CALCULATIONS, ...(data.carCalculations ?? {}) },
  };
  const parsed = webConfiguration.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_WEB_CONFIGURATION;
}

/** What anyone may read: everything but the advisor's instruction (its own call) and the sign-in rules. */
export const publicWebConfiguration = webConfiguration.omit({ systemMessage: true, sessionIdleHours: true });
export type PublicWebConfiguration = Omit<WebConfiguration, 'systemMessage' | 'sessionIdleHours'>;
