import { z } from 'zod';
import { emailSchema, pageQuery, phoneSchema, positiveId, requiredText, text } from './common';
import { parseVnDate, vnDayKey } from './format';

/** Job types and posting statuses, with the labels staff and visitors read. */
export const JOB_TYPES = ['FULL_TIME', 'PART_TIME'] as const;
export type JobType = (typeof JOB_TYPES)[number];
export const JOB_TYPE_LABELS: Record<JobType, string> = {
  FULL_TIME: 'Toàn thời gian',
  PART_TIME: 'Bán thời gian',
};

export const RECRUITMENT_STATUSES = ['OPEN', 'CLOSED', 'PAUSED'] as const;
export type RecruitmentStatus = (typeof RECRUITMENT_STATUSES)[number];
export const RECRUITMENT_STATUS_LABELS: Record<RecruitmentStatus, string> = {
  OPEN: 'Hoạt động',
  CLOSED: 'Đã đóng',
  PAUSED: 'Tạm đóng',
};

export const CANDIDATE_STATUSES = ['NEW', 'VIEWED', 'INTERVIEW', 'PASSED', 'REJECTED'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const CANDIDATE_STATUS_LABELS: Record<CandidateStatus, string> = {
  NEW: 'Mới',
  VIEWED: 'Đã xem',
  INTERVIEW: 'Phỏng vấn',
  PASSED: 'Đạt',
  REJECTED: 'Loại',
};

/** {value, label} pairs answered by recruitment-status and recruitment-type. */
export interface EnumOption<T extends string = string> {
  value: T;
  label: string;
}
export const enumOptionOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.object({ value: z.enum(values), label: z.string() });

/** CV files: PDF or DOCX, checked by content, at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_ACCEPT =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const jobType = z.enum(JOB_TYPES, { message: 'Loại công việc không hợp lệ' });
const postingStatus = z.enum(RECRUITMENT_STATUSES, { message: 'Trạng thái tin tuyển dụng không hợp lệ' });
const candidateStatus = z.enum(CANDIDATE_STATUSES, { message: 'Trạng thái ứng viên không hợp lệ' });

/** Case-insensitive enum in a path: /recruitments/type/full_time works too. */
const upperEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase().replace(/-/g, '_') : v),
    z.enum(values, { message }),
  );

const salary = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? v.replace(/[.\s]/g, '') : v),
    z.coerce
      .number({ message: `${label} không hợp lệ` })
      .int({ message: `${label} phải là số nguyên` })
      .min(0, { message: `${label} không được âm` })
      .max(2_000_000_000, { message: `${label} quá lớn` })
      .nullable(),
  );

/** A deadline typed as dd/mm/yyyy or yyyy-mm-dd; stored as the Vietnamese calendar day yyyy-mm-dd. */
export const deadlineSchema = z
  .string({ message: 'Vui lòng nhập hạn nộp hồ sơ' })
  .trim()
  .transform((v, ctx) => {
    const date = parseVnDate(v.slice(0, 10).includes('-') ? v.slice(0, 10) : v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Hạn nộp hồ sơ không hợp lệ (dd/mm/yyyy)' });
      return z.NEVER;
    }
    return vnDayKey(date);
  });

export const recruitmentBody = z
  .object({
    title: requiredText('Tiêu đề', 200),
    position: requiredText('Vị trí', 120),
    type: jobType,
    status: postingStatus.default('OPEN'),
    location: requiredText('Nơi làm việc', 200),
    salaryMin: salary('Lương tối thiểu').optional().default(null),
    salaryMax: salary('Lương tối đa').optional().default(null),
    salaryText: text('Mức lương', 120).optional().default(''),
    quantity: z.coerce
      .number({ message: 'Số lượng không hợp lệ' })
      .int({ message: 'Số lượng phải là số nguyên' })
      .min(1, { message: 'Số lượng tối thiểu là 1' })
      .max(1000, { message: 'Số lượng tối đa là 1000' }),
    description: requiredText('Mô tả công việc', 10_000),
    requirements: requiredText('Yêu cầu', 10_000),
    benefits: text('Quyền lợi', 10_000).optional().default(''),
    deadline: deadlineSchema,
  })
  .superRefine((v, ctx) => {
    if (v.salaryMin !== null && v.salaryMax !== null && v.salaryMin > v.salaryMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['salaryMax'],
        message: 'Lương tối đa phải lớn hơn hoặc bằng lương tối thiểu',
      });
    }
  });
export type RecruitmentBody = z.input<typeof recruitmentBody>;
export type RecruitmentInput = z.output<typeof recruitmentBody>;

export const recruitmentAdminQuery = pageQuery(5).extend({
  status: upperEnum(RECRUITMENT_STATUSES, 'Trạng thái tin tuyển dụng không hợp lệ').optional(),
  type: upperEnum(JOB_TYPES, 'Loại công việc không hợp lệ').optional(),
});
export const recruitmentStatusParam = z.object({
  status: upperEnum(RECRUITMENT_STATUSES, 'Trạng thái tin tuyển dụng không hợp lệ'),
});
export const recruitmentTypeParam = z.object({ type: upperEnum(JOB_TYPES, 'Loại công việc không hợp lệ') });

export const recruitmentViewSchema = z.object({
  recruitmentId: z.number(),
  title: z.string(),
  position: z.string(),
  type: z.enum(JOB_TYPES),
  typeLabel: z.string(),
  /** The status staff set. */
  status: z.enum(RECRUITMENT_STATUSES),
  statusLabel: z.string(),
  /** OPEN and the deadline day not yet over (Asia/Ho_Chi_Minh): the only postings visitors see. */
  open: z.boolean(),
  /** The deadline day is over. */
  expired: z.boolean(),
  location: z.string(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  salaryText: z.string(),
  /** 'Thỏa thuận', '10 - 15 triệu', 'Từ 8 triệu', ...: ready to show. */
  salaryDisplay: z.string(),
  quantity: z.number(),
  description: z.string(),
  requirements: z.string(),
  benefits: z.string(),
  /** The last day to apply, yyyy-mm-dd (Vietnamese calendar day). */
  deadline: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Staff answers only: applications received. */
  candidateCount: z.number().optional(),
});
export type RecruitmentView = z.infer<typeof recruitmentViewSchema>;

/** The application form (the `candidate` JSON part). */
export const candidateBody = z.object({
  fullName: requiredText('Họ và tên', 100),
  phone: phoneSchema,
  email: emailSchema,
  letter: text('Thư giới thiệu', 3000).optional().default(''),
});
export type CandidateBody = z.input<typeof candidateBody>;

export const candidatesQuery = pageQuery(5).extend({
  recruitmentId: positiveId('Tin tuyển dụng không hợp lệ').optional(),
  status: upperEnum(CANDIDATE_STATUSES, 'Trạng thái ứng viên không hợp lệ').optional(),
});

export const candidateStatusBody = z.object({ status: candidateStatus });

export const candidateViewSchema = z.object({
  candidateId: z.number(),
  recruitmentId: z.number(),
  recruitmentTitle: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  letter: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  statusLabel: z.string(),
  cv: z.object({ fileName: z.string(), size: z.number(), kind: z.enum(['pdf', 'docx']) }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CandidateView = z.infer<typeof candidateViewSchema>;

/** What a visitor gets back after applying: no personal data echoed. */
export const applicationReceiptSchema = z.object({
  candidateId: z.number(),
  message: z.string(),
});
export type ApplicationReceipt = z.infer<typeof applicationReceiptSchema>;

/** 'Thỏa thuận' when nothing is set; ranges in 'X triệu' like prices. */
export function salaryDisplay(
  v: { salaryMin: number | null; salaryMax: number | null; salaryText?: string | null },
  format: (vnd: number) => string,
): string {
  if (v.salaryText?.trim()) return v.salaryText.trim();
  const { salaryMin: min, salaryMax: max } = v;
  if (min !== null && max !== null) return min === max ? format(min) : `${format(min)} - ${format(max)}`;
  if (min !== null) return `Từ ${format(min)}`;
  if (max !== null) return `Đến ${format(max)}`;
  return 'Thỏa thuận';
}
