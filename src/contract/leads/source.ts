import { z } from 'zod';
import { CONTROL_CHARS, HOST_NAME } from '../patterns';

/**
 * Where a visitor came from, captured by the web app on the first page of the visit (sessionStorage)
 * and sent with every public lead form: the campaign's `utm_source` / `utm_campaign`, the referring
 * site's host name, or the chat (the advisor's hand-off to a person).
 */

export const LEAD_CHANNELS = ['CAMPAIGN', 'REFERRAL', 'CHAT', 'DIRECT'] as const;
export type LeadChannel = (typeof LEAD_CHANNELS)[number];
export const LEAD_CHANNEL_LABELS: Record<LeadChannel, string> = {
  CAMPAIGN: 'Chiến dịch quảng cáo (UTM)',
  REFERRAL: 'Trang web khác',
  CHAT: 'Chat tư vấn',
  DIRECT: 'Truy cập trực tiếp',
};
/** Leads sent before sources were recorded. */
export const UNKNOWN_SOURCE_LABEL = 'Chưa ghi nhận';

export const SOURCE_LIMITS = { utm: 100, host: 253 } as const;

export const SOURCE_MESSAGES = {
  utmSource: `Nguồn chiến dịch (utm_source) tối đa ${SOURCE_LIMITS.utm} ký tự, không chứa ký tự điều khiển`,
  utmCampaign: `Tên chiến dịch (utm_campaign) tối đa ${SOURCE_LIMITS.utm} ký tự, không chứa ký tự điều khiển`,
  referrer: 'Trang giới thiệu phải là tên miền (ví dụ: google.com)',
} as const;

const utm = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ message })
      .trim()
      .max(SOURCE_LIMITS.utm, { message })
      .refine((v) => !CONTROL_CHARS.test(v), { message })
      .optional(),
  );

export const leadSourceInput = z
  .object({
    utmSource: utm(SOURCE_MESSAGES.utmSource),
    utmCampaign: utm(SOURCE_MESSAGES.utmCampaign),
    referrer: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().toLowerCase()) : v),
      z
        .string({ message: SOURCE_MESSAGES.referrer })
        .regex(HOST_NAME, { message: SOURCE_MESSAGES.referrer })
        .optional(),
    ),
  })
  .optional()
  .nullable()
  .transform((v) => v ?? undefined);
export type LeadSourceInput = z.input<typeof leadSourceInput>;
export type LeadSource = z.output<typeof leadSourceInput>;

/** The channel a lead came through: the chat first, then a campaign, a referring site, or none. */
export function leadChannel(s: {
  chat?: boolean;
  utmSource?: string | null;
  utmCampaign?: string | null;
  referrer?: string | null;
}): LeadChannel {
  if (s.chat) return 'CHAT';
  if (s.utmSource || s.utmCampaign) return 'CAMPAIGN';
  if (s.referrer) return 'REFERRAL';
  return 'DIRECT';
}

export const leadSourceViewSchema = z.object({
  channel: z.enum(LEAD_CHANNELS),
  /** "Chiến dịch quảng cáo (UTM) · facebook / tet-2026", "Trang web khác · google.com", "Chat tư vấn". */
  label: z.string(),
  utmSource: z.string().nullable(),
  utmCampaign: z.string().nullable(),
  referrer: z.string().nullable(),
});
export type LeadSourceView = z.infer<typeof leadSourceViewSchema>;

export function leadSourceLabel(s: Omit<LeadSourceView, 'label'>): string {
  const detail =
    s.channel === 'CAMPAIGN'
      ? [s.utmSource, s.utmCampaign].filter(Boolean).join(' / ')
      : s.channel === 'REFERRAL'
        ? s.referrer
        : s.channel === 'CHAT' && (s.utmSource || s.referrer)
          ? `đến từ ${s.utmSource ?? s.referrer}`
          : '';
  return detail ? `${LEAD_CHANNEL_LABELS[s.channel]} · ${detail}` : LEAD_CHANNEL_LABELS[s.channel];
}
