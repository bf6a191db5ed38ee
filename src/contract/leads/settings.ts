import { z } from 'zod';

/**
 * How the showroom handles new leads (web configuration, "Xử lý yêu cầu khách hàng"): the response
 * target counted in opening hours, and which lead types are handed out automatically, in turn, to the
 * staff marked "nhận yêu cầu".
 */
export const leadHandlingSettings = z.object({
  responseTargetMinutes: z.coerce
    .number({ message: 'Thời gian phản hồi phải là số phút' })
    .int({ message: 'Thời gian phản hồi phải là số phút nguyên' })
    .min(1, { message: 'Thời gian phản hồi từ 1 đến 1.440 phút' })
    .max(1440, { message: 'Thời gian phản hồi từ 1 đến 1.440 phút' }),
  autoAssign: z.object({
    TEST_DRIVE: z.boolean({ message: 'Giá trị tự động giao việc không hợp lệ' }),
    MAINTENANCE: z.boolean({ message: 'Giá trị tự động giao việc không hợp lệ' }),
    CONSULTING: z.boolean({ message: 'Giá trị tự động giao việc không hợp lệ' }),
    // Added later: a settings form of an older page may leave it out.
    PURCHASE: z.boolean({ message: 'Giá trị tự động giao việc không hợp lệ' }).default(false),
  }),
});
export type LeadHandlingSettings = z.infer<typeof leadHandlingSettings>;

export const DEFAULT_LEAD_HANDLING: LeadHandlingSettings = {
  responseTargetMinutes: 15,
  autoAssign: { TEST_DRIVE: false, MAINTENANCE: false, CONSULTING: false, PURCHASE: false },
};
